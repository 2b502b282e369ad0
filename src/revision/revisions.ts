import { loadSpecConfig, type SpecConfig } from '../config/index.ts';
import { folderTree, type RevisionTree } from '../input/revision-tree.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import { outlineOf, type PageOutline } from '../model/outline.ts';
import { parsePage, withTreeScope, type ParseOptions, type SpecDocument } from '../model/index.ts';
import { keywordConventionOf, type KeywordConvention } from '../model/keyword-case.ts';
import type { SchemaAnalysis, SchemaModel } from '../schema/index.ts';
import type { Change } from '../records/change.ts';
import { diffPageTexts, type PageDiffOptions, type PageDiffResult } from '../diff/index.ts';
import { pairPages, type PagePair } from './page-pairs.ts';
import { pageMoveChange, pagePresenceChange } from './page-presence.ts';
import { judgePage } from './informative.ts';
import { mirrorsSchema, namesTheSchemaSpeaksFor } from './reference-page.ts';
import { settleReferencePages } from './settled-by-schema.ts';
import { EMPTY_CONFIG } from './spec-config.ts';
import { diffSplitPage, findSplitSources, type SplitSource } from './split-pages.ts';
import { rereadUnionNarrowings } from './union-narrowing.ts';
import { holdSchemaSources } from './schema-sources.ts';
import { readingNotes } from './reading-notes.ts';
import type { PageReading, Reading } from './reading.ts';

export type { PageReading, Reading } from './reading.ts';
import { vocabularyOf } from './vocabulary.ts';
import { envelopesOf, type MethodEnvelopes } from './schema-envelopes.ts';
import { runPasses } from './pipeline.ts';

/**
 * Two whole revisions: pages are paired (page-pairs.ts: the same address, or moved) and
 * diffed, a page only one has is one record, rules that changed pages are moves rather
 * than removals (cross-page-rules.ts), and the schemas are diffed too. Each record says its
 * page (the newer id of a pair) and, for the schema, `source: 'schema'`. Then the revision
 * is read as a whole (revision/): a page split off another is diffed against the section
 * it came from, the page generated from the schema defers to the schema's records, a name
 * is new or gone only if the other revision names it nowhere, an informative page's
 * records stay out of the counts, and every fingerprint is unique.
 */

type Diagnostics = { old: Diagnostic[]; new: Diagnostic[] };

interface RevisionPages {
  oldPages: readonly string[];
  newPages: readonly string[];
  text: (side: 'old' | 'new', page: string) => string;
  /** How diagnostics name each side (`2025-11-25`). */
  labels: { old: string; new: string };
  /** Diffs two page texts; a caller with a cache of its own (the site) passes it here. */
  diffTexts?: (oldText: string, newText: string) => PageDiffResult;
  /** The two schemas and their diff (`loadSchemaSides`), when both revisions have one. */
  schema?: SchemaSides | null;
  /** The spec's config (informative / normative pages); default none. */
  config?: SpecConfig;
  /** How each side's pages are read (their revision's RFC 2119 keyword case). */
  read?: PageDiffOptions;
  /** Each side's keyword convention as detected (model/keyword-case.ts), for the reading notes. */
  keywords?: { old: KeywordConvention; new: KeywordConvention };
  /** Sees each pass of the revision's reading with its records before and after (pipeline.ts; tests check the passes' contracts). */
  observePasses?: Parameters<typeof runPasses>[2];
}

interface SchemaSides {
  old: SchemaModel;
  new: SchemaModel;
  /** The schema diff's records, `source: 'schema'`. */
  changes: Change[];
  diagnostics: Diagnostics;
  /** Each side's method → how it travels, so the schema can correct what examples suggest (schema-envelopes.ts). */
  envelopes: { old: MethodEnvelopes; new: MethodEnvelopes };
}

/** How the revision diff read one page (the JSON's `pages`): what it was paired with, and whether it counts. */
export interface RevisionDiff {
  changes: Change[];
  diagnostics: Diagnostics;
  pages: PageReading[];
  /** Each page's outline per side (sections with their lines, terms): what grouping records into changes reads beside them. */
  outlines: { old: Record<string, PageOutline>; new: Record<string, PageOutline> };
  /** How the revisions were read: each side's keyword convention, when known, and what a reader should be told about it (reading-notes.ts). */
  reading: Reading;
}

/** The pages of two revisions, and their schemas when given. */
export function diffRevisionPages(input: RevisionPages): RevisionDiff {
  const pairs = pairPages(input.oldPages, input.newPages, input.text);
  const schema = input.schema ?? null;
  const schemaRecords = schema ? rereadUnionNarrowings(schema.changes, schema) : [];
  // What a reference page's headings name: definitions, and the methods they carry.
  const named = new Set(schema ? [...schema.old.definitions, ...schema.new.definitions].flatMap((d) => (d.message ? [d.name, d.message.method] : [d.name])) : []);
  const speaksFor = namesTheSchemaSpeaksFor(schemaRecords, named);
  const { docs, referencePages, text } = readPages(input, pairs, schema, speaksFor);
  // Pages are read from here on as settled (settled-by-schema.ts); their identity (pairing, judging) is the whole text's.
  const settledInput: RevisionPages = { ...input, text };
  const splits = findSplitSources(pairs, docs.old, docs.new, text);
  const { changes, splitRecords, diagnostics } = diffPairs(settledInput, pairs, splits, docs);
  const pairedWith = new Map(pairs.filter((p) => p.old !== null && p.new !== null).map((p) => [p.new!, p.old!]));
  if (schema) {
    diagnostics.old.push(...schema.diagnostics.old);
    diagnostics.new.push(...schema.diagnostics.new);
  }
  const pages = judgePages(input, pairs, docs, referencePages, splits);
  const judgements = new Map(pages.map((p) => [p.page, p]));
  // The revision read as a whole: the passes of pipeline.ts, in their order.
  const all = runPasses(changes, {
    docs,
    pairedWith,
    splitRecords,
    schema: schema ? { old: schema.old, new: schema.new, records: schemaRecords, envelopes: schema.envelopes, referencePages, speaksFor } : null,
    vocabulary: { old: vocabularyOf(docs.old.values(), schema?.old ?? null), new: vocabularyOf(docs.new.values(), schema?.new ?? null) },
    judgementOf: (change) => (change.page === undefined || change.source === 'schema' ? undefined : judgements.get(change.page)),
  }, input.observePasses);
  const outlines = { old: outlinesOf(docs.old), new: outlinesOf(docs.new) };
  const reading: Reading = { ...(input.keywords ? { keywords: input.keywords } : {}), notes: readingNotes(docs, pages, input.keywords?.new ?? null) };
  return { changes: all, diagnostics, pages, outlines, reading };
}

type Documents = { old: Map<string, SpecDocument>; new: Map<string, SpecDocument> };

function outlinesOf(docs: ReadonlyMap<string, SpecDocument>): Record<string, PageOutline> {
  return Object.fromEntries([...docs].map(([page, doc]) => [page, outlineOf(doc)]));
}

/**
 * Every page of both revisions read, a reference page's sections the schema speaks for left
 * unread (settled-by-schema.ts), and the reference pages found (reference-page.ts). A page
 * settled from its written headings that its parsed headings do not confirm is read again
 * whole: only a confirmed reference page defers to the schema, so only one may go unread.
 */
function readPages(input: RevisionPages, pairs: readonly PagePair[], schema: SchemaSides | null, speaksFor: ReadonlySet<string>): { docs: Documents; referencePages: Set<string>; text: RevisionPages['text'] } {
  // One tree scope for both revisions: a new page's unchanged sections are its old page's (tree-cache.ts).
  const readAll = (text: RevisionPages['text']): Documents =>
    withTreeScope(() => ({
      old: new Map(input.oldPages.map((page) => [page, parsePage(text('old', page), input.read?.old)])),
      new: new Map(input.newPages.map((page) => [page, parsePage(text('new', page), input.read?.new)])),
    }));
  if (!schema || speaksFor.size === 0) {
    const docs = readAll(input.text);
    return { docs, referencePages: schema ? findReferencePages(pairs, docs, schema) : new Set(), text: input.text };
  }
  const definitions = { old: new Set(schema.old.definitions.map((d) => d.name)), new: new Set(schema.new.definitions.map((d) => d.name)) };
  let settled = settleReferencePages(pairs, input.text, speaksFor, definitions);
  let docs = readAll(settled.text);
  let referencePages = findReferencePages(pairs, docs, schema);
  if ([...settled.pages].some((page) => !referencePages.has(page))) {
    settled = settleReferencePages(pairs.filter((p) => p.new !== null && referencePages.has(p.new)), input.text, speaksFor, definitions);
    docs = readAll(settled.text);
    referencePages = findReferencePages(pairs, docs, schema);
  }
  return { docs, referencePages, text: settled.text };
}

/** A pair's page as the revision diff names it: the newer id, or the older one for a page that went. */
function sideOf(pair: PagePair): { side: 'old' | 'new'; page: string } {
  return pair.new !== null ? { side: 'new', page: pair.new } : { side: 'old', page: pair.old! };
}

/** Each pair of pages diffed (a page one side lacks is one record; a split page also against its source section), in page order. */
function diffPairs(input: RevisionPages, pairs: readonly PagePair[], splits: readonly SplitSource[], docs: Documents): { changes: Change[]; splitRecords: Change[]; diagnostics: Diagnostics } {
  const { text, labels } = input;
  const diffTexts = input.diffTexts ?? ((a: string, b: string) => diffPageTexts(a, b, input.read));
  const changes: Change[] = [];
  const splitRecords: Change[] = [];
  const diagnostics: Diagnostics = { old: [], new: [] };
  for (const pair of pairs) {
    if (pair.old === null || pair.new === null) {
      const page = (pair.old ?? pair.new)!;
      changes.push({ ...pagePresenceChange(page, pair.old === null ? 'added' : 'removed'), page });
      const split = splits.find((s) => s.page === page);
      if (split) splitRecords.push(...diffSplitPage(split, docs.old.get(split.from)!, text('old', split.from), docs.new.get(page)!, text('new', page), diffTexts));
      changes.push(...splitRecords.filter((c) => c.page === page));
      continue;
    }
    const page = pair.new;
    if (pair.how === 'moved') changes.push({ ...pageMoveChange(pair.old, pair.new), page });
    const oldText = text('old', pair.old);
    const newText = text('new', pair.new);
    // An unchanged page has nothing to say (a one-page pull request touches one page of a hundred).
    if (oldText === newText) continue;
    const result = diffTexts(oldText, newText);
    const moved = pair.how === 'moved' ? pair.old : null;
    changes.push(...result.changes.filter((c) => moved === null || !renamedAsThePage(c, moved, page)).map((c) => ({ ...c, page })));
    diagnostics.old.push(...result.diagnostics.old.map((d) => ({ ...d, source: `${labels.old}:${pair.old}` })));
    diagnostics.new.push(...result.diagnostics.new.map((d) => ({ ...d, source: `${labels.new}:${pair.new}` })));
  }
  return { changes, splitRecords, diagnostics };
}

/** The words of a name, lower-case: "Appendix A -- Notation" → appendix, a, notation. */
function nameWords(name: string): Set<string> {
  return new Set(name.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w !== ''));
}

/** The words of `a` that `b` lacks. */
function lacking(a: ReadonlySet<string>, b: ReadonlySet<string>): string[] {
  return [...a].filter((w) => !b.has(w));
}

/**
 * A heading renamed the way its page was (the page "Appendix A -- Notation" now "Appendix B --
 * Notation", its heading "A. Appendix: Notation" now "B. Appendix: Notation"): the page-moved
 * record already tells it. Only when every word the heading lost the page's name lost, and
 * every word it gained the page's name gained; a heading reworded otherwise keeps its record.
 */
function renamedAsThePage(change: Change, from: string, to: string): boolean {
  if (change.id !== 'section-renamed' || !change.before || !change.after) return false;
  const [was, now, pageWas, pageNow] = [change.before.text, change.after.text, from, to].map(nameWords) as [Set<string>, Set<string>, Set<string>, Set<string>];
  const lost = lacking(was, now);
  const gained = lacking(now, was);
  if (lost.length + gained.length === 0) return false;
  const pageLost = new Set(lacking(pageWas, pageNow));
  const pageGained = new Set(lacking(pageNow, pageWas));
  return lost.every((w) => pageLost.has(w)) && gained.every((w) => pageGained.has(w));
}

/** Pages generated from their revision's schema (reference-page.ts). */
function findReferencePages(pairs: readonly PagePair[], docs: Documents, schema: SchemaSides): Set<string> {
  const found = new Set<string>();
  for (const pair of pairs) {
    const { side, page } = sideOf(pair);
    if (mirrorsSchema(docs[side].get(page)!, new Set(schema[side].definitions.map((d) => d.name)))) found.add(page);
  }
  return found;
}

/** How each page was read: informative or not and why, generated from the schema, split from an older page. */
function judgePages(input: RevisionPages, pairs: readonly PagePair[], docs: Documents, referencePages: ReadonlySet<string>, splits: readonly SplitSource[]): PageReading[] {
  const config = input.config ?? EMPTY_CONFIG;
  return pairs.map((pair): PageReading => {
    const { side, page } = sideOf(pair);
    const judgement = judgePage(page, input.text(side, page), docs[side].get(page)!, config);
    const reading: PageReading = { page, old: pair.old, new: pair.new, informative: judgement.informative, reason: judgement.reason };
    if (referencePages.has(page)) reading.reference = true;
    const split = splits.find((s) => s.page === page);
    if (split) reading.splitFrom = `${split.from} › ${split.heading}`;
    return reading;
  });
}

type SchemaReader = Pick<typeof import('../schema/index.ts'), 'analyzeSchema' | 'diffSchemaAnalyses' | 'parseSchemaText'>;

/** The two schema texts read and diffed, for `diffRevisionPages`. Loaded on demand: page diffs never pay for the schema reader. */
export async function loadSchemaSides(oldText: string, newText: string, labels: { old: string; new: string }): Promise<SchemaSides> {
  return readSchemaSides(await import('../schema/index.ts'), oldText, newText, labels);
}

/** `loadSchemaSides` for a caller that loaded the schema reader already (and must stay synchronous: the site's cache). */
function readSchemaSides(reader: SchemaReader, oldText: string, newText: string, labels: { old: string; new: string }): SchemaSides {
  const { analyzeSchema, diffSchemaAnalyses, parseSchemaText } = reader;
  const old = analyzeSchema(parseSchemaText(oldText, `${labels.old}:schema`));
  // A schema a pull request left alone is read once: the same text has nothing to report.
  const same = newText === oldText;
  const now = same ? sameSchemaAs(old, `${labels.new}:schema`) : analyzeSchema(parseSchemaText(newText, `${labels.new}:schema`));
  const changes = same ? [] : diffSchemaAnalyses(old, now, { oldSource: `${labels.old}:schema`, newSource: `${labels.new}:schema` });
  return {
    old: old.model,
    new: now.model,
    changes: changes.map((c) => ({ ...c, page: 'schema', source: 'schema' as const })),
    diagnostics: { old: old.model.diagnostics, new: now.model.diagnostics },
    envelopes: { old: envelopesOf(old.messages), new: envelopesOf(now.messages) },
  };
}

/** An analysis of the same text read under another name: only the source its diagnostics give differs. */
function sameSchemaAs(analysis: SchemaAnalysis, source: string): SchemaAnalysis {
  const { model } = analysis;
  const diagnostics = model.diagnostics.map((d) => (d.source === model.source ? { ...d, source } : d));
  return { ...analysis, model: { ...model, source, diagnostics } };
}

/** A revision as a folder of pages (`.md`, `.mdx`, `.markdown`) and an optional schema (a snapshot, the upstream layout's revision folder, any spec's). */
interface RevisionFolder {
  dir: string;
  /** How diagnostics name this side (`2025-11-25`). */
  label: string;
}

/**
 * Two revision folders. `config` is the spec's settings (config/spec-config.ts) when the
 * caller found or was given them; unset, the newer folder's own `specdelta.config.json`
 * (inside it or beside it) applies, if any.
 */
export function diffRevisionFolders(oldSide: RevisionFolder, newSide: RevisionFolder, config: SpecConfig = loadSpecConfig({ folders: [newSide.dir, oldSide.dir], cwd: process.cwd() }).config): Promise<RevisionDiff> {
  const tree = (side: RevisionFolder) => folderTree(side.dir, { label: side.label, schema: config.schema });
  return diffRevisionTrees(tree(oldSide), tree(newSide), config);
}

/** Two whole revisions from any source of page texts (folders, git refs): pages and schemas. */
export async function diffRevisionTrees(oldTree: RevisionTree, newTree: RevisionTree, config: SpecConfig = EMPTY_CONFIG): Promise<RevisionDiff> {
  const texts = new Map<string, string>();
  const text = (side: 'old' | 'new', page: string) => {
    const key = `${side}\0${page}`;
    let found = texts.get(key);
    if (found === undefined) texts.set(key, (found = (side === 'old' ? oldTree : newTree).text(page)));
    return found;
  };
  // A spec states its keyword convention once (a conformance section), or shows it by how it
  // writes them; it holds for all its pages (model/keyword-case.ts). Left unset when it is upper
  // case by default, so parses are shared with single-page diffs.
  const keywords = {
    old: keywordConventionOf(oldTree.pages.map((p) => text('old', p)), config.keywordCase),
    new: keywordConventionOf(newTree.pages.map((p) => text('new', p)), config.keywordCase),
  };
  const keywordCase = (side: 'old' | 'new'): ParseOptions => (keywords[side].keywordCase === 'any-case' || config.keywordCase ? { keywordCase: keywords[side].keywordCase } : {});
  const labels = { old: oldTree.label, new: newTree.label };
  const oldSchema = oldTree.schema();
  const newSchema = newTree.schema();
  const schema = oldSchema !== null && newSchema !== null ? await loadSchemaSides(oldSchema, newSchema, labels) : null;
  // A schema written in two files (schema.json and the schema.ts it comes from): both read, held against each other.
  const oldDeclarations = oldTree.declarations?.() ?? null;
  const newDeclarations = newTree.declarations?.() ?? null;
  if (schema && oldDeclarations && newDeclarations) {
    const typed = await loadSchemaSides(oldDeclarations.text, newDeclarations.text, { old: `${labels.old}:${oldDeclarations.name}`, new: `${labels.new}:${newDeclarations.name}` });
    schema.changes = holdSchemaSources({ name: newTree.schemaName ?? 'schema.json', changes: schema.changes }, { name: newDeclarations.name, changes: typed.changes });
    schema.diagnostics.old.push(...typed.diagnostics.old);
    schema.diagnostics.new.push(...typed.diagnostics.new);
  }
  return diffRevisionPages({
    oldPages: oldTree.pages,
    newPages: newTree.pages,
    text,
    labels,
    schema,
    config,
    read: { old: keywordCase('old'), new: keywordCase('new') },
    keywords,
  });
}
