import type { Change, DiffReport } from '../../src/index.ts';
import { contentHash, parsePage, type PageReading, type SpecDocument } from '../../src/site-entry.ts';
import { buildDiffView, type DiffView, type MovedSection } from './align.ts';
import { cached } from './cache.ts';
import { pageReport, pairData, readingOf, type PairData } from './reports.ts';
import { findPair, pageOfPair, pageText, type PairPage } from './spec.ts';

/**
 * A diff page's data: the page's part of its pair's revision report (reports.ts), and the
 * side-by-side view that report's records are annotated on. The view is laid out from the
 * two texts and cached by their hashes and the records placed on it.
 */

export interface PageDiff {
  /** The page's view of the pair's revision report (`pageOfRevision`): its records, the changes touching it. */
  report: DiffReport;
  view: DiffView;
  status: 'changed' | 'unchanged' | 'added' | 'removed' | 'moved';
  /** The page's id on each side (they differ when it moved or became a folder's index). */
  page: PairPage;
  /** How the revision report read the page. */
  reading: PageReading | undefined;
  /** A page split off an older page: the page and section it was compared with. */
  splitFrom: { page: string; heading: string } | null;
  /** Sections this page lost to pages split off it: heading → the new page's key. */
  movedOut: MovedSection[];
  /** Whether record i is annotated on this page's side-by-side view (the schema's own records are listed on the pair page). */
  annotated: boolean[];
}

/** The diff page of `key` (a page id of the older side, or of the newer one for a new page) in a revision pair. */
export async function pageDiff(oldRevision: string, newRevision: string, key: string): Promise<PageDiff> {
  const pair = findPair(oldRevision, newRevision);
  const page = pageOfPair(pair, key);
  if (!page) throw new Error(`neither ${oldRevision} nor ${newRevision} has the page ${key}.`);
  return pageDiffOf(await pairData(pair), page);
}

const views = new Map<string, PageDiff>();

export function pageDiffOf(data: PairData, page: PairPage): PageDiff {
  const memo = `${data.pair.old}\0${data.pair.new}\0${page.key}`;
  const known = views.get(memo);
  if (known) return known;
  const report = pageReport(data, page);
  const reading = readingOf(data, page);
  const splitFrom = parseSplit(reading?.splitFrom);
  const newText = page.new === null ? null : pageText(data.pair.new, page.new);
  // A page split off an older one is shown against the section it came from: its text moved, it is not all new.
  const oldText = page.old !== null ? pageText(data.pair.old, page.old) : splitFrom && newText !== null ? sectionOnly(pageText(data.pair.old, splitFrom.page), splitFrom.heading, parsePage(newText)) : null;
  const movedOut = movedOutOf(data, page);
  const annotated = report.changes.map((c) => c.source !== 'schema');
  const placed = report.changes.map((c, i) => (annotated[i] ? placeable(c, page, splitFrom?.page ?? null) : { ...c, before: null, after: null }));
  const side = (text: string | null) => (text === null ? '-' : contentHash(text));
  const laidOut = cached(['view', side(oldText), side(newText), contentHash(JSON.stringify(placed)), JSON.stringify(movedOut)], () => buildDiffView(oldText, newText, placed, { movedOut }));
  // The schema's own records are annotated on the pair page: they have no place on this page's text.
  const view: DiffView = { ...laidOut, top: laidOut.top.filter((i) => annotated[i]) };
  const status = page.old === null ? 'added' : page.new === null ? 'removed' : page.moved ? 'moved' : report.changes.length || movedOut.length ? 'changed' : 'unchanged';
  const diff: PageDiff = { report, view, status, page, reading, splitFrom, movedOut, annotated };
  views.set(memo, diff);
  return diff;
}

function parseSplit(splitFrom: string | undefined): PageDiff['splitFrom'] {
  if (!splitFrom) return null;
  const cut = splitFrom.indexOf(' › ');
  return cut < 0 ? null : { page: splitFrom.slice(0, cut), heading: splitFrom.slice(cut + 3) };
}

/**
 * A record is placed on this page's text by its line. A record whose older side is on
 * another page (a rule that moved here from elsewhere) is placed by its newer side only: its
 * older line numbers another page's text.
 */
function placeable(change: Change, page: PairPage, splitSource: string | null): Change {
  const beforePage = change.before?.['page'];
  const ownOld = beforePage === undefined || beforePage === page.old || beforePage === page.new || beforePage === splitSource;
  return ownOld ? change : { ...change, before: change.before && { ...change.before, line: null } };
}

/**
 * The section (with its subsections) of a page as the page split off it was compared with
 * (revision/split-pages.ts): under the new page's title, its heading kept only when the new
 * page keeps it. Every other line is blanked rather than cut, so the records' line numbers
 * (the older page's) still point at the right blocks.
 */
export function sectionOnly(text: string, heading: string, newPage: SpecDocument): string {
  const doc = parsePage(text);
  const section = doc.sections.find((s) => s.heading === heading);
  if (!section) return '';
  const keepsHeading = newPage.sections.some((s) => s.parentId !== null && s.heading.trim().toLowerCase() === heading.trim().toLowerCase());
  const first = section.lines.start + (keepsHeading ? 0 : 1);
  const end = lastLineOf(doc, section.id);
  const lines = text.split('\n').map((line, i) => (i + 1 >= first && i + 1 <= end ? line : ''));
  // The new page's title, where blank lines leave room for it before the section.
  if (newPage.title && first > 4) lines.splice(0, 3, '---', `title: ${JSON.stringify(newPage.title)}`, '---');
  return lines.join('\n');
}

function lastLineOf(doc: SpecDocument, id: string): number {
  const section = doc.sections.find((s) => s.id === id)!;
  const children = doc.sections.filter((s) => s.parentId === id);
  return Math.max(section.lines.end, ...children.map((c) => lastLineOf(doc, c.id)));
}

/** The sections of this (older) page that pages split off it carried away, each with where it went. */
function movedOutOf(data: PairData, page: PairPage): MovedSection[] {
  if (page.old === null) return [];
  const out: MovedSection[] = [];
  for (const reading of data.report.pages ?? []) {
    const split = parseSplit(reading.splitFrom);
    if (split?.page === page.old) out.push({ heading: split.heading, to: data.pages.find((p) => p.new === reading.page)?.key ?? reading.page });
  }
  return out;
}
