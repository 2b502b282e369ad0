import { createHash } from 'node:crypto';
import { type RevisionInfo, contentHash } from '../../src/site-entry.ts';
import { cached } from './cache.ts';
import { pageDiff } from './diffs.ts';
import { totalOf } from './labels.ts';
import { decodeURIComponentSafe, readPage, renderPage, type PageMark, type PageMarks, type ReadPage, type RenderedPage } from './render.ts';
import { pageBlame, type Blame } from './since-when.ts';
import { hasPage, isPair, nextRevision, pageOfPair, pagesOf, pageText, revisionInfo, revisionPairs, specSet } from './spec.ts';
import { pairData } from './reports.ts';
import { href, paths } from './urls.ts';
import { pageIdOf, upstreamPageUrl, upstreamTemplate } from './spec-identity.ts';
import { matchFragment } from './fragments.ts';

/** The site's page id for an upstream spec path, trying `<path>` then `<path>/index`. */
function specPageId(revision: string, page: string): string | null {
  if (!revisionInfo(revision)) return null;
  // A spec whose page ids were made from file names (spec-identity.ts) links its pages by file name.
  for (const candidate of [page, `${page}/index`, page.replace(/\/index$/, ''), pageIdOf(decodeURIComponentSafe(page))]) {
    if (candidate && hasPage(revision, candidate)) return candidate;
  }
  return null;
}

/** The site page for an upstream spec path, trying `<path>` then `<path>/index`. */
export function resolveSpecPage(base: string, revision: string, page: string): string | null {
  if (!revisionInfo(revision)) return null;
  const id = specPageId(revision, page);
  if (id !== null) return href(base, paths.revisionPage(revision, id));
  return page === 'index' || page === '' ? href(base, paths.revision(revision)) : null;
}

/**
 * Pages read (render.ts `readPage`), by content hash: the same text in several revisions is
 * read once. A reading's tree is large (a generated reference page's is tens of MB), so only
 * the last few are kept; every page's ids are kept.
 */
const readings = new Map<string, ReadPage>();
const idsByText = new Map<string, string[]>();
const KEPT_READINGS = 12;

function readingOf(text: string): ReadPage {
  const key = contentHash(text);
  let read = readings.get(key);
  if (read) {
    readings.delete(key);
  } else {
    read = readPage(text);
    idsByText.set(key, read.ids);
    if (readings.size >= KEPT_READINGS) readings.delete(readings.keys().next().value!);
  }
  readings.set(key, read);
  return read;
}

function idsOf(text: string): string[] {
  return idsByText.get(contentHash(text)) ?? readingOf(text).ids;
}

/**
 * The ids of a spec page as its revision page renders them, for links from other pages:
 * from the page's reading, which its own rendering uses too (links do not change ids), so
 * two pages that link to each other never wait on one another.
 */
function specPageIds(revision: string, page: string): readonly string[] {
  const id = specPageId(revision, page);
  return id === null ? [] : idsOf(pageText(revision, id));
}

let pagesHashValue: string | null = null;

/** Every page and its text: a rendered page's links depend on which pages exist and on their heading ids. */
function pagesHash(): string {
  if (pagesHashValue !== null) return pagesHashValue;
  const hash = createHash('sha256');
  for (const [revision, pages] of specSet().pages) {
    hash.update(revision).update('\0');
    for (const page of pages) hash.update(page).update('=').update(contentHash(pageText(revision, page))).update('\0');
  }
  pagesHashValue = hash.digest('hex').slice(0, 16);
  return pagesHashValue;
}

/** A revision page rendered, with its "since when" marks (since-when.ts): every rule, method and schema field with the revision that introduced it and the one that last changed it. */
export async function renderRevisionPage(base: string, revision: string, page: string): Promise<RenderedPage> {
  const text = pageText(revision, page);
  const blame = await pageBlame(base, revision, page);
  const byLine = new Map([...blame.byLine].map(([line, list]) => [line, list.map(markOf)]));
  const byId = new Map([...blame.byId].map(([id, list]) => [id, list.map(markOf)]));
  const marks: PageMarks = {
    atLines: (start, end) => (start === end ? byLine.get(start) ?? [] : [...byLine].filter(([line]) => line >= start && line <= end).flatMap(([, list]) => list)),
    atId: (id) => byId.get(id) ?? [],
  };
  const marksHash = contentHash(JSON.stringify([[...byLine], [...byId]]));
  // Links resolve against the page upstream, so where that is (the spec's setting) keys the rendering too.
  const upstreamPage = upstreamPageUrl(revision, page);
  const upstream = upstreamTemplate();
  return cached(['render', contentHash(text), revision, page, base, pagesHash(), marksHash, upstreamPage, upstream], () =>
    renderPage(text, { revision, page, upstreamPage, upstreamTemplate: upstream, resolvePage: (r, p) => resolveSpecPage(base, r, p), pageIds: specPageIds, fragmentElsewhere: (f) => fragmentElsewhere(base, revision, page, f), marks }, readingOf(text)));
}

/** The first other page of the revision with an element `fragment` names, as a site link to it. */
function fragmentElsewhere(base: string, revision: string, page: string, fragment: string): string | null {
  for (const other of pagesOf(revision)) {
    if (other === page) continue;
    const id = matchFragment(fragment, specPageIds(revision, other));
    if (id !== null) return `${href(base, paths.revisionPage(revision, other))}#${encodeURIComponent(id)}`;
  }
  return null;
}

/** "MUST since 2025-06-18 · changed 2026-07-28", each revision linked to the step that shows it; a field's mark sits on its own row, which names it. */
function markOf({ label, blame, fields }: { label: string | null; blame: Blame; fields?: string | null }): PageMark {
  const parts: PageMark['parts'] = [{ text: 'since ', href: null }, { text: blame.introduced ?? 'an earlier revision', href: blame.introducedHref }];
  if (blame.changed) parts.push({ text: ' · changed ', href: null }, { text: blame.changed.revision, href: blame.changed.href });
  // A definition's mark speaks for its fields that share its history (since-when.ts).
  if (fields) parts.push({ text: ` (${fields})`, href: null });
  return { label, parts };
}

export interface Banner {
  status: RevisionInfo['status'];
  revision: RevisionInfo;
  latest: RevisionInfo | null;
  next: RevisionInfo | null;
  /** "What changed since": this revision → latest (superseded), or latest → this (draft). */
  compare: { label: string; url: string } | null;
  /** The same page in the latest revision, when this is not the latest and the latest has it. */
  latestPage: string | null;
  /** The same page in the next revision, with how many changes its diff counts on it. */
  nextPage: { url: string; diff: string; changes: number } | null;
}

/** The "which revision am I reading" banner's facts, for a page (or a whole revision when page is null). */
export async function bannerFor(base: string, revisionId: string, page: string | null): Promise<Banner> {
  const revision = revisionInfo(revisionId)!;
  const { latest } = specSet();
  const next = nextRevision(revisionId);
  let compare: Banner['compare'] = null;
  const link = (old: string, now: string) =>
    page === null ? href(base, paths.pair(old, now)) : href(base, paths.diff(old, now, pageOfPair({ old, new: now }, page)?.key ?? page));
  if (latest && revision.status === 'superseded' && isPair(revisionId, latest.id)) {
    // The "since" view: the same address keeps meaning "since this revision" when a new one ships.
    compare = { label: `What changed since ${revisionId}`, url: href(base, paths.since(revisionId, page)) };
  } else if (latest && revision.status === 'draft' && isPair(latest.id, revisionId)) {
    compare = { label: `What the draft changes since ${latest.id}`, url: link(latest.id, revisionId) };
  } else if (revision.status === 'superseded' && next && isPair(revisionId, next.id)) {
    compare = { label: `What changed in ${next.id}`, url: link(revisionId, next.id) };
  }
  const latestPage = latest && latest.id !== revisionId && page !== null && hasPage(latest.id, page) ? href(base, paths.revisionPage(latest.id, page)) : null;
  let nextPage: Banner['nextPage'] = null;
  const pair = next && page !== null && isPair(revisionId, next.id) ? pageOfPair({ old: revisionId, new: next.id }, page) : undefined;
  if (next && pair?.new) {
    nextPage = {
      url: href(base, paths.revisionPage(next.id, pair.new)),
      diff: href(base, paths.diff(revisionId, next.id, pair.key)),
      changes: totalOf((await pageDiff(revisionId, next.id, pair.key)).report.summary.impact),
    };
  }
  return { status: revision.status, revision, latest, next, compare, latestPage, nextPage };
}

/** Page ids of a revision grouped by their first path segment ("basic", "client"…). */
export function groupedPages(revision: string): { group: string; pages: string[] }[] {
  const groups = new Map<string, string[]>();
  for (const page of pagesOf(revision)) {
    const group = page.includes('/') ? page.slice(0, page.indexOf('/')) : '';
    groups.set(group, [...(groups.get(group) ?? []), page]);
  }
  return [...groups].map(([group, pages]) => ({ group, pages }));
}

/**
 * How much a revision page's text weighs in search (Pagefind weights): the latest's title
 * most (a feature's name finds its current page first), an older or draft revision's text
 * less, an informative page's (a changelog, an index) least: what changed is found in the
 * changes and the spec pages before the prose that announces it.
 */
export async function searchWeights(revision: string, page: string): Promise<{ title: number; body: number }> {
  const status = revisionInfo(revision)?.status;
  const step = revisionPairs().find((p) => p.adjacent && (p.new === revision || p.old === revision));
  const reading = step ? (await pairData(step)).report.pages?.find((r) => (step.new === revision ? r.new : r.old) === page) : undefined;
  if (reading?.informative) return { title: 2, body: 0.3 };
  return status === 'latest' ? { title: 10, body: 1 } : { title: 6, body: 0.8 };
}
