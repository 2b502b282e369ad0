import { clearPageCache, contentHash, parsePagePair, type Diagnostic, type ParseOptions } from '../model/index.ts';
import type { Change } from '../records/change.ts';
import { outlineOf, type PageOutline } from '../model/outline.ts';
import { diffDocuments } from './page.ts';
import { clearNormalizedText } from './similarity.ts';

export type * from '../records/change.ts';
export { summarize } from '../records/change.ts';

export interface PageDiffResult {
  changes: Change[];
  diagnostics: { old: Diagnostic[]; new: Diagnostic[] };
  /** Each side's outline (sections with their lines, terms), to group the records into changes. */
  outlines?: { old: PageOutline; new: PageOutline };
}

/**
 * Results by the content hashes of both sides: the site, the detector and the revision
 * diff ask for the same pairs again and again. Records are plain data; callers get copies.
 */
const results = new Map<string, PageDiffResult>();
const RESULT_LIMIT = 1024;

/** How each side is read: a revision's keyword case holds for pages that do not declare it themselves. */
export interface PageDiffOptions {
  old?: ParseOptions;
  new?: ParseOptions;
}

/** Diffs two page texts (Markdown or MDX). Parsed models and results are cached by content hash. */
export function diffPageTexts(oldText: string, newText: string, options: PageDiffOptions = {}): PageDiffResult {
  const key = `${contentHash(oldText)}:${contentHash(newText)}:${options.old?.keywordCase ?? ''}:${options.new?.keywordCase ?? ''}`;
  let result = results.get(key);
  if (!result) {
    const { old: oldDoc, new: newDoc } = parsePagePair(oldText, newText, options);
    result = { changes: diffDocuments(oldDoc, newDoc), diagnostics: { old: oldDoc.diagnostics, new: newDoc.diagnostics }, outlines: { old: outlineOf(oldDoc), new: outlineOf(newDoc) } };
    if (results.size >= RESULT_LIMIT) results.delete(results.keys().next().value!);
    results.set(key, result);
  }
  return structuredClone(result);
}

/** Forgets cached results and parsed pages, for cold-run measurements. */
export function clearDiffCache(): void {
  results.clear();
  clearPageCache();
  clearNormalizedText();
}
