import { readChangelog } from '../changelog/index.ts';
import { groupingOf } from '../changes/config.ts';
import type { GroupingOptions } from '../changes/index.ts';
import type { SpecConfig } from '../config/index.ts';
import type { RevisionTree } from '../input/revision-tree.ts';
import { diffRevisionTrees } from '../revision/revisions.ts';
import { makeReport, revisionInfo, withChangelog, type DiffReport, type DocumentInfo } from './report.ts';

export interface RevisionReportOptions {
  /** The spec's settings (informative pages, impacts, acknowledged changes); default none. */
  config?: SpecConfig;
  /** Keep the changelog's reading in the report (`diff --changelog`); the changes carry their items either way. */
  changelog?: boolean;
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
  const grouping: GroupingOptions = { ...groupingOf(config), outlines: (page, side) => diff.outlines[side][page] };
  const info = options.info ?? { old: revisionInfo(oldTree.label, oldTree.source), new: revisionInfo(newTree.label, newTree.source) };
  const report = makeReport(info.old, info.new, diff.changes, diff.diagnostics, diff.pages, grouping, diff.reading);
  const read = withChangelog(report, readChangelog({ changes: report.changes, pages: diff.pages }, newTree, config), grouping);
  if (options.changelog) return read;
  const { changelog: _unasked, ...quiet } = read;
  return quiet;
}
