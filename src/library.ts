import { summarize, type ChangeSummary } from './records/change.ts';
import { groupChanges, summarizeImpacts, type GroupingOptions, type ImpactSummary, type SpecChange } from './changes/index.ts';
import type { Change } from './records/change.ts';
import { diffPageTexts } from './diff/index.ts';
import { reportRevisions } from './report/revision-report.ts';
import { loadSpecConfig, type SpecConfig } from './config/index.ts';
import { folderTree, type RevisionTree } from './input/revision-tree.ts';
import type { Diagnostic } from './model/diagnostic.ts';
import { diffSchemaTexts, type SchemaDiffOptions } from './schema/diff.ts';

/**
 * The library's verbs, as a user calls them: texts in, the contract's records out. The CLI
 * adds reading inputs and rendering reports around the same functions. The GitHub Action
 * calls them from here, so its bundle holds the differ and not the badges (badge/render.ts).
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

/**
 * Two whole revisions: every page (paired across moves) and the schemas. A string is a
 * folder, read with its own specdelta.config.json (inside or beside it), as on the command
 * line; `config` overrides it. The changes carry the newer revision's changelog items.
 */
export async function diffRevisions(oldRevision: RevisionTree | string, newRevision: RevisionTree | string, config?: SpecConfig): Promise<DiffResult> {
  const folders = [newRevision, oldRevision].filter((side): side is string => typeof side === 'string');
  const settings = config ?? loadSpecConfig({ folders, cwd: process.cwd() }).config;
  const tree = (side: RevisionTree | string) => (typeof side === 'string' ? folderTree(side, { schema: settings.schema }) : side);
  const { summary, changes, grouped, diagnostics } = await reportRevisions(tree(oldRevision), tree(newRevision), { config: settings });
  return { summary, changes, grouped, diagnostics };
}
