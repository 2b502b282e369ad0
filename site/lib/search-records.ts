import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Change, DiffReport, SpecChange } from '../../src/index.ts';
import { wholeQuote } from './messages.ts';
import { plainText } from './segments.ts';
import { paths } from './urls.ts';
import { newestPageLabel } from './spec-identity.ts';

/**
 * One search document per change (search-index.ts indexes them): a change is what a reader
 * looks for, so it is found once, at the step that made it, and not again in every
 * catch-up pair that repeats it. Documents are built from the JSON published beside each
 * diff page (the CLI's report of that page: its records and the changes touching it), as
 * HTML whose weights rank a change by what it is: its title and the names it is about
 * strongly, editorial rewordings weakly, so a field's change comes before its rewordings.
 * Every text from the spec is escaped here.
 */
export interface ChangeSearchDocument {
  /** Site-relative, without the base path (Pagefind's search prefixes its baseUrl): "/diff/OLD/NEW/PAGE/#c-…". */
  url: string;
  /** The HTML Pagefind reads (`addHTMLFile`). */
  content: string;
  /** The change it stands for. */
  id: string;
}

/** The `type` filter's value for changes; revision pages say `spec page`, timelines `timeline` in their markup. */
export const CHANGE_RECORD_TYPE = 'change';

/** Weights (Pagefind: 0–10, squared in the ranking) by impact: a reworded sentence says less about a name than a new field does. */
const TITLE_WEIGHT = { breaking: 4, 'opt-in': 4, 'non-breaking': 4, editorial: 1.5 } as const;
const NAMES_WEIGHT = { breaking: 4, 'opt-in': 4, 'non-breaking': 4, editorial: 1 } as const;
/**
 * A change about one or two names is a strong hit for each; one that gathers many (a feature's
 * shapes, fields and capability together) is less about any one of them, and should not
 * outrank the feature's own page for the words they share. The weight shrinks with the root of
 * the count beyond one, to no less than 1.
 */
function namesWeight(impact: keyof typeof NAMES_WEIGHT, count: number): string {
  return String(Math.max(1, Math.round((NAMES_WEIGHT[impact] / Math.sqrt(Math.max(1, count - 1))) * 10) / 10));
}
const BODY_WEIGHT = { breaking: 0.6, 'opt-in': 0.6, 'non-breaking': 0.6, editorial: 0.3 } as const;

/**
 * Every change of the adjacent pairs (`adjacent` holds "OLD/NEW"), once: from the diff
 * page of its home page, linked to the record it is titled after.
 */
export function changeSearchDocuments(dist: string, adjacent: ReadonlySet<string>): ChangeSearchDocument[] {
  const root = join(dist, 'diff');
  if (!existsSync(root)) return [];
  const pages = jsonFiles(root).flatMap((file) => pageOf(dist, file));
  const seen = new Set<string>();
  const out: ChangeSearchDocument[] = [];
  for (const pair of [...new Set(pages.map((p) => p.pair))]) {
    if (!adjacent.has(pair)) continue;
    const ofPair = pages.filter((p) => p.pair === pair);
    // Where each record is shown: the diff page whose JSON lists it.
    const shownOn = new Map<string, { path: string; record: Change }>();
    // The schema's own records are annotated on the pair page (diffs.ts), a page's on its diff page.
    const pairPath = `diff/${pair}/`;
    for (const page of ofPair) for (const record of page.report.changes) if (!shownOn.has(record.fingerprint)) shownOn.set(record.fingerprint, { path: record.source === 'schema' ? pairPath : page.path, record });
    for (const page of ofPair) {
      for (const change of page.report.grouped ?? []) {
        // Listed on every page it touches; kept once, from its home page (or the first that lists it).
        if (seen.has(change.id) || (change.page !== page.id && ofPair.some((p) => p.id === change.page))) continue;
        seen.add(change.id);
        const records = change.records.map((f) => shownOn.get(f)).filter((r): r is { path: string; record: Change } => r !== undefined);
        const lead = records[0];
        const url = lead ? `/${lead.path}#${paths.changeAnchor(lead.record.fingerprint)}` : `/${page.path}`;
        out.push({ url, content: changeHtml(change, records.map((r) => r.record), page), id: change.id });
      }
    }
  }
  return out;
}

interface PageJson {
  /** "diff/OLD/NEW/PAGE/" */
  path: string;
  /** "OLD/NEW" */
  pair: string;
  /** The page's id in the report (the newer id, or the older for a page that went). */
  id: string;
  report: DiffReport;
}

function pageOf(dist: string, file: string): PageJson[] {
  const report = JSON.parse(readFileSync(file, 'utf8')) as DiffReport;
  // A pair's JSON (no page on either side) repeats its pages' records; only a page's JSON sits beside a diff page.
  const id = report.new.page ?? report.old.page;
  const path = relative(dist, file).split(sep).join('/').replace(/\.json$/, '/');
  if (id === null || !Array.isArray(report.changes) || !existsSync(join(dist, path, 'index.html'))) return [];
  return [{ path, pair: `${report.old.revision}/${report.new.revision}`, id, report }];
}

function changeHtml(change: SpecChange, records: readonly Change[], page: PageJson): string {
  const { impact } = change;
  const names = [...new Set(records.flatMap((r) => namesOf(r)))];
  const body = [...new Set(records.flatMap((r) => [r.message, r.before?.text, r.after?.text]).filter((t): t is string => typeof t === 'string' && t.length > 0))];
  const pair = `${page.report.old.revision} → ${page.report.new.revision}`;
  const title = plainText(wholeQuote(change.title, records[0]));
  return [
    '<html lang="en"><body>',
    `<main data-pagefind-body data-pagefind-filter="type:${CHANGE_RECORD_TYPE}">`,
    `<h1 data-pagefind-weight="${TITLE_WEIGHT[impact]}">${escapeHtml(title)}</h1>`,
    names.length ? `<p data-pagefind-weight="${namesWeight(impact, names.length)}">${escapeHtml(names.join(' '))}</p>` : '',
    `<div data-pagefind-weight="${BODY_WEIGHT[impact]}">${body.map((t) => `<p>${escapeHtml(plainText(t))}</p>`).join('')}</div>`,
    `<span data-pagefind-meta="title" hidden>${escapeHtml(title)}</span>`,
    `<span data-pagefind-meta="pair" hidden>${escapeHtml(pair)}</span>`,
    `<span data-pagefind-meta="page" hidden>${escapeHtml(newestPageLabel(change.page ?? page.id))}</span>`,
    `<span data-pagefind-meta="level" hidden>${impact}</span>`,
    `<span data-pagefind-filter="level" hidden>${impact}</span>`,
    `<span data-pagefind-filter="pair" hidden>${escapeHtml(pair)}</span>`,
    '</main></body></html>',
  ].join('');
}

/** Kinds of record whose subject is a name (a field path, a method, a code): a rule's or a paragraph's subject is its sentence. */
const NAMED_KINDS = new Set(['schema-field', 'message', 'error-code', 'capability', 'definition', 'term']);

/** What a record is about, as a reader may type it: the name it is about and the code its message names, with a dotted or slashed name's parts (`params.requestedSchema` → `requestedSchema`). */
function namesOf(record: Change): string[] {
  const subject = NAMED_KINDS.has(record.kind) && record.subject.length <= 120 ? [record.subject] : [];
  const code = record.kind === 'prose' || record.kind === 'section' ? [] : [...record.message.matchAll(/`([^`]{1,120})`/g)].map((m) => m[1]!);
  return [...subject, ...code].flatMap((name) => [name, ...name.split(/[.[\]{}/"]+/).filter((part) => part.length > 2 && part !== name)]);
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}
