import type { Change } from '../../src/diff/change.ts';
import { summarize, type ChangeSummary } from '../../src/diff/change.ts';
import { diffPageTexts } from '../../src/diff/index.ts';
import { pagePresenceChange } from '../../src/diff/page-presence.ts';
import { contentHash } from '../../src/model/index.ts';
import { renderJson } from '../../src/report/json.ts';
import { makeReport, type DiffReport, type DocumentInfo } from '../../src/report/report.ts';
import { buildDiffView, type DiffView } from './align.ts';
import { cached } from './cache.ts';
import { snapshotsLabel } from './env.ts';
import { hasPage, pagesOfPair, pageText, schemaText, type RevisionPair } from './spec.ts';

/**
 * Diff results for the site, computed once per pair of texts and cached (cache.ts) by
 * the two texts' sha256: a rebuild after one snapshot changes recomputes only the pairs
 * that read it.
 */

export interface PageDiff {
  report: DiffReport;
  view: DiffView;
  status: 'changed' | 'unchanged' | 'added' | 'removed';
}

function info(revision: string, page: string, text: string | null): DocumentInfo {
  return {
    source: `${snapshotsLabel()}/${revision}/${page}.mdx`,
    revision,
    page,
    sha256: text === null ? null : contentHash(text),
  };
}

export function pageDiff(oldRevision: string, newRevision: string, page: string): PageDiff {
  const oldText = hasPage(oldRevision, page) ? pageText(oldRevision, page) : null;
  const newText = hasPage(newRevision, page) ? pageText(newRevision, page) : null;
  if (oldText === null && newText === null) throw new Error(`neither ${oldRevision} nor ${newRevision} has the page ${page}.`);
  const computed = cached(['page', oldText === null ? '-' : contentHash(oldText), newText === null ? '-' : contentHash(newText)], () => {
    const result = oldText !== null && newText !== null
      ? diffPageTexts(oldText, newText)
      : { changes: [pagePresenceChange(page, oldText === null ? 'added' : 'removed')], diagnostics: { old: [], new: [] } };
    return { changes: result.changes, diagnostics: result.diagnostics, view: buildDiffView(oldText, newText, result.changes) };
  });
  const report = makeReport(info(oldRevision, page, oldText), info(newRevision, page, newText), computed.changes, computed.diagnostics);
  const status = oldText === null ? 'added' : newText === null ? 'removed' : computed.changes.length ? 'changed' : 'unchanged';
  return { report, view: computed.view, status };
}

/** The JSON published beside a diff page: what `specdelta diff --format json` prints. */
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
  let differ: typeof import('../../src/schema/index.ts');
  try {
    differ = await import('../../src/schema/index.ts');
  } catch (error) {
    return { changes: [], summary: summarize([]), error: `the schema differ could not be loaded (${(error as Error).message})` };
  }
  try {
    const changes = cached(['schema', contentHash(oldText), contentHash(newText)], () =>
      differ.diffSchemaTexts(oldText, newText).changes.map((c) => ({ ...c, page: 'schema', source: 'schema' as const })));
    return { changes, summary: summarize(changes), error: null };
  } catch (error) {
    return { changes: [], summary: summarize([]), error: `the schema differ failed (${(error as Error).message})` };
  }
}

export interface PairPage {
  page: string;
  status: PageDiff['status'];
  summary: ChangeSummary;
}

export interface PairOverview {
  pair: RevisionPair;
  pages: PairPage[];
  schema: SchemaDiff | null;
  /** Pages and schema together. */
  summary: ChangeSummary;
}

const overviews = new Map<string, Promise<PairOverview>>();

export function pairOverview(pair: RevisionPair): Promise<PairOverview> {
  const key = `${pair.old}\0${pair.new}`;
  let overview = overviews.get(key);
  if (!overview) {
    overview = (async () => {
      const pages = pagesOfPair(pair).map((page) => {
        const diff = pageDiff(pair.old, pair.new, page);
        return { page, status: diff.status, summary: diff.report.summary };
      });
      const schema = await schemaDiff(pair.old, pair.new);
      const summary = summarize([]);
      for (const part of [...pages.map((p) => p.summary), ...(schema ? [schema.summary] : [])]) {
        for (const level of Object.keys(summary) as (keyof ChangeSummary)[]) summary[level] += part[level];
      }
      return { pair, pages, schema, summary };
    })();
    overviews.set(key, overview);
  }
  return overview;
}

/** The whole pair as JSON, like `specdelta diff OLD NEW --format json` on two revisions. */
export async function pairJson(pair: RevisionPair): Promise<string> {
  const changes: Change[] = [];
  const diagnostics: DiffReport['diagnostics'] = { old: [], new: [] };
  for (const page of pagesOfPair(pair)) {
    const { report } = pageDiff(pair.old, pair.new, page);
    changes.push(...report.changes.map((c) => ({ ...c, page })));
    diagnostics.old.push(...report.diagnostics.old.map((d) => ({ ...d, source: `${pair.old}:${page}` })));
    diagnostics.new.push(...report.diagnostics.new.map((d) => ({ ...d, source: `${pair.new}:${page}` })));
  }
  const schema = await schemaDiff(pair.old, pair.new);
  if (schema) changes.push(...schema.changes);
  const side = (revision: string): DocumentInfo => ({ source: `${snapshotsLabel()}/${revision}`, revision, page: null, sha256: null });
  return renderJson(makeReport(side(pair.old), side(pair.new), changes, diagnostics));
}
