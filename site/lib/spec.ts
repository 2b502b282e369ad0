import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageFileName, pairPages, type Lock, type RevisionInfo } from '../../src/site-entry.ts';
import { snapshotsDir } from './env.ts';
import { readSiteLock } from './lock.ts';

/**
 * What the site is built from: the revisions and pages recorded in snapshots.lock.json
 * and the page bodies beside it. Nothing here knows any page or revision by name.
 */
export interface SpecSet {
  dir: string;
  revisions: RevisionInfo[];
  latest: RevisionInfo | null;
  /** Page ids per revision (Markdown pages only), sorted. */
  pages: Map<string, string[]>;
  /** Revisions that have a schema.json. */
  schemas: Set<string>;
  /** The lock itself: where each page came from. */
  lock: Lock;
}

let cached: SpecSet | null = null;

export function specSet(): SpecSet {
  if (cached) return cached;
  const dir = snapshotsDir();
  const lock = readSiteLock(dir);
  const pages = new Map<string, string[]>();
  const schemas = new Set<string>();
  for (const revision of lock.revisions) pages.set(revision.id, []);
  for (const entry of lock.pages) {
    if (entry.page.endsWith('.json')) {
      if (entry.page === 'schema.json') schemas.add(entry.revision);
      continue;
    }
    pages.get(entry.revision)!.push(entry.page);
  }
  for (const list of pages.values()) list.sort();
  const revisions = lock.revisions.map((r) => ({ ...r }));
  cached = { dir, revisions, latest: revisions.find((r) => r.status === 'latest') ?? null, pages, schemas, lock };
  return cached;
}

export function pagesOf(revision: string): string[] {
  return specSet().pages.get(revision) ?? [];
}

export function hasPage(revision: string, page: string): boolean {
  return pagesOf(revision).includes(page);
}

export function revisionInfo(id: string): RevisionInfo | undefined {
  return specSet().revisions.find((r) => r.id === id);
}

const texts = new Map<string, string>();

export function pageText(revision: string, page: string): string {
  const key = `${revision}\0${page}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = readFileSync(join(specSet().dir, revision, pageFileName(page)), 'utf8');
    texts.set(key, text);
  }
  return text;
}

export function schemaText(revision: string): string | null {
  return specSet().schemas.has(revision) ? readFileSync(join(specSet().dir, revision, 'schema.json'), 'utf8') : null;
}

export interface RevisionPair {
  old: string;
  new: string;
  /** Neighbours in the timeline (true) or a revision compared with the latest (false). */
  adjacent: boolean;
}

/** Adjacent revisions, then every older released revision against the latest. */
export function revisionPairs(): RevisionPair[] {
  const { revisions, latest } = specSet();
  const pairs: RevisionPair[] = [];
  for (let i = 0; i + 1 < revisions.length; i++) pairs.push({ old: revisions[i]!.id, new: revisions[i + 1]!.id, adjacent: true });
  if (latest) {
    const latestIndex = revisions.indexOf(latest);
    for (const revision of revisions.slice(0, Math.max(0, latestIndex - 1))) pairs.push({ old: revision.id, new: latest.id, adjacent: false });
  }
  return pairs;
}

/** The revision that came after this one, if any. */
export function nextRevision(id: string): RevisionInfo | null {
  const { revisions } = specSet();
  const index = revisions.findIndex((r) => r.id === id);
  return index >= 0 ? revisions[index + 1] ?? null : null;
}

export function previousRevision(id: string): RevisionInfo | null {
  const { revisions } = specSet();
  const index = revisions.findIndex((r) => r.id === id);
  return index > 0 ? revisions[index - 1]! : null;
}

/**
 * A page of a revision pair: its id on each side (the same page may have moved, or become a
 * folder's index) and the key its diff page lives under. The key is the older id, so links
 * written against the older revision (badges, "what changed since") keep working.
 */
export interface PairPage {
  key: string;
  old: string | null;
  new: string | null;
  moved: boolean;
}

const pairPageCache = new Map<string, PairPage[]>();

/** Every page of either side of a pair, paired as `specdelta diff OLD NEW` pairs them, sorted by key. */
export function pagesOfPair(pair: { old: string; new: string }): PairPage[] {
  const cacheKey = `${pair.old}\0${pair.new}`;
  let pages = pairPageCache.get(cacheKey);
  if (!pages) {
    const read = (side: 'old' | 'new', page: string) => pageText(side === 'old' ? pair.old : pair.new, page);
    pages = pairPages(pagesOf(pair.old), pagesOf(pair.new), read)
      .map((p) => ({ key: (p.old ?? p.new)!, old: p.old, new: p.new, moved: p.how === 'moved' }))
      .sort((a, b) => a.key.localeCompare(b.key));
    pairPageCache.set(cacheKey, pages);
  }
  return pages;
}

/** The page of a pair that has `page` on either side, if any. */
export function pageOfPair(pair: { old: string; new: string }, page: string): PairPage | undefined {
  return pagesOfPair(pair).find((p) => p.key === page) ?? pagesOfPair(pair).find((p) => p.old === page || p.new === page);
}

/** The pair the site builds for two revisions; throws for two it does not compare. */
export function findPair(oldRevision: string, newRevision: string): RevisionPair {
  const pair = revisionPairs().find((p) => p.old === oldRevision && p.new === newRevision);
  if (!pair) throw new Error(`the site does not compare ${oldRevision} with ${newRevision}.`);
  return pair;
}

export function isPair(oldRevision: string, newRevision: string): boolean {
  return revisionPairs().some((p) => p.old === oldRevision && p.new === newRevision);
}
