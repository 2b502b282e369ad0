import { join } from 'node:path';
import {
  contentHash,
  diffPages,
  diffRevisionPages,
  findSpecConfig,
  judgePage,
  makeReport,
  markInformative,
  pageMoveChange,
  pagePresenceChange,
  parsePage,
  readSchemaSides,
  renderJson,
  summarize,
  type Change,
  type ChangeSummary,
  type DiffReport,
  type DocumentInfo,
  type PageDiffResult,
  type PageReading,
  type RevisionDiff,
} from '../../src/index.ts';
import { buildDiffView, type DiffView } from './align.ts';
import { cached } from './cache.ts';
import { snapshotsDir, snapshotsLabel } from './env.ts';
import { pageOfPair, pagesOf, pagesOfPair, pageText, schemaText, type PairPage, type RevisionPair } from './spec.ts';

/**
 * Diff results for the site, computed once per pair of texts and cached (cache.ts) by
 * the two texts' sha256: a rebuild after one snapshot changes recomputes only the pairs
 * that read it.
 */

export interface PageDiff {
  report: DiffReport;
  view: DiffView;
  status: 'changed' | 'unchanged' | 'added' | 'removed' | 'moved';
  /** The page's id on each side (they differ when it moved or became a folder's index). */
  page: PairPage;
}

function info(revision: string, page: string | null, text: string | null): DocumentInfo {
  return {
    source: page === null ? `${snapshotsLabel()}/${revision}` : `${snapshotsLabel()}/${revision}/${page}.mdx`,
    revision,
    page,
    sha256: text === null ? null : contentHash(text),
  };
}

interface ComputedPageDiff extends PageDiffResult {
  view: DiffView;
}

/**
 * One pair of texts diffed and laid out side by side, cached by their hashes. A page only
 * one side has is one record, named by its id.
 */
function diffTexts(oldText: string | null, newText: string | null, page: string): ComputedPageDiff {
  const side = (text: string | null) => (text === null ? `-${page}` : contentHash(text));
  return cached(['page', side(oldText), side(newText)], () => {
    const result: PageDiffResult = oldText !== null && newText !== null
      ? diffPages(oldText, newText)
      : { changes: [pagePresenceChange(page, oldText === null ? 'added' : 'removed')], diagnostics: { old: [], new: [] } };
    return { ...result, view: buildDiffView(oldText, newText, result.changes) };
  });
}

/** The diff page of `key` (a page id of the older side, or of the newer one for a new page) in a revision pair. */
export function pageDiff(oldRevision: string, newRevision: string, key: string): PageDiff {
  const page = pageOfPair({ old: oldRevision, new: newRevision }, key);
  if (!page) throw new Error(`neither ${oldRevision} nor ${newRevision} has the page ${key}.`);
  const oldText = page.old === null ? null : pageText(oldRevision, page.old);
  const newText = page.new === null ? null : pageText(newRevision, page.new);
  const computed = diffTexts(oldText, newText, page.key);
  let { changes, view } = computed;
  if (page.moved && page.old && page.new) {
    // Appended, so the view's indices into the records stay right; it has no line, so it is listed at the top.
    changes = [...changes, pageMoveChange(page.old, page.new)];
    view = { ...view, top: [...view.top, changes.length - 1] };
  }
  // Judged as the revision diff and `specdelta diff OLD:PAGE NEW:PAGE` judge it: an informative page's records are not counted.
  const [revision, id, text] = page.new !== null ? [newRevision, page.new, newText!] : [oldRevision, page.old!, oldText!];
  const judgement = judgePage(id, text, parsePage(text), findSpecConfig(join(snapshotsDir(), revision)));
  changes = changes.map((c) => markInformative(c, judgement));
  const report = makeReport(info(oldRevision, page.old, oldText), info(newRevision, page.new, newText), changes, computed.diagnostics);
  const status = oldText === null ? 'added' : newText === null ? 'removed' : page.moved ? 'moved' : changes.length ? 'changed' : 'unchanged';
  return { report, view, status, page };
}

/** The JSON published beside a diff page: what `specdelta diff OLD:PAGE NEW:PAGE --format json` prints, plus the page-moved record of a page that moved. */
export function pageDiffJson(oldRevision: string, newRevision: string, page: string): string {
  return renderJson(pageDiff(oldRevision, newRevision, page).report);
}

export interface SchemaDiff {
  changes: Change[];
  summary: ChangeSummary;
  error: string | null;
}

/** The two revisions' schema.json diffed, when both have one and the schema differ is present. */
export async function schemaDiff(oldRevision: string, newRevision: string): Promise<SchemaDiff | null> {
  const oldText = schemaText(oldRevision);
  const newText = schemaText(newRevision);
  if (oldText === null || newText === null) return null;
  let differ: typeof import('../../src/index.ts');
  try {
    differ = await import('../../src/index.ts');
  } catch (error) {
    return { changes: [], summary: summarize([]), error: `the schema differ could not be loaded (${(error as Error).message})` };
  }
  try {
    const changes = cached(['schema', contentHash(oldText), contentHash(newText)], () =>
      differ.diffSchemas(oldText, newText).changes.map((c) => ({ ...c, page: 'schema', source: 'schema' as const })));
    return { changes, summary: summarize(changes), error: null };
  } catch (error) {
    return { changes: [], summary: summarize([]), error: `the schema differ failed (${(error as Error).message})` };
  }
}

export interface PairPageSummary {
  page: PairPage;
  status: PageDiff['status'];
  summary: ChangeSummary;
  /** Set when the revision diff judged the page informative (its records are not in the pair's counts): why. */
  informative: string | null;
}

export interface PairOverview {
  pair: RevisionPair;
  /** Each page on its own, as its diff page shows it. */
  pages: PairPageSummary[];
  schema: SchemaDiff | null;
  /** The whole pair, as `specdelta diff OLD NEW` counts it (a rule that changed pages is one move). */
  summary: ChangeSummary;
  /** The records behind `summary`: what `specdelta diff OLD NEW` lists. */
  records: Change[];
  /** How the revision diff read each page (informative or not): what `--changelog` finds the changelog by. */
  readings: PageReading[];
}

const overviews = new Map<string, Promise<PairOverview>>();

export function pairOverview(pair: RevisionPair): Promise<PairOverview> {
  const key = `${pair.old}\0${pair.new}`;
  let overview = overviews.get(key);
  if (!overview) {
    overview = (async () => {
      const records = await pairRecords(pair);
      const informative = new Map(records.pages.filter((p) => p.informative).map((p) => [p.page, p.reason]));
      const pages = pagesOfPair(pair).map((page) => {
        const diff = pageDiff(pair.old, pair.new, page.key);
        return { page, status: diff.status, summary: diff.report.summary, informative: informative.get((page.new ?? page.old)!) ?? null };
      });
      const schema = await schemaDiff(pair.old, pair.new);
      return { pair, pages, schema, summary: summarize(records.changes), records: records.changes, readings: records.pages };
    })();
    overviews.set(key, overview);
  }
  return overview;
}

/** Every record of a pair, pages and schema: what `specdelta diff OLD NEW --format json` lists. */
async function pairRecords(pair: RevisionPair): Promise<RevisionDiff> {
  const pages = { old: pagesOf(pair.old), new: pagesOf(pair.new) };
  const hashes = [...pages.old.map((p) => `${p}=${contentHash(pageText(pair.old, p))}`), '|', ...pages.new.map((p) => `${p}=${contentHash(pageText(pair.new, p))}`)];
  const schemas = { old: schemaText(pair.old), new: schemaText(pair.new) };
  // The schema takes part in the pair's reading (the reference page defers to it), so it is read here too.
  const reader = schemas.old !== null && schemas.new !== null ? await import('../../src/index.ts').catch(() => null) : null;
  const schemaHashes = reader ? [contentHash(schemas.old!), contentHash(schemas.new!)] : ['-'];
  const config = findSpecConfig(join(snapshotsDir(), pair.new));
  return cached(['pair', ...hashes, '|', ...schemaHashes, JSON.stringify(config)], () =>
    diffRevisionPages({
      oldPages: pages.old,
      newPages: pages.new,
      text: (side, page) => pageText(side === 'old' ? pair.old : pair.new, page),
      labels: { old: pair.old, new: pair.new },
      // The same cache as the diff pages: a page pair is diffed once per build, or never when cached.
      diffTexts: (oldText, newText) => diffTexts(oldText, newText, ''),
      schema: reader ? readSchemaSides(reader, schemas.old!, schemas.new!, { old: pair.old, new: pair.new }) : null,
      config,
    }),
  );
}

/** The whole pair as JSON: what `specdelta diff OLD NEW --format json` prints for two revisions. */
export async function pairJson(pair: RevisionPair): Promise<string> {
  const { changes, diagnostics, pages } = await pairRecords(pair);
  return renderJson(makeReport(info(pair.old, null, null), info(pair.new, null, null), changes, diagnostics, pages));
}
