import { summarize, type ChangeSummary } from './diff/change.ts';
import type { Change } from './diff/change.ts';
import { diffPageTexts } from './diff/index.ts';
import { findSpecConfig } from './diff/revision/spec-config.ts';
import { diffRevisionTrees } from './diff/revisions.ts';
import { folderTree, type RevisionTree } from './input/revision-tree.ts';
import type { Diagnostic } from './model/diagnostic.ts';
import { diffSchemaTexts, type SchemaDiffOptions } from './schema/diff.ts';

/**
 * The library's verbs, as a user calls them: texts in, the contract's records out. The CLI
 * adds reading inputs and rendering reports around the same functions. The GitHub Action
 * calls them from here, so its bundle holds the differ and not the badges (badge/render.ts).
 */

export interface DiffResult {
  summary: ChangeSummary;
  /** The contract's records, ordered by position in the new document. */
  changes: Change[];
  /** Problems in the documents (an unclosed fence, invalid JSON), with lines; never thrown. */
  diagnostics: { old: Diagnostic[]; new: Diagnostic[] };
}

const withSummary = (result: { changes: Change[]; diagnostics: DiffResult['diagnostics'] }): DiffResult => ({
  summary: summarize(result.changes),
  changes: result.changes,
  diagnostics: result.diagnostics,
});

/** Two pages (Markdown or MDX texts). */
export function diffPages(oldText: string, newText: string): DiffResult {
  return withSummary(diffPageTexts(oldText, newText));
}

/** Two JSON Schema texts (a revision's schema.json). */
export function diffSchemas(oldText: string, newText: string, options: SchemaDiffOptions = {}): DiffResult {
  return withSummary(diffSchemaTexts(oldText, newText, options));
}

/** Two whole revisions: every page (paired across moves) and the schemas. A string is a folder. */
export async function diffRevisions(oldRevision: RevisionTree | string, newRevision: RevisionTree | string): Promise<DiffResult> {
  const tree = (side: RevisionTree | string) => (typeof side === 'string' ? folderTree(side) : side);
  // A folder's own specdelta.config.json (inside or beside it) applies, as on the command line.
  const config = typeof newRevision === 'string' ? findSpecConfig(newRevision) : undefined;
  return withSummary(await diffRevisionTrees(tree(oldRevision), tree(newRevision), config));
}
