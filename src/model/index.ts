import { hash as digest } from 'node:crypto';
import { buildDocument } from './build.ts';
import type { SpecDocument } from './document.ts';
import type { ParseOptions } from './keyword-case.ts';
import { openPageStore, type PageStore } from './page-store.ts';
import { clearFrontMatters } from './markdown.ts';
import { clearSectionCache } from './sections.ts';
import { withTreeScope } from './tree-cache.ts';

export type * from './document.ts';
export type { Diagnostic } from './diagnostic.ts';
export { withTreeScope } from './tree-cache.ts';
export type { ParseOptions } from './keyword-case.ts';

/**
 * Parsed pages by content hash: parsing dominates the cost of a diff, and the same page is
 * read again by every pair it belongs to (and by every rebuild of the site).
 */
const cache = new Map<string, SpecDocument>();
const CACHE_LIMIT = 512;
/** Parsed pages kept across runs (page-store.ts), when a caller asked for it. */
let store: PageStore | null = null;

export function parsePage(text: string, options: ParseOptions = {}): SpecDocument {
  const key = `${contentHash(text)}:${options.keywordCase ?? 'declared'}`;
  const cached = cache.get(key);
  if (cached) return cached;
  let document = store?.read(key) ?? null;
  if (!document) {
    document = buildDocument(text, options);
    store?.write(key, document);
  }
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, document);
  return document;
}

/**
 * Both sides of a diff, read in one tree scope (tree-cache.ts): a section the two texts
 * share is parsed once, however large they are.
 */
export function parsePagePair(oldText: string, newText: string, options: { old?: ParseOptions; new?: ParseOptions } = {}): { old: SpecDocument; new: SpecDocument } {
  return withTreeScope(() => ({ old: parsePage(oldText, options.old), new: parsePage(newText, options.new) }));
}

/**
 * Keeps parsed pages in `dir` across runs (null: only in memory, the default). The CLI's
 * revision diffs turn it on; a library caller decides for itself.
 */
export function usePageStore(dir: string | null): void {
  store = dir === null ? null : openPageStore(dir);
}

/** Forgets every parsed page (benchmarks measure cold runs with it). */
export function clearPageCache(): void {
  cache.clear();
  hashes.clear();
  hashedChars = 0;
  clearSectionCache();
  clearFrontMatters();
}

export function contentHash(text: string): string {
  let hash = hashes.get(text);
  if (hash === undefined) {
    hash = digest('sha256', text, 'hex');
    // A revision diff asks for each page's hash several times (its document, its pair's
    // result): a bounded memo hashes each page once without holding a long run's texts.
    if (hashedChars + text.length > HASHED_KEPT_CHARS) {
      hashes.clear();
      hashedChars = 0;
    }
    hashes.set(text, hash);
    hashedChars += text.length;
  }
  return hash;
}

const HASHED_KEPT_CHARS = 8_000_000;
const hashes = new Map<string, string>();
let hashedChars = 0;
