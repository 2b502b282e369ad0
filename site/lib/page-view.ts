import type { Change, ChangeSummary, SpecChange } from '../../src/index.ts';
import type { DiffView, RowView, SectionView } from './align.ts';
import { KIND_LABEL, PRIMARY_KINDS } from './labels.ts';
import { paths } from './urls.ts';

/**
 * What a diff page renders, grouped: unchanged sections and long runs of unchanged blocks
 * collapse. A section cut across parts of a long page (parts.ts) comes back as several
 * groups; `continued` numbers the ones after its first (2, 3…).
 */
export type SectionGroup = { type: 'section'; section: SectionView; rows: RowGroup[]; continued?: number } | { type: 'collapsed'; sections: { section: SectionView; rows: RowGroup[] }[] };
export type RowGroup = { type: 'row'; row: RowView } | { type: 'collapsed'; rows: RowView[] };

/** Runs of at least this many unchanged, unannotated blocks fold inside a changed section. */
const FOLD_ROWS = 4;

export function groupRows(rows: RowView[]): RowGroup[] {
  const out: RowGroup[] = [];
  let run: RowView[] = [];
  const flush = () => {
    if (run.length >= FOLD_ROWS) out.push({ type: 'collapsed', rows: run });
    else out.push(...run.map((row): RowGroup => ({ type: 'row', row })));
    run = [];
  };
  for (const row of rows) {
    if (row.status === 'same' && row.changes.length === 0) run.push(row);
    else {
      flush();
      out.push({ type: 'row', row });
    }
  }
  flush();
  return out;
}

export function groupSections(view: DiffView): SectionGroup[] {
  const out: SectionGroup[] = [];
  for (const section of view.sections) {
    const rows = section.changed ? groupRows(section.rows) : section.rows.map((row): RowGroup => ({ type: 'row', row }));
    if (section.changed) {
      out.push({ type: 'section', section, rows });
      continue;
    }
    const last = out.at(-1);
    if (last?.type === 'collapsed') last.sections.push({ section, rows });
    else out.push({ type: 'collapsed', sections: [{ section, rows }] });
  }
  return out;
}

/** Whether any row of these groups shows a JSON example diffed as data (with a line view to toggle to). */
export function hasStructuralCode(groups: readonly SectionGroup[]): boolean {
  const rowHas = (row: RowView) => row.old?.lineCode !== undefined || row.new?.lineCode !== undefined;
  const rowsHave = (rows: readonly RowGroup[]) => rows.some((g) => (g.type === 'row' ? rowHas(g.row) : g.rows.some(rowHas)));
  return groups.some((g) => (g.type === 'section' ? rowsHave(g.rows) : g.sections.some((s) => rowsHave(s.rows))));
}

/** DOM ids for the changes: the fingerprint, made unique should two records share one. */
export function changeAnchors(changes: readonly Change[]): string[] {
  const seen = new Map<string, number>();
  return changes.map((c) => {
    const id = paths.changeAnchor(c.fingerprint);
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    return n === 1 ? id : `${id}-${n}`;
  });
}

/** The kind filters of a page: the primary kinds always, then every other kind present, with counts. */
export function kindFilters(changes: readonly Change[]): { kind: string; label: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const c of changes) counts.set(c.kind, (counts.get(c.kind) ?? 0) + 1);
  const kinds = [...PRIMARY_KINDS, ...Object.keys(KIND_LABEL).filter((k) => !PRIMARY_KINDS.includes(k as never) && counts.has(k))];
  return kinds.map((kind) => ({ kind, label: (KIND_LABEL as Record<string, string>)[kind] ?? kind, count: counts.get(kind) ?? 0 }));
}

export function total(summary: ChangeSummary): number {
  return summary.breaking + summary['non-breaking'] + summary.editorial;
}

/** "SHOULD → MUST", "string → number": what a change's two sides add to its message. */
export function changeDetail(change: Change): string | null {
  const parts: string[] = [];
  if (change.before?.keyword && change.after?.keyword && change.before.keyword !== change.after.keyword) parts.push(`${change.before.keyword} → ${change.after.keyword}`);
  if (change.levelReason) parts.push(change.levelReason);
  return parts.length ? parts.join(' · ') : null;
}

export function changeWhere(change: Change): string | null {
  return change.section.new ?? change.section.old ?? null;
}

/** The change each record belongs to, by the record's fingerprint. */
export function changeOwners(changes: readonly SpecChange[]): Map<string, SpecChange> {
  const owners = new Map<string, SpecChange>();
  for (const change of changes) for (const fingerprint of change.records) owners.set(fingerprint, change);
  return owners;
}
