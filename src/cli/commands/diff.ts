import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { atOrAbove, type Change, type ChangeLevel } from '../../diff/change.ts';
import { diffPageTexts } from '../../diff/index.ts';
import { diffRevisionFolders, diffRevisionTrees } from '../../diff/revisions.ts';
import { InputError, UsageError } from '../../errors.ts';
import { loadDocument, parseRevisionRef, type LoadedDocument } from '../../input/load.ts';
import type { RevisionTree } from '../../input/revision-tree.ts';
import type { Diagnostic } from '../../model/diagnostic.ts';
import { renderJson } from '../../report/json.ts';
import { MARKDOWN_BUDGET, renderMarkdown } from '../../report/markdown.ts';
import { makeReport, type DiffReport, type DocumentInfo } from '../../report/report.ts';
import { renderText } from '../../report/text.ts';
import { wantsColor, type CommandIO, type ExitCode } from '../io.ts';
import { count, urlLimits } from '../numbers.ts';
import { revisionTreesOf, treeInfo, type TreeOptions } from './diff-trees.ts';

export interface DiffOptions extends TreeOptions {
  format: 'text' | 'json' | 'markdown';
  failOn?: ChangeLevel;
  color?: boolean;
  quiet?: boolean;
  snapshots: string;
  /** Markdown only: the longest output; 0 for no limit. */
  maxChars?: string | number;
  /** URL inputs: the idle timeout in ms. */
  timeout?: string | number;
}

/** `specdelta diff OLD NEW`: two documents, or two whole revisions from snapshots. */
export async function runDiff(oldInput: string, newInput: string, options: DiffOptions, io: CommandIO): Promise<ExitCode> {
  if (oldInput === '-' && newInput === '-') throw new UsageError('only one of OLD and NEW can be "-" (standard input).');
  const maxChars = count(options.maxChars, '--max-chars', MARKDOWN_BUDGET, 0);
  const trees = await revisionTreesOf(oldInput, newInput, options, io);
  const report = trees
    ? await diffTrees(trees, options.git === undefined ? [oldInput, newInput] : [trees[0].source, trees[1].source])
    : isWholeRevision(oldInput, io, options) && isWholeRevision(newInput, io, options)
      ? await diffRevisions(oldInput, newInput, options, io)
      : await diffTwoDocuments(oldInput, newInput, options, io);
  if (!options.quiet) io.stdout.write(render(report, options, io, maxChars === 0 ? Infinity : maxChars));
  if (options.format !== 'text' && !options.quiet) writeDiagnostics(report, io);
  const failing = options.failOn ? report.changes.some((c) => atOrAbove(c.level, options.failOn!)) : false;
  return failing ? 1 : 0;
}

function isWholeRevision(input: string, io: CommandIO, options: DiffOptions): boolean {
  const ref = parseRevisionRef(input);
  return ref !== null && ref.page === null && !existsSync(resolve(io.cwd, input)) && existsSync(resolve(io.cwd, options.snapshots, ref.revision));
}

async function diffTwoDocuments(oldInput: string, newInput: string, options: DiffOptions, io: CommandIO): Promise<DiffReport> {
  const load = (input: string) => loadDocument(input, { cwd: io.cwd, stdin: io.stdin, snapshotsDir: options.snapshots, urlLimits: urlLimits(options.timeout) });
  const [oldDoc, newDoc] = await Promise.all([load(oldInput), load(newInput)]);
  if (oldDoc.kind !== newDoc.kind) {
    throw new InputError(`${oldInput} is a ${describe(oldDoc)} but ${newInput} is a ${describe(newDoc)}; diff a page against a page, or a schema against a schema.`);
  }
  const { changes, diagnostics } = oldDoc.kind === 'schema'
    ? await diffSchemas(oldDoc.text, newDoc.text, { oldSource: oldInput, newSource: newInput })
    : diffPageTexts(oldDoc.text, newDoc.text);
  return makeReport(info(oldDoc), info(newDoc), changes, diagnostics);
}

/** Every page both snapshots have (and pages that came or went), plus the two schemas. */
async function diffRevisions(oldRef: string, newRef: string, options: DiffOptions, io: CommandIO): Promise<DiffReport> {
  const { changes, diagnostics } = await diffRevisionFolders(
    { dir: resolve(io.cwd, options.snapshots, oldRef), label: oldRef },
    { dir: resolve(io.cwd, options.snapshots, newRef), label: newRef },
  );
  const side = (ref: string): DocumentInfo => ({ source: `${options.snapshots}/${ref}`, revision: ref, page: null, sha256: null });
  return makeReport(side(oldRef), side(newRef), changes, diagnostics);
}

/** Two folders, or two git refs: every page and, when both sides have one, the schema. */
async function diffTrees([oldTree, newTree]: [RevisionTree, RevisionTree], [oldSource, newSource]: [string, string]): Promise<DiffReport> {
  const { changes, diagnostics } = await diffRevisionTrees(oldTree, newTree);
  return makeReport(treeInfo(oldTree, oldSource), treeInfo(newTree, newSource), changes, diagnostics);
}

async function diffSchemas(oldText: string, newText: string, sources: { oldSource: string; newSource: string }): Promise<{ changes: Change[]; diagnostics: { old: Diagnostic[]; new: Diagnostic[] } }> {
  // Loaded on demand: page diffs never pay for the schema reader.
  const schema = await import('../../schema/index.ts');
  return schema.diffSchemaTexts(oldText, newText, sources);
}

function info(doc: LoadedDocument): DocumentInfo {
  return { source: doc.source, revision: doc.revision, page: doc.page, sha256: doc.sha256 };
}

function describe(doc: LoadedDocument): string {
  return doc.kind === 'schema' ? 'JSON Schema' : 'Markdown/MDX page';
}

function render(report: DiffReport, options: DiffOptions, io: CommandIO, maxChars: number): string {
  switch (options.format) {
    case 'json': return renderJson(report);
    case 'markdown': return renderMarkdown(report, { maxChars });
    default: return renderText(report, { color: wantsColor(io, options.color) });
  }
}

/** JSON and Markdown keep stdout clean; problems in the documents go to stderr instead. */
function writeDiagnostics(report: DiffReport, io: CommandIO): void {
  const sides = [['old', report.old.source], ['new', report.new.source]] as const;
  for (const [side, source] of sides) {
    for (const d of report.diagnostics[side]) io.stderr.write(`specdelta: ${d.source ?? source}${d.line === null ? '' : `:${d.line}`}: ${d.severity}: ${d.message}\n`);
  }
}
