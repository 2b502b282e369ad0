import type { DiffReport, ImpactSummary, SpecChange } from '../../src/index.ts';
import { summarizeImpacts } from '../../src/site-entry.ts';
import { diffPageOf } from './diff-page.ts';
import { pairData, type PairData } from './reports.ts';
import { pageOfPair, pagesOf, revisionPairs, specSet, type PairPage, type RevisionPair } from './spec.ts';
import { checklistGroups, type RoleGroup } from './triage.ts';
import { pairView } from './pair-view.ts';

/**
 * "What changed since REV" for a page (or the whole spec): from a released revision to the
 * latest, whichever that is when the site is built, so `/since/REV/PAGE/` keeps its meaning
 * when a new revision ships. It is the report of REV against the latest read in one go: each
 * change once, and a change made and undone in between is in neither revision, so not in it.
 * Each change says the step it was made in (the adjacent pair whose report has the same
 * change id; ids are stable across pairs), when one step made it.
 */

export interface SinceView {
  revision: string;
  latest: string;
  /** The page's id in `revision`, or null for the whole specification. */
  page: string | null;
  /** The adjacent pairs from `revision` to the latest: how many revisions behind it is. */
  steps: RevisionPair[];
  /** The page's key in each step's pair (it may move from step to step), or null once it is gone; empty for the whole spec. */
  stepKeys: Map<RevisionPair, string | null>;
  /** `revision` against the latest (null when `revision` is the latest). */
  direct: PairData | null;
  /** The page in that pair (null for the whole spec, or when `revision` is the latest). */
  pairPage: PairPage | null;
  /** The page's part of that report (the whole report for the whole spec). */
  report: DiffReport | null;
  /** The changes counted for the page (at home on it), in report order. */
  changes: SpecChange[];
  impact: ImpactSummary;
  /** The step each change was made in, by change id, when one step made it. */
  stepOf: Map<string, RevisionPair>;
  parties: string[];
  /** Each party's checklist: the breaking changes it must act on. */
  checklists: Map<string, RoleGroup[]>;
}

/** The released revisions a "since" view is built for (the latest too: its view says it is current), and their pages. */
export function sinceTargets(): { revision: string; page: string | null }[] {
  const { revisions, latest } = specSet();
  if (!latest) return [];
  const released = revisions.slice(0, revisions.indexOf(latest) + 1);
  return released.flatMap((r) => [{ revision: r.id, page: null }, ...pagesOf(r.id).map((page) => ({ revision: r.id, page }))]);
}

/** The adjacent pairs from `revision` up to the latest. */
export function stepsSince(revision: string): RevisionPair[] {
  const { revisions, latest } = specSet();
  if (!latest) return [];
  const from = revisions.findIndex((r) => r.id === revision);
  const to = revisions.indexOf(latest);
  return revisionPairs().filter((p) => p.adjacent && revisions.findIndex((r) => r.id === p.old) >= from && revisions.findIndex((r) => r.id === p.new) <= to);
}

const views = new Map<string, Promise<SinceView>>();

export function sinceView(revision: string, page: string | null): Promise<SinceView> {
  const key = `${revision}\0${page ?? ''}`;
  let view = views.get(key);
  if (!view) {
    view = build(revision, page);
    views.set(key, view);
  }
  return view;
}

async function build(revision: string, page: string | null): Promise<SinceView> {
  const latest = specSet().latest!.id;
  const steps = stepsSince(revision);
  const directPair = revisionPairs().find((p) => p.old === revision && p.new === latest) ?? null;
  const empty = summarizeImpacts([]);
  // The page followed from step to step under the id it has in each.
  const stepKeys = new Map<RevisionPair, string | null>();
  let id: string | null = page;
  for (const step of page === null ? [] : steps) {
    const pairPage = id === null ? undefined : pageOfPair(step, id);
    stepKeys.set(step, pairPage?.key ?? null);
    id = pairPage?.new ?? null;
  }
  if (directPair === null) {
    return { revision, latest, page, steps, stepKeys, direct: null, pairPage: null, report: null, changes: [], impact: empty, stepOf: new Map(), parties: [], checklists: new Map() };
  }
  const direct = await pairData(directPair);
  const pairPage = page === null ? null : pageOfPair(directPair, page) ?? null;
  const report = pairPage === null ? direct.report : diffPageOf(direct, pairPage.key).report;
  const home = pairPage === null ? report.grouped : diffPageOf(direct, pairPage.key).sections.flatMap((s) => s.changes);
  const changes = report.grouped.filter((c) => home.includes(c) && !c.informative);
  const stepOf = new Map<string, RevisionPair>();
  for (const step of steps) {
    const ids = new Set((await pairData(step)).report.grouped.map((c) => c.id));
    for (const change of changes) {
      if (!ids.has(change.id)) continue;
      // Made in two steps (or undone and made again): no single step to name.
      if (stepOf.has(change.id)) stepOf.set(change.id, { ...step, adjacent: false });
      else stepOf.set(change.id, step);
    }
  }
  for (const [id, step] of stepOf) if (!step.adjacent) stepOf.delete(id);
  const { parties } = await pairView(directPair);
  return {
    revision, latest, page, steps, stepKeys, direct, pairPage, report, changes,
    impact: summarizeImpacts(changes),
    stepOf,
    parties,
    checklists: new Map(parties.map((role) => [role, checklistGroups(changes, parties, role)])),
  };
}
