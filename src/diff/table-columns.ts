import type { ProseBlock } from '../model/index.ts';
import type { ChangeDraft } from '../records/change.ts';
import type { DiffContext } from './context.ts';

/**
 * A column added to a table of data (or removed from it) changes every row, but it is one
 * change: "column ETW added", not each row "reworded". Rows of one table whose only change is
 * the cells of columns the header gained (or lost), every other header kept in order, are one
 * record naming the columns; a row that changed besides keeps its own record.
 */
export function foldTableColumns(drafts: readonly ChangeDraft[], ctx: DiffContext): ChangeDraft[] {
  const oldRows = rowsByLine(ctx.old.prose);
  const newRows = rowsByLine(ctx.new.prose);
  const tables = new Map<string, { before: ProseBlock; after: ProseBlock; drafts: ChangeDraft[] }>();
  for (const draft of drafts) {
    if (draft.id !== 'prose-changed' || !draft.before || !draft.after) continue;
    const before = oldRows.get(draft.before.line ?? -1);
    const after = newRows.get(draft.after.line ?? -1);
    if (!before?.table || !after?.table || before.text !== draft.before.text || after.text !== draft.after.text) continue;
    const key = `${before.table.line}\u0000${after.table.line}`;
    const found = tables.get(key) ?? { before, after, drafts: [] };
    found.drafts.push(draft);
    tables.set(key, found);
  }
  const folded = new Map<ChangeDraft, ChangeDraft | null>();
  for (const { before, after, drafts: rows } of tables.values()) {
    const was = before.table!.header;
    const now = after.table!.header;
    const added = extraColumns(now, was);
    const removed = added ? null : extraColumns(was, now);
    const columns = added ?? removed;
    if (!columns) continue;
    const only = rows.filter((row) => sameCells(added ? without(cells(row.after!.text), columns) : cells(row.after!.text), removed ? without(cells(row.before!.text), columns) : cells(row.before!.text)));
    if (only.length < MIN_ROWS) continue;
    const names = columns.map((i) => (added ? now : was)[i]!).map((name) => `“${name}”`).join(', ');
    for (const row of only) folded.set(row, null);
    folded.set(only[0]!, {
      id: 'prose-changed',
      subject: `${columns.length > 1 ? 'Columns' : 'Column'} ${names} ${added ? 'added' : 'removed'}`,
      key: `table-columns ${was.join(' | ')}`,
      section: only[0]!.section,
      before: { text: was.join(' | '), line: before.table!.line },
      after: { text: now.join(' | '), line: after.table!.line },
      detail: { columns: names, columnsWere: added ? 'added' : 'removed', rows: String(only.length) },
    });
  }
  return drafts.flatMap((d) => {
    if (!folded.has(d)) return [d];
    const replaced = folded.get(d);
    return replaced ? [replaced] : [];
  });
}

/** One row is a column's worth of change: two or more rows make a column. */
const MIN_ROWS = 2;

function rowsByLine(prose: readonly ProseBlock[]): Map<number, ProseBlock> {
  return new Map(prose.filter((b) => b.table).map((b) => [b.line, b]));
}

/** The indexes of `more`'s columns that `fewer` lacks, every one of `fewer`'s kept in order; null when the headers differ otherwise. */
function extraColumns(more: readonly string[], fewer: readonly string[]): number[] | null {
  if (more.length <= fewer.length) return null;
  const extra: number[] = [];
  let at = 0;
  more.forEach((name, i) => {
    if (at < fewer.length && same(name, fewer[at]!)) at++;
    else extra.push(i);
  });
  return at === fewer.length ? extra : null;
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** A row's cells, as the page reader joined them (model/build.ts: " | "). */
function cells(text: string): string[] {
  return text.split(' | ').map((c) => c.trim());
}

function without(row: readonly string[], columns: readonly number[]): string[] {
  return row.filter((_, i) => !columns.includes(i));
}

function sameCells(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((cell, i) => same(cell, b[i]!));
}
