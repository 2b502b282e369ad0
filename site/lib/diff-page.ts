import type { ChangeSummary } from '../../src/index.ts';
import { summarize } from '../../src/index.ts';
import { pageDiff, schemaDiff, type PageDiff } from './diffs.ts';
import { groupSections, type SectionGroup } from './page-view.ts';
import { diffParts } from './parts.ts';
import { pagesOfPair } from './spec.ts';
import { partiesOf } from './triage.ts';

/**
 * Everything a diff page renders, once per page and build: the diff, its sections grouped
 * (unchanged ones folded), the parts it is split into, and its change list grouped by the
 * section each record is annotated in when the list is long.
 */

/** A change list longer than this is grouped by section, each group collapsed with its counts. */
export const GROUP_LIST_ABOVE = 100;

export interface ChangeGroup {
  /** The section's heading path ("Tools › CallToolRequest"), or null for records about the whole page. */
  label: string | null;
  changes: number[];
  summary: ChangeSummary;
}

export interface DiffPageData extends PageDiff {
  groups: SectionGroup[];
  parts: SectionGroup[][];
  /** The part (1-based) each record is annotated in. */
  partOf: number[];
  /** The change list by section, or null when it is short enough to read flat. */
  changeGroups: ChangeGroup[] | null;
}

const parties = new Map<string, Promise<string[]>>();

/**
 * The parties of a revision pair (triage.ts), read from all its records, pages and schema
 * (the schema's records carry the message directions): a page whose own records name no
 * direction still has its rules sorted by party.
 */
export function pairParties(oldRevision: string, newRevision: string): Promise<string[]> {
  const key = `${oldRevision}\0${newRevision}`;
  let found = parties.get(key);
  if (!found) {
    found = (async () => {
      const pageRecords = pagesOfPair({ old: oldRevision, new: newRevision }).flatMap((p) => pageDiff(oldRevision, newRevision, p.key).report.changes);
      return partiesOf([...pageRecords, ...((await schemaDiff(oldRevision, newRevision))?.changes ?? [])]);
    })();
    parties.set(key, found);
  }
  return found;
}

const pages = new Map<string, DiffPageData>();

export function diffPage(oldRevision: string, newRevision: string, key: string): DiffPageData {
  const cacheKey = `${oldRevision}\0${newRevision}\0${key}`;
  let data = pages.get(cacheKey);
  if (!data) {
    const diff = pageDiff(oldRevision, newRevision, key);
    const groups = groupSections(diff.view);
    // Part 1 holds the change list and the triage list above the side-by-side view.
    const listed = diff.report.changes.length + diff.report.summary.breaking;
    const { parts, partOf } = diffParts(diff.view, groups, diff.report.changes.length, listed);
    data = { ...diff, groups, parts, partOf, changeGroups: diff.report.changes.length > GROUP_LIST_ABOVE ? changeGroups(diff) : null };
    pages.set(cacheKey, data);
  }
  return data;
}

function changeGroups(diff: PageDiff): ChangeGroup[] {
  const changes = diff.report.changes;
  const group = (label: string | null, indices: number[]): ChangeGroup => ({ label, changes: indices, summary: summarize(indices.map((i) => changes[i]!)) });
  const out: ChangeGroup[] = [];
  if (diff.view.top.length > 0) out.push(group(null, diff.view.top));
  for (const section of diff.view.sections) {
    const indices = [...section.changes, ...section.rows.flatMap((r) => r.changes)];
    if (indices.length === 0) continue;
    const side = section.new ?? section.old!;
    out.push(group(side.path.length ? side.path.join(' › ') : side.heading.map((s) => s.text).join(''), indices));
  }
  return out;
}
