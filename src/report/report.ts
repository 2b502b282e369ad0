import type { Change, ChangeSummary } from '../diff/change.ts';
import { summarize } from '../diff/change.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import type { PageReading } from '../diff/revisions.ts';
import type { ChangelogReading, NoChangelog } from '../changelog/index.ts';

/** One side of a diff as the contract's JSON reports it. */
export interface DocumentInfo {
  source: string;
  revision: string | null;
  page: string | null;
  sha256: string | null;
}

/** Everything a renderer needs; `toJson` of it is the contract's `diff --format json`. */
export interface DiffReport {
  old: DocumentInfo;
  new: DocumentInfo;
  summary: ChangeSummary;
  changes: Change[];
  diagnostics: { old: Diagnostic[]; new: Diagnostic[] };
  /** Revision diffs only: how each page was read (paired with, informative or not and why, generated from the schema, split from). */
  pages?: PageReading[];
  /** `diff --changelog` only: the newer revision's changelog held against the records (changelog/). */
  changelog?: ChangelogReading | NoChangelog;
}

export function makeReport(old: DocumentInfo, now: DocumentInfo, changes: Change[], diagnostics: DiffReport['diagnostics'], pages?: PageReading[]): DiffReport {
  const report: DiffReport = { old, new: now, summary: summarize(changes), changes, diagnostics };
  if (pages) {
    // A revision diff always says how many records it left out, even none.
    report.summary.informative ??= 0;
    report.pages = pages;
  }
  return report;
}

/** A short name for a side: "2025-11-25:client/elicitation" when known, else its source. */
/** A side that is a whole revision (a folder, a git ref): named by its label, read from `source`. */
export function revisionInfo(revision: string, source: string): DocumentInfo {
  return { source, revision, page: null, sha256: null };
}

export function label(info: DocumentInfo): string {
  if (info.revision && info.page) return `${info.revision}:${info.page}`;
  if (info.revision) return info.revision;
  return info.source;
}
