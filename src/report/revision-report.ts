import { readChangelog } from '../changelog/index.ts';
import { groupingOf } from '../changes/config.ts';
import type { GroupingOptions, SplitPage } from '../changes/index.ts';
import type { SpecConfig } from '../config/index.ts';
import type { RevisionTree } from '../input/revision-tree.ts';
import { diffRevisionTrees, type PageReading } from '../revision/revisions.ts';
import { changelogItems, makeReport, revisionInfo, type DiffReport, type DocumentInfo } from './report.ts';

interface RevisionReportOptions {
  /** The spec's settings (informative pages, impacts, acknowledged changes); default none. */
  config?: SpecConfig;
  /** Keep the changelog's reading in the report (`diff --changelog`). */
  changelog?: boolean;
  /**
   * Read the newer revision's changelog so each change carries the item that announced it
   * (default true; implied by `changelog`). Views that group changes under the items need it;
   * a caller that lists changes without them (`diff --format json` without `--changelog`) may
   * skip the reading, which costs a fifth of the diff again.
   */
  announcements?: boolean;
  /** How the report names each side; default the trees' labels and sources. */
  info?: { old: DocumentInfo; new: DocumentInfo };
}

/**
 * Two whole revisions as every view reports them: the records, grouped into changes by the
 * pages' outlines and the spec's config, each change carrying the newer revision's changelog
 * item that announced it. The CLI (folders, snapshots, git refs), the Action and the library
 * all make their revision reports here, so they cannot count differently.
 */
export async function reportRevisions(oldTree: RevisionTree, newTree: RevisionTree, options: RevisionReportOptions = {}): Promise<DiffReport> {
  const config = options.config ?? {};
  const diff = await diffRevisionTrees(oldTree, newTree, config);
  const grouping: GroupingOptions = { ...groupingOf(config), outlines: (page, side) => diff.outlines[side][page], splits: splitsOf(diff.pages) };
  const info = options.info ?? { old: revisionInfo(oldTree.label, oldTree.source), new: revisionInfo(newTree.label, newTree.source) };
  // The changelog is read from the records, before they are grouped: the changes are grouped once, carrying their items.
  const read = options.changelog || options.announcements !== false;
  const reading = read ? readChangelog({ changes: diff.changes, pages: diff.pages }, newTree, config) : null;
  const items = reading && reading.page !== null ? changelogItems(reading) : [];
  const report = makeReport(info.old, info.new, diff.changes, diff.diagnostics, diff.pages, { ...grouping, changelog: items }, diff.reading);
  return options.changelog && reading ? { ...report, changelog: reading } : report;
}

/** The pages the revision diff found split off an older page's section (`splitFrom`: "page › heading"). */
function splitsOf(pages: readonly PageReading[]): SplitPage[] {
  // Records name a page by its newer id: the source page may have moved too (a page that became a folder's index).
  const newerId = new Map(pages.filter((p) => p.old !== null).map((p) => [p.old!, p.page]));
  return pages.flatMap((p) => {
    if (!p.splitFrom) return [];
    const at = p.splitFrom.indexOf(' › ');
    if (at < 0) return [];
    const from = p.splitFrom.slice(0, at);
    return [{ page: p.page, from: newerId.get(from) ?? from, heading: p.splitFrom.slice(at + 3) }];
  });
}
