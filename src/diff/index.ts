import { parsePage, type Diagnostic } from '../model/index.ts';
import type { Change } from './change.ts';
import { diffDocuments } from './page.ts';

export type * from './change.ts';
export { atOrAbove, CHANGE_KINDS, CHANGE_LEVELS, summarize } from './change.ts';
export { catalogEntries, catalogEntry, type CatalogEntry } from './catalog.ts';
export { diffDocuments } from './page.ts';

export interface PageDiffResult {
  changes: Change[];
  diagnostics: { old: Diagnostic[]; new: Diagnostic[] };
}

/** Diffs two page texts (Markdown or MDX). Parsed models are cached by content hash. */
export function diffPageTexts(oldText: string, newText: string): PageDiffResult {
  const oldDoc = parsePage(oldText);
  const newDoc = parsePage(newText);
  return { changes: diffDocuments(oldDoc, newDoc), diagnostics: { old: oldDoc.diagnostics, new: newDoc.diagnostics } };
}
