import { join } from 'node:path';
import { folderTree, renderJson, type DiffReport, type DocumentInfo } from '../../src/index.ts';
import { contentHash, loadSpecConfig, pageOfRevision, withoutAnnouncements, reportRevisions, type PageReading } from '../../src/site-entry.ts';
import { cachedAsync } from './cache.ts';
import { snapshotsDir, snapshotsLabel } from './env.ts';
import { pagesOf, pagesOfPair, pageText, schemaText, type PairPage, type RevisionPair } from './spec.ts';

/**
 * The one report of a revision pair that every view of the site counts from: the revision
 * report `specdelta diff OLD NEW` prints (report/revision-report.ts: records, grouped into
 * changes, each carrying the newer revision's changelog item), made once per pair and build
 * and cached by the content hashes of every page, the schemas and the spec's config. A page
 * is that report seen from the page (`pageOfRevision`), as `specdelta diff OLD:PAGE NEW:PAGE`
 * prints it; nothing on the site diffs a page on its own.
 */

export interface PairData {
  pair: RevisionPair;
  /** The revision report, with the changelog's reading (`--changelog`) kept for the pair page. */
  report: DiffReport;
  /** Every page of either side, paired as the report pairs them, sorted by key. */
  pages: PairPage[];
}

const pairs = new Map<string, Promise<PairData>>();

export function pairData(pair: RevisionPair): Promise<PairData> {
  const key = `${pair.old}\0${pair.new}`;
  let data = pairs.get(key);
  if (!data) {
    data = pairReport(pair).then((report) => ({ pair, report, pages: pagesOfPair(pair) }));
    pairs.set(key, data);
  }
  return data;
}

/** How a side is named in the published JSON: the snapshot folder relative to the project, never an absolute path. */
export function sideInfo(revision: string, page: string | null): DocumentInfo {
  const text = page === null ? null : pageText(revision, page);
  return {
    source: page === null ? `${snapshotsLabel()}/${revision}` : `${snapshotsLabel()}/${revision}/${page}.mdx`,
    revision,
    page,
    sha256: text === null ? null : contentHash(text),
  };
}

function pairReport(pair: RevisionPair): Promise<DiffReport> {
  const side = (revision: string) => [revision, ...pagesOf(revision).map((p) => `${p}=${contentHash(pageText(revision, p))}`), `schema=${schemaHash(revision)}`];
  const folder = (revision: string) => join(snapshotsDir(), revision);
  // Found as the CLI finds it for two snapshot revisions (config/find.ts), so the JSON is the CLI's.
  const config = loadSpecConfig({ folders: [folder(pair.new), folder(pair.old)], cwd: process.cwd() }).config;
  // The snapshot folder's name is in the report (each side's `source`), so it is in the key too.
  return cachedAsync(['pair', snapshotsLabel(), ...side(pair.old), '|', ...side(pair.new), JSON.stringify(config)], () => {
    // Exactly as the CLI reads two snapshot revisions (cli/commands/diff.ts), so the JSON is the CLI's.
    const tree = (revision: string) => folderTree(folder(revision), { label: revision, schema: config.schema });
    return reportRevisions(tree(pair.old), tree(pair.new), { config, changelog: true, info: { old: sideInfo(pair.old, null), new: sideInfo(pair.new, null) } });
  }, 'library');
}

function schemaHash(revision: string): string {
  const text = schemaText(revision);
  return text === null ? '-' : contentHash(text);
}

/** The whole pair as JSON: what `specdelta diff OLD NEW --format json` prints (no changelog reading unless asked). */
export async function pairJson(pair: RevisionPair): Promise<string> {
  return renderJson(withoutAnnouncements((await pairData(pair)).report));
}

/** How the revision report read a page of the pair (informative, split from, generated from the schema). */
export function readingOf(data: PairData, page: PairPage): PageReading | undefined {
  const id = page.new ?? page.old;
  return data.report.pages?.find((p) => p.page === id);
}

/** The page's id in the revision report: the newer id, or the older one for a page that went. */
export function reportPageOf(page: PairPage): string {
  return (page.new ?? page.old)!;
}

/**
 * One page of the pair's report: its records and the changes touching it, a change counted
 * on its home page only. What `specdelta diff OLD:PAGE NEW:PAGE --format json` prints for a
 * page both revisions have (the `source` of each side aside: the CLI prints the path it read).
 */
export function pageReport(data: PairData, page: PairPage): DiffReport {
  return pageOfRevision(data.report, reportPageOf(page), sideInfo(data.pair.old, page.old), sideInfo(data.pair.new, page.new));
}

/** The pair page's key of every page id the report names (the newer id, or the older for a page that went). */
export function keyOfReportPage(data: PairData): Map<string, string> {
  return new Map(data.pages.map((p) => [reportPageOf(p), p.key]));
}

/** One page's JSON: what `specdelta diff OLD:PAGE NEW:PAGE --format json` prints for a page both revisions have. */
export async function pageJson(pair: RevisionPair, page: PairPage): Promise<string> {
  return renderJson(withoutAnnouncements(pageReport(await pairData(pair), page)));
}
