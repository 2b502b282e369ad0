import type { TableRow } from './markdown.ts';

/**
 * Which tables list fields, and which column says what, read from the table's structure
 * rather than from one spelling of its header: a column of identifiers (the field names),
 * beside a type column and/or a description column. Specs head that first column
 * `Field Name`, `Attribute`, `Member`, `Parameter`…; the structure is what they share.
 */

interface FieldColumns {
  name: number;
  type: number;
  description: number;
  required: number;
  options: number;
}

/** Header words that name the identifier column outright (a catalog of what field tables call it). */
const NAME_HEADER = /^(?:[\w-]+\s+)?(?:field|name|parameter|property|key|attribute|member|argument|option|setting)(?:\s+name)?s?$/;
const TYPE_HEADER = /\btype\b/;
const DESCRIPTION_HEADER = /\b(?:description|meaning|notes?|summary|definition|explanation|purpose|semantics)\b/;
const REQUIRED_HEADER = /\b(?:required|requirement|mandatory|optional|presence|cardinality)\b/;
const OPTIONS_HEADER = /^(?:options|values|allowed values|enum)$/;

/** A field name as a cell shows it: one token, maybe in code, maybe with a marker (`name*`, `^x-`, `{name}`). */
const IDENTIFIER = /^[\p{L}_$@^{<\[][\p{L}\p{N}_$@.\-\[\]{}<>^*/:]*$/u;

function isIdentifierCell(cell: string): boolean {
  const text = cell.trim().replace(/^[`"']|[`"']$/g, '');
  return text.length > 0 && text.length <= 64 && IDENTIFIER.test(text) && !/^\d+$/.test(text);
}

/**
 * What may stand between the keys of a cell that names several ("`a`, `b` and `c`",
 * "`a`<br>`b`", "`a` / `b`", "`a` or `b`"): list punctuation and conjunctions, nothing that
 * says more about one of them.
 */
const KEY_LIST_SEPARATORS = /^(?:[\s,;/&|]|\band\b|\bor\b)*$/i;

/** Between plain-text keys only commas and conjunctions part them ("a/b" may be one key). */
const PLAIN_KEY_SEPARATOR = /\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+/i;

/**
 * The keys a row's name cell names: one, or several when the cell lists them (each of its
 * code spans, with only separators between). A cell that says more than a list ("`x`
 * (deprecated)") names its first code span, as a plain cell names its text.
 */
export function cellNames(row: TableRow, at: number): string[] {
  const spans = row.spans[at] ?? [];
  const cell = row.cells[at]?.trim() ?? '';
  if (spans.length > 1 && spans.every(isIdentifierCell) && KEY_LIST_SEPARATORS.test(outsideSpans(cell, spans))) return [...new Set(spans)];
  if (spans[0] !== undefined) return [spans[0]];
  if (!cell) return [];
  const parts = cell.split(PLAIN_KEY_SEPARATOR).filter((p) => p.length > 0);
  return parts.length > 1 && parts.every(isIdentifierCell) ? [...new Set(parts)] : [cell];
}

/** The cell's text with its code spans (as inline text renders them, in backticks) taken out. */
function outsideSpans(cell: string, spans: readonly string[]): string {
  let rest = '';
  let at = 0;
  for (const span of spans) {
    const found = cell.indexOf(`\`${span}\``, at);
    if (found === -1) return cell;
    rest += `${cell.slice(at, found)} `;
    at = found + span.length + 2;
  }
  return rest + cell.slice(at);
}

/** The columns of a field table, or null when the table lists something else. */
export function fieldColumns(header: readonly string[], rows: readonly TableRow[]): FieldColumns | null {
  if (header.length < 2 || rows.length === 0) return null;
  const find = (pattern: RegExp, except: number[] = []) => header.findIndex((h, i) => !except.includes(i) && pattern.test(h.trim()));
  const named = header.some((h) => NAME_HEADER.test(h.trim()));
  const name = pickNameColumn(header, rows);
  if (name === -1) return null;
  const type = find(TYPE_HEADER, [name]);
  // Without a header naming the fields, only a type column tells a field list from a table
  // of values (log levels, categories, a compatibility matrix).
  if (!named && type === -1) return null;
  let description = find(DESCRIPTION_HEADER, [name, type]);
  // No description header: the column with the longest texts is the one that describes.
  if (description === -1) description = longestTextColumn(rows, header.length, [name, type]);
  if (type === -1 && description === -1) return null;
  return { name, type, description, required: find(REQUIRED_HEADER, [name, type, description]), options: find(OPTIONS_HEADER, [name, type, description]) };
}

function pickNameColumn(header: readonly string[], rows: readonly TableRow[]): number {
  const identifiers = (i: number) => rows.filter((row) => isIdentifierCell(row.spans[i]?.[0] ?? row.cells[i] ?? '')).length;
  // A telling header still needs names under it (a "Variables" column of JSON values is no field list)…
  const named = header.findIndex((h) => NAME_HEADER.test(h.trim()));
  if (named !== -1) return identifiers(named) >= 0.8 * rows.length ? named : -1;
  // …and without one, the first column whose every row is one identifier (a column of types is not one of names).
  return header.findIndex((h, i) => !TYPE_HEADER.test(h) && identifiers(i) === rows.length);
}

function longestTextColumn(rows: readonly TableRow[], width: number, except: number[]): number {
  let best = -1;
  let bestLength = 0;
  for (let i = 0; i < width; i++) {
    if (except.includes(i)) continue;
    const average = rows.reduce((sum, row) => sum + (row.cells[i]?.length ?? 0), 0) / rows.length;
    // A column of single words is a value column, not a description.
    if (average > bestLength && average >= 20) [best, bestLength] = [i, average];
  }
  return best;
}

/**
 * Whether a row's field is required: a requiredness column (`Yes`, `Required`, `✓`), else
 * the description's own words (`**REQUIRED**.`, "Optional."), else the table's lead-in
 * ("… MUST contain:"); null when nothing says.
 */
export function requirednessOf(row: TableRow, columns: FieldColumns, leadInRequired: boolean): boolean | null {
  const flag = columns.required >= 0 ? row.cells[columns.required]?.trim().toLowerCase() ?? '' : '';
  if (flag) {
    if (/^(?:yes|y|true|required|mandatory|must|✓|✔|x|1(?:\.\.\S+)?)$/.test(flag)) return true;
    if (/^(?:no|n|false|optional|may|-|–|0\.\.\S+)$/.test(flag) || /\boptional\b/.test(flag)) return false;
  }
  const description = columns.description >= 0 ? row.cells[columns.description] ?? '' : '';
  if (/^\W*REQUIRED\b/.test(description)) return true;
  if (/\boptional\b/i.test(description)) return false;
  return leadInRequired ? true : null;
}

/** A table of error codes: a column of integers (its first, or one headed "error code") beside a column naming or explaining each. */
export function errorCodeColumns(header: readonly string[], rows: readonly TableRow[]): { code: number; name: number } | null {
  if (header.length < 2 || rows.length === 0) return null;
  // The codes are what the table lists: its first column, or a column headed as error codes ("| Status | Code |" lists statuses).
  const code = header.findIndex((h, i) => (i === 0 || /\berror\b/.test(h)) && /\bcode\b/.test(h) && rows.every((row) => /^-?\d+$/.test((row.cells[i] ?? '').replace(/`/g, '').trim())));
  if (code === -1) return null;
  const name = header.findIndex((_, i) => i !== code && rows.every((row) => isIdentifierCell(row.spans[i]?.[0] ?? row.cells[i] ?? '')));
  return { code, name };
}

/**
 * A table whose first column names things ("| Event | Explanation |", "| Error Code |
 * Meaning |", "| Status | … |") defines those things, one per row: the first column's cells
 * are short names, none repeated, and another column describes them (a header naming a
 * description, or texts long enough to). A table of data or examples (values beside values,
 * a matrix of yes and no) has no such column and defines nothing. Read after the field and
 * error-code tables, which are the same pattern with more to say.
 */
export function namedEntryColumns(header: readonly string[], rows: readonly TableRow[]): { name: number; description: number } | null {
  if (header.length < 2 || rows.length === 0) return null;
  const names = rows.map((row) => nameOfCell(row, 0));
  if (names.some((n) => n === null) || new Set(names.map((n) => n!.toLowerCase())).size !== names.length) return null;
  // A header that is itself a value (a matrix read across), or that heads values and examples, names no kind of thing.
  const what = header[0]!.replace(/[`*]/g, '').trim();
  if (!/^[\p{L}][\p{L}\s_-]{0,40}$/u.test(what) || /\b(?:values?|examples?|inputs?|outputs?|results?|samples?|scenarios?|cases?)\b/i.test(what)) return null;
  // Quoted strings and numbers are values, not names.
  if (rows.some((row) => /^["'\d-]/.test((row.spans[0]?.[0] ?? row.cells[0] ?? '').trim()))) return null;
  let description = header.findIndex((h, i) => i > 0 && DESCRIPTION_HEADER.test(h.trim()));
  if (description === -1) description = longestTextColumn(rows, header.length, [0]);
  if (description === -1) return null;
  return { name: 0, description };
}

/** A name as the first column writes it: its first code span, or its text when short (a few words, no sentence). */
export function nameOfCell(row: TableRow, at: number): string | null {
  const span = row.spans[at]?.[0];
  const cell = (row.cells[at] ?? '').trim();
  if (span !== undefined && cell.replace(/`/g, '').trim().length <= span.length + 24) return span;
  if (!cell || cell.length > 48 || cell.split(/\s+/).length > 5 || /[.!?]$/.test(cell)) return null;
  return cell.replace(/[*_`]/g, '').trim() || null;
}
