import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { Change, DiffReport } from '../../src/index.ts';
import { changeAnchors } from './page-view.ts';

/**
 * One search record per change: a diff page holds up to hundreds of records and Pagefind
 * would index it as one page, so a search would land at the top of a long page instead of
 * at the record. The records come from the JSON published beside every diff page (the
 * contract's report shape), each linked to its permanent anchor on that page.
 */
export interface ChangeSearchRecord {
  /** Site-relative, without the base path (Pagefind's search prefixes its baseUrl): "/diff/OLD/NEW/PAGE/#c-…". */
  url: string;
  content: string;
  language: 'en';
  meta: { title: string; pair: string; page: string; level: string; kind: string };
  filters: { type: string[]; level: string[]; pair: string[] };
}

/** The `type` filter's value for change records; revision pages say `spec page` in their markup. */
export const CHANGE_RECORD_TYPE = 'change';

/** Every change record of the diff pages under `dist/diff/`. */
export function changeSearchRecords(dist: string): ChangeSearchRecord[] {
  const root = join(dist, 'diff');
  if (!existsSync(root)) return [];
  return jsonFiles(root).flatMap((file) => recordsOfPage(dist, file));
}

function recordsOfPage(dist: string, file: string): ChangeSearchRecord[] {
  const report = JSON.parse(readFileSync(file, 'utf8')) as DiffReport;
  // A pair's JSON (no page on either side) repeats its pages' records; only a page's JSON sits beside a diff page.
  const page = report.new.page ?? report.old.page;
  const pagePath = relative(dist, file).split(sep).join('/').replace(/\.json$/, '/');
  if (page === null || !Array.isArray(report.changes) || !existsSync(join(dist, pagePath, 'index.html'))) return [];
  const pair = `${report.old.revision} → ${report.new.revision}`;
  const anchors = changeAnchors(report.changes);
  return report.changes.map((change, i) => ({
    url: `/${pagePath}#${anchors[i]}`,
    content: recordText(change),
    language: 'en',
    meta: { title: change.message, pair, page: pagePath.replace(/^diff\/[^/]+\/[^/]+\//, '').replace(/\/$/, ''), level: change.level, kind: change.kind },
    filters: { type: [CHANGE_RECORD_TYPE], level: [change.level], pair: [pair] },
  }));
}

/**
 * What a reader may type to find a record: its message, subject, sections and the text on
 * each side, each once (a subject often repeats a side's text, which would weigh its words double).
 */
function recordText(change: Change): string {
  const parts = [change.message, change.subject, change.section.old, change.section.new, change.before?.text, change.after?.text];
  return [...new Set(parts.filter((t): t is string => typeof t === 'string' && t.length > 0))].join('\n');
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  });
}
