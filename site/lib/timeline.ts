import type { ImpactSummary, SpecChange } from '../../src/index.ts';
import { summarizeImpacts, type ChangeSection } from '../../src/site-entry.ts';
import { diffPageOf } from './diff-page.ts';
import { pairData } from './reports.ts';
import { pagesOf, pagesOfPair, revisionPairs, specSet, type PairPage, type RevisionPair } from './spec.ts';

/**
 * A page's story across the revisions: the same page followed from pair to pair (the
 * revision report pairs a page with its older self even when it moved), each step with the
 * changes counted on it, grouped by the changelog item that announced them, and where the
 * page stands now. Nothing here knows a page by name.
 */

/** One page followed through the revisions: its id in each revision it is in, oldest first. */
export interface Lineage {
  ids: { revision: string; page: string }[];
  /** Its newest id: the timeline's address. */
  key: string;
}

export interface TimelineStep {
  pair: RevisionPair;
  page: PairPage;
  status: 'changed' | 'unchanged' | 'added' | 'removed' | 'moved';
  impact: ImpactSummary;
  records: number;
  /** The changes counted on the page in this step, the changelog's items first. */
  sections: ChangeSection[];
  /** Set when the page was split off another in this step: that page and section. */
  splitFrom: { page: string; heading: string } | null;
  /** Sections this page lost to pages split off it in this step. */
  movedOut: { heading: string; to: string }[];
}

export type Standing =
  | { kind: 'latest'; revision: string; page: string }
  | { kind: 'draft-changes'; revision: string; changes: number }
  | { kind: 'draft-only'; revision: string }
  | { kind: 'removed'; revision: string }
  | { kind: 'renamed'; revision: string; from: string; to: string }
  | { kind: 'split'; revision: string; heading: string; to: string }
  | { kind: 'split-off'; revision: string; from: string; heading: string };

export interface Timeline {
  lineage: Lineage;
  steps: TimelineStep[];
  standing: Standing[];
  /** Every change counted on the page across the steps, by impact. */
  total: ImpactSummary;
}

let cachedLineages: Lineage[] | null = null;

/** Every page's lineage: each page of each revision followed into the next revision by the adjacent pairs. */
export function lineages(): Lineage[] {
  if (cachedLineages) return cachedLineages;
  const next = new Map<string, { revision: string; page: string }>();
  const reached = new Set<string>();
  const node = (revision: string, page: string) => `${revision}\0${page}`;
  for (const pair of revisionPairs().filter((p) => p.adjacent)) {
    for (const page of pagesOfPair(pair)) {
      if (page.old === null || page.new === null) continue;
      next.set(node(pair.old, page.old), { revision: pair.new, page: page.new });
      reached.add(node(pair.new, page.new));
    }
  }
  const out: Lineage[] = [];
  for (const revision of specSet().revisions) {
    for (const page of pagesOf(revision.id)) {
      if (reached.has(node(revision.id, page))) continue;
      const ids = [{ revision: revision.id, page }];
      for (let at = next.get(node(revision.id, page)); at; at = next.get(node(at.revision, at.page))) ids.push(at);
      out.push({ ids, key: ids.at(-1)!.page });
    }
  }
  cachedLineages = out;
  return out;
}

/** The lineage a page id's timeline shows: the one whose newest id it is, else the newest one it is in. */
export function lineageOf(page: string): Lineage | undefined {
  const all = lineages();
  return [...all].reverse().find((l) => l.key === page) ?? [...all].reverse().find((l) => l.ids.some((i) => i.page === page));
}

/** Every address a timeline is built at: each lineage's newest id, and each older id (linked from older pages). */
export function timelineKeys(): { key: string; lineage: Lineage }[] {
  const out = new Map<string, Lineage>();
  for (const lineage of lineages()) out.set(lineage.key, lineage);
  for (const lineage of lineages()) for (const { page } of lineage.ids) if (!out.has(page)) out.set(page, lineage);
  return [...out].map(([key, lineage]) => ({ key, lineage }));
}

const timelines = new Map<Lineage, Promise<Timeline>>();

export function timelineOf(lineage: Lineage): Promise<Timeline> {
  let found = timelines.get(lineage);
  if (!found) {
    found = build(lineage);
    timelines.set(lineage, found);
  }
  return found;
}

async function build(lineage: Lineage): Promise<Timeline> {
  const { revisions, latest } = specSet();
  const idIn = new Map(lineage.ids.map((i) => [i.revision, i.page]));
  const steps: TimelineStep[] = [];
  const standing: Standing[] = [];
  for (const pair of revisionPairs().filter((p) => p.adjacent)) {
    const oldId = idIn.get(pair.old) ?? null;
    const newId = idIn.get(pair.new) ?? null;
    if (oldId === null && newId === null) continue;
    const data = await pairData(pair);
    const page = data.pages.find((p) => p.old === oldId && p.new === newId) ?? data.pages.find((p) => (oldId !== null && p.old === oldId) || (newId !== null && p.new === newId));
    if (!page) continue;
    const diff = diffPageOf(data, page.key);
    const counted = diff.sections.flatMap((s) => s.changes).filter((c: SpecChange) => !c.informative);
    steps.push({ pair, page, status: diff.status, impact: summarizeImpacts(counted), records: diff.report.changes.length, sections: diff.sections, splitFrom: diff.splitFrom, movedOut: diff.movedOut });
    if (diff.splitFrom) standing.push({ kind: 'split-off', revision: pair.new, from: diff.splitFrom.page, heading: diff.splitFrom.heading });
    for (const moved of diff.movedOut) standing.push({ kind: 'split', revision: pair.new, heading: moved.heading, to: moved.to });
    if (oldId !== null && newId !== null && oldId !== newId) standing.push({ kind: 'renamed', revision: pair.new, from: oldId, to: newId });
  }
  const last = lineage.ids.at(-1)!;
  const draft = revisions.find((r) => r.status === 'draft');
  if (latest && idIn.has(latest.id)) {
    standing.unshift({ kind: 'latest', revision: latest.id, page: idIn.get(latest.id)! });
    const draftStep = draft ? steps.find((s) => s.pair.new === draft.id) : undefined;
    if (draft && draftStep && idIn.has(draft.id)) {
      const changes = draftStep.sections.flatMap((s) => s.changes).length;
      if (changes > 0) standing.push({ kind: 'draft-changes', revision: draft.id, changes });
    }
  } else if (draft && lineage.ids.every((i) => i.revision === draft.id)) {
    standing.unshift({ kind: 'draft-only', revision: draft.id });
  } else {
    const gone = revisions[revisions.findIndex((r) => r.id === last.revision) + 1];
    if (gone) standing.unshift({ kind: 'removed', revision: gone.id });
  }
  const total = summarizeImpacts(steps.filter((s) => !draft || s.pair.new !== draft.id).flatMap((s) => s.sections.flatMap((x) => x.changes)));
  return { lineage, steps, standing, total };
}

/**
 * Whether a revision page is the one search finds for its page: the newest released
 * revision the page is in (or the draft, for a page only the draft has). Older revisions of
 * a page are reached from its timeline; searching them too would list one page once per
 * revision and push the changes and the timeline down.
 */
export function searchedRevision(revision: string, page: string): boolean {
  const lineage = lineages().find((l) => l.ids.some((i) => i.revision === revision && i.page === page));
  if (!lineage) return false;
  const released = lineage.ids.filter((i) => specSet().revisions.find((r) => r.id === i.revision)?.status !== 'draft');
  const newest = (released.length > 0 ? released : lineage.ids).at(-1)!;
  return newest.revision === revision && newest.page === page;
}
