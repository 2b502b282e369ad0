/**
 * A change record: plain data, as the outside contract (docs/contract.md) fixes it.
 * Differs produce drafts (what changed, where, before and after); `finalizeChange` adds
 * what the catalog derives from the id (kind, action, default level, message) and a
 * fingerprint, so a saved record can be rendered again without the differ.
 */

export const CHANGE_KINDS = ['rule', 'schema-field', 'message', 'error-code', 'capability', 'section', 'prose', 'term', 'definition'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];

export const CHANGE_ACTIONS = ['added', 'removed', 'changed', 'moved', 'renamed', 'strengthened', 'weakened', 'deprecated'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/** Ordered from most to least severe; `--fail-on X` fails on X and everything before it. */
export const CHANGE_LEVELS = ['breaking', 'non-breaking', 'editorial'] as const;
export type ChangeLevel = (typeof CHANGE_LEVELS)[number];

/**
 * Whom a change (a group of records, src/changes) affects, most severe first. `opt-in`:
 * duties that apply only to an implementation that adopts something the newer revision
 * adds. Kept beside the levels so a spec's config can name them without reaching up.
 */
export const IMPACTS = ['breaking', 'opt-in', 'non-breaking', 'editorial'] as const;
export type Impact = (typeof IMPACTS)[number];

/** One side of a change. `text` and `line` always; the rest when the differ knows them. */
export interface ChangeSide {
  text: string;
  line: number | null;
  keyword?: string;
  actor?: string;
  json?: unknown;
  path?: string;
  column?: number;
  [extra: string]: unknown;
}

export interface SectionPair {
  old: string | null;
  new: string | null;
}

/**
 * Where a record came from: a page's prose and examples, a revision's JSON Schema, or (in a
 * revision diff) the page generated from that schema, for what the schema does not report itself.
 */
export type ChangeSource = 'page' | 'schema' | 'reference';

export interface Change {
  id: string;
  kind: ChangeKind;
  action: ChangeAction;
  level: ChangeLevel;
  subject: string;
  section: SectionPair;
  before: ChangeSide | null;
  after: ChangeSide | null;
  message: string;
  fingerprint: string;
  source?: ChangeSource;
  /** The page a record belongs to, in a diff of whole revisions. */
  page?: string;
  /** Why the level differs from the catalog default, when a rule overrode it. */
  levelReason?: string;
  /**
   * Set on records of an informative page (a change log, an index) in a revision diff: they
   * describe changes rather than make them, so they are editorial and left out of the
   * summary's levels and of `--fail-on`.
   */
  informative?: true;
  /**
   * Set on a schema record of a revision whose schema is written in two files (`schema.json`
   * beside the `schema.ts` it is generated from) when the two do not agree on it: the file(s)
   * whose diff reports it; the message names the one that does not (revision/schema-sources.ts).
   */
  sources?: string[];
}

/** What a differ emits: the facts. Everything else is derived. */
export interface ChangeDraft {
  id: string;
  subject: string;
  section: SectionPair;
  before: ChangeSide | null;
  after: ChangeSide | null;
  /**
   * Identity for the fingerprint. Defaults to the subject; differs pass something steadier
   * when the subject is wording that may be edited (a rule's text, say).
   */
  key?: string;
  /** Overrides the catalog's default level; `levelReason` must then say why. */
  level?: ChangeLevel;
  levelReason?: string;
  source?: ChangeSource;
  /** Extra words the catalog's message template may use (e.g. "from X to Y"). */
  detail?: Record<string, string>;
}

export function levelRank(level: ChangeLevel): number {
  return CHANGE_LEVELS.indexOf(level);
}

/** True when `level` is at or above the `--fail-on` threshold. */
export function atOrAbove(level: ChangeLevel, threshold: ChangeLevel): boolean {
  return levelRank(level) <= levelRank(threshold);
}

export interface ChangeSummary {
  breaking: number;
  'non-breaking': number;
  editorial: number;
  /** Records of informative pages, counted apart from the levels; present in revision diffs (records with a `page`). */
  informative?: number;
}

/** Does the record count in the headline and for `--fail-on`? Not when its page only describes changes. */
export function counts(change: Change): boolean {
  return change.informative !== true;
}

export function summarize(changes: readonly Change[]): ChangeSummary {
  const summary: ChangeSummary = { breaking: 0, 'non-breaking': 0, editorial: 0 };
  let informative = 0;
  for (const change of changes) {
    if (counts(change)) summary[change.level] += 1;
    else informative += 1;
  }
  if (informative > 0 || changes.some((c) => c.page !== undefined)) summary.informative = informative;
  return summary;
}
