import type { Change, ChangeSummary } from '../records/change.ts';
import { summarize } from '../records/change.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import type { PageReading, Reading } from '../revision/revisions.ts';
import type { ChangelogReading, NoChangelog } from '../changelog/index.ts';
import { groupChanges, summarizeImpacts, type ChangelogItemRef, type GroupingOptions, type ImpactSummary, type SpecChange } from '../changes/index.ts';

/** One side of a diff as the contract's JSON reports it. */
export interface DocumentInfo {
  source: string;
  revision: string | null;
  page: string | null;
  sha256: string | null;
}

/** The contract's record counts, and the counts every view shows: changes by impact. */
export interface ReportSummary extends ChangeSummary {
  /** Changes (not records) by impact; informative pages' changes are not counted. */
  impact: ImpactSummary;
  /** Counted changes the spec's config acknowledges (they never fail `--fail-on`); present when the config lists any. */
  acknowledged?: number;
}

/** Everything a renderer needs; `toJson` of it is the contract's `diff --format json`. */
export interface DiffReport {
  old: DocumentInfo;
  new: DocumentInfo;
  summary: ReportSummary;
  /** The contract's records. */
  changes: Change[];
  /** The records grouped into changes (changes/): what every count and headline is about. */
  grouped: SpecChange[];
  diagnostics: { old: Diagnostic[]; new: Diagnostic[] };
  /** Revision diffs only: how each page was read (paired with, informative or not and why, generated from the schema, split from). */
  pages?: PageReading[];
  /** `diff --changelog` only: the newer revision's changelog held against the records (changelog/). */
  changelog?: ChangelogReading | NoChangelog;
  /**
   * How the documents were read: each side's RFC 2119 keyword convention (upper case, any
   * case, none found; how it was decided) and notes for the reader (pages that yielded no
   * rule and the setting that would change it; every page informative). Pages.
   */
  reading?: Reading;
}

export function makeReport(old: DocumentInfo, now: DocumentInfo, changes: Change[], diagnostics: DiffReport['diagnostics'], pages?: PageReading[], grouping: GroupingOptions = {}, reading?: Reading): DiffReport {
  const grouped = groupChanges(changes, grouping);
  const report: DiffReport = { old, new: now, summary: summaryOf(changes, grouped, grouping), changes, grouped, diagnostics };
  if (reading) report.reading = reading;
  if (pages) {
    // A revision diff always says how many records it left out, even none.
    report.summary.informative ??= 0;
    report.pages = pages;
  }
  return report;
}

/** The confirmed items of a changelog reading, each with the records it was matched to, for the grouping to hang changes under. */
export function changelogItems(reading: ChangelogReading): ChangelogItemRef[] {
  return reading.items.filter((i) => i.status === 'confirmed').map(({ section, number, line, text, records }) => ({ section, number, line, text, records }));
}

function summaryOf(changes: readonly Change[], grouped: readonly SpecChange[], grouping: GroupingOptions): ReportSummary {
  const summary: ReportSummary = { ...summarize(changes), impact: summarizeImpacts(grouped) };
  if ((grouping.acknowledged ?? []).length > 0) summary.acknowledged = grouped.filter((c) => c.acknowledged && !c.informative).length;
  return summary;
}

/**
 * The report as the CLI prints it when it did not read the changelog (`--format json` without
 * `--changelog`): no reading, and no change names the item that announced it. A view that read
 * the changelog for its own pages publishes this, so its JSON is the CLI's.
 */
export function withoutAnnouncements(report: DiffReport): DiffReport {
  const { changelog: _read, ...rest } = report;
  return { ...rest, grouped: report.grouped.map((change) => ({ ...change, changelog: null })) };
}

/**
 * One page of a revision's report, so that a page's view and its revision's agree: the
 * page's records, and the changes that touch it. A change counts on the page it is at home
 * on (`page`); the others touching this page are listed after it, counted there.
 */
export function pageOfRevision(report: DiffReport, page: string, old: DocumentInfo, now: DocumentInfo): DiffReport {
  const changes = report.changes.filter((c) => c.page === page);
  const home = report.grouped.filter((c) => c.page === page);
  const elsewhere = report.grouped.filter((c) => c.page !== page && c.pages.includes(page));
  const summary: ReportSummary = { ...summarize(changes), impact: summarizeImpacts(home) };
  if (report.summary.acknowledged !== undefined) summary.acknowledged = home.filter((c) => c.acknowledged && !c.informative).length;
  const onPage = (d: Diagnostic, side: 'old' | 'new') => d.source === undefined || d.source === `${report[side].revision}:${side === 'old' ? old.page : now.page}`;
  const diagnostics = { old: report.diagnostics.old.filter((d) => onPage(d, 'old')), new: report.diagnostics.new.filter((d) => onPage(d, 'new')) };
  return { old, new: now, summary, changes, grouped: [...home, ...elsewhere], diagnostics, ...(report.reading ? { reading: report.reading } : {}) };
}

/** A side that is a whole revision (a folder, a git ref): named by its label, read from `source`. */
export function revisionInfo(revision: string, source: string): DocumentInfo {
  return { source, revision, page: null, sha256: null };
}

/** A short name for a side: "2025-11-25:client/elicitation" when known, else its source. */
export function label(info: DocumentInfo): string {
  if (info.revision && info.page) return `${info.revision}:${info.page}`;
  if (info.revision) return info.revision;
  return info.source;
}
