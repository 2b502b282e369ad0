import { existsSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { configSearchDirs, loadSpecConfig, type SpecConfig } from '../../config/index.ts';
import { atOrAbove, counts, type Change, type ChangeLevel } from '../../diff/change.ts';
import { diffPageTexts, type PageDiffOptions } from '../../diff/index.ts';
import { judgePage, readInformative, type PageJudgement } from '../../diff/revision/informative.ts';
import { findSpecConfig } from '../../diff/revision/spec-config.ts';
import { diffRevisionFolders, diffRevisionTrees } from '../../diff/revisions.ts';
import { InputError, UsageError } from '../../errors.ts';
import { loadDocument, parseRevisionRef, type LoadedDocument } from '../../input/load.ts';
import { bothSides, folderTree, type RevisionTree } from '../../input/revision-tree.ts';
import { readChangelog } from '../../changelog/index.ts';
import type { Diagnostic } from '../../model/diagnostic.ts';
import { parsePage } from '../../model/index.ts';
import { renderJson } from '../../report/json.ts';
import { MARKDOWN_BUDGET, renderMarkdown } from '../../report/markdown.ts';
import { makeReport, revisionInfo, type DiffReport, type DocumentInfo } from '../../report/report.ts';
import { renderText } from '../../report/text.ts';
import { wantsColor, type CommandIO, type ExitCode } from '../io.ts';
import { count, urlLimits } from '../numbers.ts';
import { revisionTreesOf, type TreeOptions } from './diff-trees.ts';

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
  /** A spec's settings file; unset: specdelta.config.json beside the revision folders, if any. */
  config?: string;
  /** Whole revisions only: match the newer revision's changelog against the records. */
  changelog?: boolean;
}

/** `specdelta diff OLD NEW`: two documents, or two whole revisions from snapshots. */
export async function runDiff(oldInput: string, newInput: string, options: DiffOptions, io: CommandIO): Promise<ExitCode> {
  if (oldInput === '-' && newInput === '-') throw new UsageError('only one of OLD and NEW can be "-" (standard input).');
  const maxChars = count(options.maxChars, '--max-chars', MARKDOWN_BUDGET, 0);
  const folders = options.git === undefined ? [isFolder(oldInput, io), isFolder(newInput, io)] : [false, false];
  if (folders[0] !== folders[1]) {
    const [folder, file] = folders[0] ? [oldInput, newInput] : [newInput, oldInput];
    throw new InputError(`${folder} is a directory (a revision folder) but ${file} is not; diff two revision folders, or two pages, or two schemas.`);
  }
  const trees = folders[0] ? null : await revisionTreesOf(oldInput, newInput, options, io);
  const wholeRevisions = folders[0] || trees !== null || (isWholeRevision(oldInput, io, options) && isWholeRevision(newInput, io, options));
  if (options.changelog && !wholeRevisions) {
    throw new UsageError(`--changelog needs two whole revisions (REVISION, a revision folder or --git refs); ${oldInput} and ${newInput} are single documents, and a changelog speaks for a whole revision.`);
  }
  const report = folders[0]
    ? await diffFolders(oldInput, newInput, options, io)
    : trees
      ? await diffTrees(trees, options, io)
      : wholeRevisions
        ? await diffRevisions(oldInput, newInput, options, io)
        : await diffTwoDocuments(oldInput, newInput, options, io);
  if (!options.quiet) io.stdout.write(render(report, options, io, maxChars === 0 ? Infinity : maxChars));
  if (options.format !== 'text' && !options.quiet) writeDiagnostics(report, io);
  const failing = options.failOn ? report.changes.some((c) => counts(c) && atOrAbove(c.level, options.failOn!)) : false;
  return failing ? 1 : 0;
}

function isFolder(input: string, io: CommandIO): boolean {
  if (input === '-' || /^https?:\/\//i.test(input)) return false;
  const path = resolve(io.cwd, input);
  return existsSync(path) && statSync(path).isDirectory();
}

/** Two revision folders of any spec (pages of any Markdown extension, an optional schema.json/.yaml), read as its config says. */
async function diffFolders(oldDir: string, newDir: string, options: DiffOptions, io: CommandIO): Promise<DiffReport> {
  const config = givenOrFound(options, configSearchDirs([oldDir, newDir], io.cwd), io);
  const labels = { old: options.oldLabel ?? basename(resolve(io.cwd, oldDir)), new: options.newLabel ?? basename(resolve(io.cwd, newDir)) };
  const newFolder = resolve(io.cwd, newDir);
  const { changes, diagnostics, pages } = await diffRevisionFolders({ dir: resolve(io.cwd, oldDir), label: labels.old }, { dir: newFolder, label: labels.new }, config);
  const side = (dir: string, label: string): DocumentInfo => ({ source: dir, revision: label, page: null, sha256: null });
  const report = makeReport(side(oldDir, labels.old), side(newDir, labels.new), changes, diagnostics, pages);
  return withChangelog(report, options, () => folderTree(newFolder, { label: labels.new }), config ?? findSpecConfig(newFolder));
}

/** Two git refs read without a checkout (diff-trees.ts); only an explicit --config applies. */
async function diffTrees([oldTree, newTree]: [RevisionTree, RevisionTree], options: DiffOptions, io: CommandIO): Promise<DiffReport> {
  const config = options.config ? givenOrFound(options, [], io) : undefined;
  const { changes, diagnostics, pages } = await diffRevisionTrees(oldTree, newTree, config);
  const report = makeReport(revisionInfo(oldTree.label, oldTree.source), revisionInfo(newTree.label, newTree.source), changes, diagnostics, pages);
  return withChangelog(report, options, () => newTree, config);
}

function isWholeRevision(input: string, io: CommandIO, options: DiffOptions): boolean {
  const ref = parseRevisionRef(input);
  return ref !== null && ref.page === null && !existsSync(resolve(io.cwd, input)) && existsSync(resolve(io.cwd, options.snapshots, ref.revision));
}

async function diffTwoDocuments(oldInput: string, newInput: string, options: DiffOptions, io: CommandIO): Promise<DiffReport> {
  const load = (input: string) => loadDocument(input, { cwd: io.cwd, stdin: io.stdin, snapshotsDir: options.snapshots, urlLimits: urlLimits(options.timeout) });
  const [oldDoc, newDoc] = await bothSides(load(oldInput), load(newInput));
  if (oldDoc.kind !== newDoc.kind) {
    throw new InputError(`${oldInput} is a ${describe(oldDoc)} but ${newInput} is a ${describe(newDoc)}; diff a page against a page, or a schema against a schema.`);
  }
  const { changes, diagnostics } = oldDoc.kind === 'schema'
    ? await diffSchemas(oldDoc.text, newDoc.text, { oldSource: oldInput, newSource: newInput })
    : diffPageTexts(oldDoc.text, newDoc.text, pageReading(oldInput, newInput, options, io));
  const judgement = judgeKnownPage(newDoc, io.cwd);
  return makeReport(info(oldDoc), info(newDoc), changes.flatMap((c) => readInformative(c, judgement) ?? []), diagnostics);
}

/**
 * A page of a known revision (`REV:PAGE`, or a path in the snapshot or upstream layout) is
 * judged as a revision diff judges it, with its revision folder's config: an informative
 * page's records are editorial and not counted here either.
 */
function judgeKnownPage(doc: LoadedDocument, cwd: string): PageJudgement | null {
  if (doc.kind !== 'page' || doc.page === null || doc.revision === null) return null;
  const revisionDir = resolve(cwd, doc.source, ...doc.page.split('/').map(() => '..'));
  return judgePage(doc.page, doc.text, parsePage(doc.text), findSpecConfig(revisionDir));
}

/** Two pages are read in the keyword case their spec's config sets (a page that declares its own needs none). */
function pageReading(oldInput: string, newInput: string, options: DiffOptions, io: CommandIO): PageDiffOptions {
  const files = [oldInput, newInput].filter((input) => input !== '-' && !/^https?:\/\//i.test(input));
  // A page sits in its revision folder: the config is in it, or beside it (configSearchDirs).
  const folders = files.map((file) => dirname(resolve(io.cwd, file)));
  const { config } = loadSpecConfig({ explicit: options.config, searchDirs: [...folders, ...configSearchDirs(folders, io.cwd)], cwd: io.cwd });
  return config.keywordCase ? { old: { keywordCase: config.keywordCase }, new: { keywordCase: config.keywordCase } } : {};
}

/** The config named by --config, else one found in `searchDirs`; undefined lets each revision folder's own apply. */
function givenOrFound(options: DiffOptions, searchDirs: string[], io: CommandIO): SpecConfig | undefined {
  const loaded = loadSpecConfig({ explicit: options.config, searchDirs, cwd: io.cwd });
  return loaded.path === null ? undefined : loaded.config;
}

/** Every page both snapshots have (and pages that came or went), plus the two schemas. */
async function diffRevisions(oldRef: string, newRef: string, options: DiffOptions, io: CommandIO): Promise<DiffReport> {
  const newFolder = resolve(io.cwd, options.snapshots, newRef);
  const config = options.config ? givenOrFound(options, [], io) : undefined;
  const { changes, diagnostics, pages } = await diffRevisionFolders({ dir: resolve(io.cwd, options.snapshots, oldRef), label: oldRef }, { dir: newFolder, label: newRef }, config);
  const side = (ref: string): DocumentInfo => ({ source: `${options.snapshots}/${ref}`, revision: ref, page: null, sha256: null });
  const report = makeReport(side(oldRef), side(newRef), changes, diagnostics, pages);
  return withChangelog(report, options, () => folderTree(newFolder, { label: newRef }), config ?? findSpecConfig(newFolder));
}

/** With --changelog, the newer revision's changelog held against the report's records (a note when it has none). */
function withChangelog(report: DiffReport, options: DiffOptions, newer: () => RevisionTree, config: SpecConfig | undefined): DiffReport {
  if (!options.changelog || !report.pages) return report;
  return { ...report, changelog: readChangelog({ changes: report.changes, pages: report.pages }, newer(), config) };
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
