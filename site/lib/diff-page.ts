import type { SpecChange } from '../../src/index.ts';
import { changeSections, type ChangeSection } from '../../src/site-entry.ts';
import { pageDiffOf, type PageDiff } from './diffs.ts';
import { groupSections, type SectionGroup } from './page-view.ts';
import { diffParts } from './parts.ts';
import { pairData, reportPageOf, type PairData } from './reports.ts';
import { findPair, pageOfPair } from './spec.ts';

/**
 * Everything a diff page renders, once per page and build: its part of the pair's report,
 * the side-by-side view with unchanged sections folded, the parts it is split into, and its
 * changes laid out as every report lays them out (the changelog's items first).
 */

export interface DiffPageData extends PageDiff {
  groups: SectionGroup[];
  parts: SectionGroup[][];
  /** The part (1-based) each record is annotated in. */
  partOf: number[];
  /** The changes at home on this page, by changelog item, then unannounced (report/sections.ts). */
  sections: ChangeSection[];
  /** Changes at home on another page that have records here: listed, counted there. */
  elsewhere: SpecChange[];
}

const pages = new Map<string, DiffPageData>();

export async function diffPage(oldRevision: string, newRevision: string, key: string): Promise<DiffPageData> {
  const pair = findPair(oldRevision, newRevision);
  const page = pageOfPair(pair, key);
  if (!page) throw new Error(`neither ${oldRevision} nor ${newRevision} has the page ${key}.`);
  return diffPageOf(await pairData(pair), page.key);
}

export function diffPageOf(data: PairData, key: string): DiffPageData {
  const cacheKey = `${data.pair.old}\0${data.pair.new}\0${key}`;
  let found = pages.get(cacheKey);
  if (!found) {
    const page = data.pages.find((p) => p.key === key)!;
    const diff = pageDiffOf(data, page);
    const groups = groupSections(diff.view);
    // At home here: counted here (pageOfRevision counts a change on its home page only).
    const home = diff.report.grouped.filter((c) => c.page === reportPageOf(page));
    const elsewhere = diff.report.grouped.filter((c) => !home.includes(c));
    const sections = changeSections({ ...diff.report, grouped: home });
    // Part 1 holds the triage and the change list (each change with its records) above the side-by-side view.
    const listed = diff.report.grouped.length + diff.report.changes.length + diff.report.summary.impact.breaking;
    const { parts, partOf } = diffParts(diff.view, groups, diff.report.changes.length, listed);
    found = { ...diff, groups, parts, partOf, sections, elsewhere };
    pages.set(cacheKey, found);
  }
  return found;
}
