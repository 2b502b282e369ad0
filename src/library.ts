import { makeBadge, renderHtml, renderMarkdown, renderSvg, type BadgeSpec } from './badge/badge.ts';
import { summarize, type ChangeSummary } from './records/change.ts';
import { groupChanges, summarizeImpacts, type GroupingOptions, type ImpactSummary, type SpecChange } from './changes/index.ts';
import { groupingOf } from './changes/config.ts';
import type { Change } from './records/change.ts';
import { diffPageTexts } from './diff/index.ts';
import { findSpecConfig } from './revision/spec-config.ts';
import { diffRevisionTrees } from './revision/revisions.ts';
import { folderTree, type RevisionTree } from './input/revision-tree.ts';
import type { Diagnostic } from './model/diagnostic.ts';
import { diffSchemaTexts, type SchemaDiffOptions } from './schema/diff.ts';

/**
 * The library's verbs, as a user calls them: texts in, the contract's records out. The CLI
 * adds reading inputs and rendering reports around the same functions.
 */

export interface DiffResult {
  /** Records by level (the contract's `summary`), and changes by impact (`impact`). */
  summary: ChangeSummary & { impact: ImpactSummary };
  /** The contract's records, ordered by position in the new document. */
  changes: Change[];
  /** The records grouped into changes: each real difference once, with its impact, roles and reason. */
  grouped: SpecChange[];
  /** Problems in the documents (an unclosed fence, invalid JSON), with lines; never thrown. */
  diagnostics: { old: Diagnostic[]; new: Diagnostic[] };
}

/** The changes a result's records make, and both summaries. `outlines` places records in their sections. */
function resultOf(result: { changes: Change[]; diagnostics: DiffResult['diagnostics'] }, grouping: GroupingOptions = {}): DiffResult {
  const grouped = groupChanges(result.changes, grouping);
  return { summary: { ...summarize(result.changes), impact: summarizeImpacts(grouped) }, changes: result.changes, grouped, diagnostics: result.diagnostics };
}

/** Two pages (Markdown or MDX texts). */
export function diffPages(oldText: string, newText: string): DiffResult {
  const result = diffPageTexts(oldText, newText);
  const outlines = result.outlines;
  return resultOf(result, { outlines: outlines ? (_page, side) => outlines[side] : undefined });
}

/** Two JSON Schema texts (a revision's schema.json). */
export function diffSchemas(oldText: string, newText: string, options: SchemaDiffOptions = {}): DiffResult {
  return resultOf(diffSchemaTexts(oldText, newText, options));
}

/** Two whole revisions: every page (paired across moves) and the schemas. A string is a folder. */
export async function diffRevisions(oldRevision: RevisionTree | string, newRevision: RevisionTree | string): Promise<DiffResult> {
  const tree = (side: RevisionTree | string) => (typeof side === 'string' ? folderTree(side) : side);
  // A folder's own specdelta.config.json (inside or beside it) applies, as on the command line.
  const config = typeof newRevision === 'string' ? findSpecConfig(newRevision) : undefined;
  const diff = await diffRevisionTrees(tree(oldRevision), tree(newRevision), config);
  return resultOf(diff, { ...groupingOf(config ?? {}), outlines: (page, side) => diff.outlines[side][page] });
}

export type BadgeFormat = { format: 'svg' } | { format: 'markdown' | 'html'; /** Where the SVG is served. */ imageUrl: string };

/** A revision badge as SVG, or as a Markdown or HTML snippet that shows the SVG at `imageUrl`. */
export function renderBadge(spec: BadgeSpec, as: BadgeFormat = { format: 'svg' }): string {
  const badge = makeBadge(spec);
  switch (as.format) {
    case 'svg': return renderSvg(badge);
    case 'markdown': return renderMarkdown(badge, as.imageUrl);
    case 'html': return renderHtml(badge, as.imageUrl);
  }
}
