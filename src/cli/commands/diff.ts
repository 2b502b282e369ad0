import { existsSync, readFileSync, statSync } from 'node:fs';
import { confinedFile } from '../../input/confined-files.ts';
import { assemble, type PartReader } from '../../input/includes.ts';
import { basename, dirname, resolve } from 'node:path';
import { loadSpecConfig, type SpecConfig } from '../../config/index.ts';
import type { Change, Impact } from '../../records/change.ts';
import { failingChanges, type GroupingOptions } from '../../changes/index.ts';
import { groupingOf } from '../../changes/config.ts';
import { diffRevisionTrees } from '../../revision/revisions.ts';
import { InputError, UsageError } from '../../core/errors.ts';
import { loadDocument, parseRevisionRef, snapshotRevision, type LoadedDocument } from '../../input/load.ts';
import { bothSides, folderTree, memoryTree, type RevisionTree } from '../../input/revision-tree.ts';
import type { Diagnostic } from '../../model/diagnostic.ts';
import { renderJson } from '../../report/json.ts';
import { MARKDOWN_BUDGET, renderMarkdown } from '../../report/markdown.ts';
import { makeReport, pageOfRevision, revisionInfo, type DiffReport, type DocumentInfo } from '../../report/report.ts';
import { reportRevisions } from '../../report/revision-report.ts';
import { renderText } from '../../report/text.ts';
import { wantsColor, type CommandIO, type ExitCode } from '../io.ts';
import { count, urlLimits } from '../numbers.ts';
import { revisionTreesOf, type TreeOptions } from './diff-trees.ts';
import { stripPageExtension } from '../../input/spec-tree.ts';

interface DiffOptions extends TreeOptions {
  format: 'text' | 'json' | 'markdown';
  /** Fail on a change (not acknowledged in the config) at or above this impact. */
  failOn?: Impact;
  /** Text and Markdown: each change's records under it. */
  records?: boolean;
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
  const failing = options.failOn ? failingChanges(report.grouped, options.failOn).length > 0 : false;
  return failing ? 1 : 0;
}

function isFolder(input: string, io: CommandIO): boolean {
  if (input === '-' || /^https?:\/\//i.test(input)) return false;
  const path = resolve(io.cwd, input);
  return existsSync(path) && statSync(path).isDirectory();
}

/** Two revision folders of any spec (pages of any Markdown extension, an optional schema.json/.yaml), read as its config says. */
async function diffFolders(oldDir: string, newDir: string, options: DiffOptions, io: CommandIO): Promise<DiffReport> {
  const config = specConfig(options, [newDir, oldDir], io);
  const labels = { old: options.oldLabel ?? basename(resolve(io.cwd, oldDir)), new: options.newLabel ?? basename(resolve(io.cwd, newDir)) };
  const tree = (dir: string, label: string) => folderTree(resolve(io.cwd, dir), { label, schema: config.schema });
  return reportRevisions(tree(oldDir, labels.old), tree(newDir, labels.new), { ...changelogWanted(options), config, info: { old: revisionInfo(labels.old, oldDir), new: revisionInfo(labels.new, newDir) } });
}

/** Two git refs read without a checkout (diff-trees.ts): no folder on disk is compared, so --config, else the working directory's. */
async function diffTrees([oldTree, newTree]: [RevisionTree, RevisionTree], options: DiffOptions, io: CommandIO): Promise<DiffReport> {
  const config = specConfig(options, [], io);
  return reportRevisions(oldTree, newTree, { ...changelogWanted(options), config });
}

function isWholeRevision(input: string, io: CommandIO, options: DiffOptions): boolean {
  const ref = parseRevisionRef(input, snapshotRevision(io.cwd, options.snapshots));
  return ref !== null && ref.page === null && !existsSync(resolve(io.cwd, input)) && existsSync(resolve(io.cwd, options.snapshots, ref.revision));
}

async function diffTwoDocuments(oldInput: string, newInput: string, options: DiffOptions, io: CommandIO): Promise<DiffReport> {
  const load = (input: string) => loadDocument(input, { cwd: io.cwd, stdin: io.stdin, snapshotsDir: options.snapshots, urlLimits: urlLimits(options.timeout) });
  const [oldDoc, newDoc] = await bothSides(load(oldInput), load(newInput));
  if (oldDoc.kind !== newDoc.kind) {
    throw new InputError(`${oldInput} is a ${describe(oldDoc)} but ${newInput} is a ${describe(newDoc)}; diff a page against a page, or a schema against a schema.`);
  }
  const slice = await revisionSlice(oldInput, newInput, oldDoc, newDoc, options, io);
  if (slice) return slice;
  if (oldDoc.kind === 'schema') {
    const { changes, diagnostics } = await diffSchemas(oldDoc.text, newDoc.text, { oldSource: oldInput, newSource: newInput });
    return makeReport(info(oldDoc), info(newDoc), changes, diagnostics, undefined, groupingOf(documentsConfig(oldDoc, newDoc, options, io)));
  }
  return diffTwoPages(oldDoc, newDoc, documentsConfig(oldDoc, newDoc, options, io), io.cwd);
}

/**
 * Two pages are read exactly as two revisions of one page each (a folder holding each): the
 * same keyword convention, informative judgement and revision passes, so a page diffed on its
 * own and in its folder gives the same changes. Both sides are the newer page's id (a file
 * renamed between them is not a page that moved); its records carry that page id, as the
 * folder's do, and the report keeps the single-page shape otherwise (no `pages` list).
 */
async function diffTwoPages(oldDoc: LoadedDocument, newDoc: LoadedDocument, config: SpecConfig, cwd: string): Promise<DiffReport> {
  const page = newDoc.page ?? oldDoc.page ?? pageIdOf(newDoc.source);
  const tree = (doc: LoadedDocument, label: string) => memoryTree(label, doc.source, new Map([[page, assembled(doc, cwd)]]));
  const diff = await diffRevisionTrees(tree(oldDoc, 'old'), tree(newDoc, 'new'), config);
  const unplaced = (list: Diagnostic[]) => list.map(({ source: _source, ...d }) => d);
  const grouping: GroupingOptions = { ...groupingOf(config), outlines: (_page, side) => diff.outlines[side][page] };
  // Records keep their page, so a change has the same id here as in the folder's report (an acknowledged id holds for both).
  return makeReport(info(oldDoc), info(newDoc), diff.changes, { old: unplaced(diff.diagnostics.old), new: unplaced(diff.diagnostics.new) }, undefined, grouping, diff.reading);
}

/** A page file with its parts in place (input/includes.ts), read inside the page's own folder; standard input and URLs as they are. */
function assembled(doc: LoadedDocument, cwd: string): string {
  if (doc.source === '-' || /^https?:\/\//i.test(doc.source)) return doc.text;
  const file = resolve(cwd, doc.source);
  const root = dirname(file);
  const read: PartReader = (path) => {
    const real = confinedFile(root, path);
    return real === null ? null : readFileSync(real, 'utf8');
  };
  return assemble(basename(file), doc.text, read).text;
}

/** A loose file's page id: its name without the extension (what a revision folder holding it would call it). */
function pageIdOf(source: string): string {
  if (source === '-' || /^https?:\/\//i.test(source)) return 'page';
  return stripPageExtension(basename(source)) || 'page';
}

/**
 * The config two loose documents (pages or schemas) are read with: each side's folder is its
 * revision folder when the document is a page of a known revision (`REV:PAGE`, a path in the
 * snapshot or upstream layout), else the folder the file is in; standard input and URLs
 * have none.
 */
function documentsConfig(oldDoc: LoadedDocument, newDoc: LoadedDocument, options: DiffOptions, io: CommandIO): SpecConfig {
  const folderOf = (doc: LoadedDocument): string[] => {
    if (doc.source === '-' || /^https?:\/\//i.test(doc.source)) return [];
    const file = resolve(io.cwd, doc.source);
    // `client/elicitation` sits two levels under its revision folder.
    return [doc.page !== null && doc.revision !== null ? resolve(file, ...doc.page.split('/').map(() => '..')) : dirname(file)];
  };
  return specConfig(options, [...folderOf(newDoc), ...folderOf(oldDoc)], io);
}

/**
 * `REV:PAGE` against `REV:PAGE` of two snapshot revisions whose revision diff pairs the two
 * pages: the page as the revision diff reads it (a rule that moved between pages is a move,
 * a name the other revision uses elsewhere is not gone, the schema speaks for its shapes),
 * so a page's counts here are the counts the revision's own report gives that page.
 */
async function revisionSlice(oldInput: string, newInput: string, oldDoc: LoadedDocument, newDoc: LoadedDocument, options: DiffOptions, io: CommandIO): Promise<DiffReport | null> {
  const known = snapshotRevision(io.cwd, options.snapshots);
  const refs = [parseRevisionRef(oldInput, known), parseRevisionRef(newInput, known)];
  if (refs.some((r) => r === null || r.page === null || r.page === 'schema') || oldDoc.kind !== 'page') return null;
  const [oldRef, newRef] = refs as [{ revision: string; page: string }, { revision: string; page: string }];
  const folder = (revision: string) => resolve(io.cwd, options.snapshots, revision);
  if (oldRef.revision === newRef.revision || [oldInput, newInput].some((input) => existsSync(resolve(io.cwd, input))) || !existsSync(folder(oldRef.revision)) || !existsSync(folder(newRef.revision))) return null;
  const whole = await diffRevisions(oldRef.revision, newRef.revision, options, io);
  const reading = whole.pages?.find((p) => p.new === newRef.page);
  if (!reading || reading.old !== oldRef.page) return null;
  return pageOfRevision(whole, reading.page, info(oldDoc), info(newDoc));
}

/** The spec's config for folders compared, the newer side first: one search order for every form of diff (config/find.ts). */
function specConfig(options: DiffOptions, folders: readonly string[], io: CommandIO): SpecConfig {
  return loadSpecConfig({ configPath: options.config, folders, cwd: io.cwd }).config;
}

/**
 * Text and Markdown group changes under the changelog's items, so they read it; JSON lists
 * each change's item only with --changelog (reading the changelog costs a fifth of the diff).
 */
function changelogWanted(options: DiffOptions): { changelog: boolean; announcements: boolean } {
  return { changelog: options.changelog === true, announcements: options.changelog === true || options.format !== 'json' };
}

/** Every page both snapshots have (and pages that came or went), plus the two schemas. */
async function diffRevisions(oldRef: string, newRef: string, options: DiffOptions, io: CommandIO): Promise<DiffReport> {
  const folder = (ref: string) => resolve(io.cwd, options.snapshots, ref);
  const config = specConfig(options, [folder(newRef), folder(oldRef)], io);
  const tree = (ref: string) => folderTree(folder(ref), { label: ref, schema: config.schema });
  const info = (ref: string) => revisionInfo(ref, `${options.snapshots}/${ref}`);
  return reportRevisions(tree(oldRef), tree(newRef), { ...changelogWanted(options), config, info: { old: info(oldRef), new: info(newRef) } });
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
    case 'markdown': return renderMarkdown(report, { maxChars, records: options.records === true });
    default: return renderText(report, { color: wantsColor(io, options.color), records: options.records === true });
  }
}

/** JSON and Markdown keep stdout clean; problems in the documents go to stderr instead. */
function writeDiagnostics(report: DiffReport, io: CommandIO): void {
  const sides = [['old', report.old.source], ['new', report.new.source]] as const;
  for (const [side, source] of sides) {
    for (const d of report.diagnostics[side]) io.stderr.write(`specdelta: ${d.source ?? source}${d.line === null ? '' : `:${d.line}`}: ${d.severity}: ${d.message}\n`);
  }
}
