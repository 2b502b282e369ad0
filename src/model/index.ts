import { createHash } from 'node:crypto';
import { buildDocument } from './build.ts';
import type { SpecDocument } from './document.ts';
import type { ParseOptions } from './keyword-case.ts';
import { clearSectionCache } from './sections.ts';

export type * from './document.ts';
export type { Diagnostic } from './diagnostic.ts';
export { formatDiagnostic } from './diagnostic.ts';
export { keywordCaseDeclared, keywordCaseOfPages, type KeywordCase, type ParseOptions } from './keyword-case.ts';

/**
 * Parsed pages by content hash: parsing dominates the cost of a diff, and the same page is
 * read again by every pair it belongs to (and by every rebuild of the site).
 */
const cache = new Map<string, SpecDocument>();
const CACHE_LIMIT = 512;

export function parsePage(text: string, options: ParseOptions = {}): SpecDocument {
  const key = `${contentHash(text)}:${options.keywordCase ?? 'declared'}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const document = buildDocument(text, options);
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  cache.set(key, document);
  return document;
}

/** Forgets every parsed page (benchmarks measure cold runs with it). */
export function clearPageCache(): void {
  cache.clear();
  clearSectionCache();
}

export function contentHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
