import type { Field } from '../model/index.ts';
import { catalogEntry } from '../records/catalog.ts';
import type { ChangeDraft } from '../records/change.ts';
import { contentWords, shareFoundIn } from './content-words.ts';

/**
 * A new table row and a new paragraph of its section that says what the row says ("the
 * keys `a`, `b` and `c` are reserved for trace propagation" beside the row "`a`, `b`, `c` |
 * Trace propagation") are one change: the row's field records. The paragraph names in
 * code exactly the row's keys, nothing else, and has nearly all the words of the row's
 * description; each of the row's records keeps the paragraph (`after.prose`), so what only
 * the paragraph says ("as an exception to …") is still there to read.
 */
const TAKEN_SHARE = 0.75;

/** `newFields`: the newer page's fields, where a record's row description is read. */
export function foldRowProse(drafts: readonly ChangeDraft[], newFields: readonly Field[]): ChangeDraft[] {
  const rows = addedRows(drafts, newFields);
  const told = new Map<ChangeDraft, string>();
  const dropped = new Set<ChangeDraft>();
  for (const prose of drafts) {
    if (prose.id !== 'prose-added' || !prose.after || prose.section.new === null) continue;
    const spans = new Set([...prose.after.text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
    const words = contentWords(prose.after.text);
    const row = rows.find((r) =>
      r.section === prose.section.new && r.keys.size === spans.size && [...spans].every((s) => r.keys.has(s)) &&
      shareFoundIn(contentWords(r.description), words) >= TAKEN_SHARE);
    // One paragraph per row: a second one saying the same would be a repetition of the page's own.
    if (!row || row.records.some((r) => told.has(r))) continue;
    dropped.add(prose);
    for (const record of row.records) told.set(record, prose.after.text);
  }
  return drafts
    .filter((d) => !dropped.has(d))
    .map((d) => (told.has(d) ? { ...d, after: { ...d.after!, prose: told.get(d)! } } : d));
}

interface AddedRow {
  section: string;
  line: number;
  keys: Set<string>;
  description: string;
  records: ChangeDraft[];
}

/** The field records of each table row that came whole, with the row's keys and description. */
function addedRows(drafts: readonly ChangeDraft[], newFields: readonly Field[]): AddedRow[] {
  const rows = new Map<string, AddedRow>();
  for (const draft of drafts) {
    const entry = catalogEntry(draft.id);
    if (entry.kind !== 'schema-field' || entry.action !== 'added' || !draft.after || draft.after['origin'] !== 'table' || draft.section.new === null) continue;
    const field = newFields.find((f) => f.origin === 'table' && f.line === draft.after!.line && f.path === draft.after!['path']);
    if (!field?.description) continue;
    const id = `${draft.section.new}\u0000${field.line}`;
    const row = rows.get(id) ?? { section: draft.section.new, line: field.line, keys: new Set<string>(), description: field.description, records: [] };
    row.keys.add(field.name);
    row.records.push(draft);
    rows.set(id, row);
  }
  // A row of which some keys were there before is no new row: its paragraph may say more than the keys that came.
  return [...rows.values()].filter((row) => newFields.filter((f) => f.origin === 'table' && f.line === row.line).length === row.keys.size);
}
