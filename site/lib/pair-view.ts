import type { ImpactSummary, SpecChange } from '../../src/index.ts';
import { partiesOf, summarizeImpacts } from '../../src/site-entry.ts';
import { diffPageOf } from './diff-page.ts';
import { pairData, reportPageOf, type PairData } from './reports.ts';
import type { PairPage, RevisionPair } from './spec.ts';
import { checklistGroups, triageGroups, type RoleGroup } from './triage.ts';

/**
 * The numbers and lists of a pair page, all from the pair's revision report: the headline
 * (changes by impact), one row per page counting the changes at home there (so the rows
 * add up to the headline), the triage, and each party's checklist.
 */

export interface PairRow {
  page: PairPage;
  status: 'changed' | 'unchanged' | 'added' | 'removed' | 'moved';
  /** Changes at home on the page, by impact (informative ones not counted). */
  impact: ImpactSummary;
  /** Records on the page (the evidence), counted or not. */
  records: number;
  /** Set when the report judged the page informative (its changes are not counted): why. */
  informative: string | null;
}

export interface PairView {
  data: PairData;
  headline: ImpactSummary;
  /** Every page of the pair (changed first, most breaking first), then the schema's own changes when it has any. */
  rows: PairRow[];
  /** Changes whose home is the schema and that no page row holds (a spec whose schema has no reference page). */
  schemaRow: ImpactSummary | null;
  parties: string[];
  triage: RoleGroup[];
  /** Each party's checklist, by party: the breaking changes it must act on. */
  checklists: Map<string, RoleGroup[]>;
}

const views = new Map<string, Promise<PairView>>();

export function pairView(pair: RevisionPair): Promise<PairView> {
  const key = `${pair.old}\0${pair.new}`;
  let view = views.get(key);
  if (!view) {
    view = pairData(pair).then(viewOf);
    views.set(key, view);
  }
  return view;
}

function viewOf(data: PairData): PairView {
  const { report } = data;
  const rows = data.pages.map((page): PairRow => {
    const diff = diffPageOf(data, page.key);
    const id = reportPageOf(page);
    return {
      page,
      status: diff.status,
      impact: diff.report.summary.impact,
      records: diff.report.changes.length,
      informative: report.pages?.find((p) => p.page === id && p.informative)?.reason ?? null,
    };
  });
  const onRows = new Set(data.pages.map(reportPageOf));
  const homeless = report.grouped.filter((c) => c.page === null || !onRows.has(c.page));
  const total = (s: ImpactSummary) => s.breaking + s['opt-in'] + s['non-breaking'] + s.editorial;
  rows.sort((a, b) => Number(a.status === 'unchanged') - Number(b.status === 'unchanged') || b.impact.breaking - a.impact.breaking || b.impact['opt-in'] - a.impact['opt-in'] || total(b.impact) - total(a.impact) || a.page.key.localeCompare(b.page.key));
  const parties = partiesOf(report.changes);
  const checklists = new Map(parties.map((role) => [role, checklistGroups(report.grouped, parties, role)]));
  return {
    data,
    headline: report.summary.impact,
    rows,
    schemaRow: homeless.length > 0 ? summarizeImpacts(homeless) : null,
    parties,
    triage: triageGroups(report.grouped, parties),
    checklists,
  };
}

/** The changes of a role group, flattened in group order. */
export function changesOf(groups: readonly RoleGroup[]): SpecChange[] {
  return groups.flatMap((g) => g.changes);
}
