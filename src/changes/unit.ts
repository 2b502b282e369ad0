/**
 * The change: what a reader means by "what changed". One change groups every record that
 * expresses one difference between two revisions (the same name removed from the schema,
 * its reference section, the prose and the examples; a section added with the rules in it;
 * a rule moved and reworded), and says once whom it affects.
 *
 * Records stay the evidence: a change lists their fingerprints, and every view counts
 * changes, never records.
 */

import { IMPACTS, type Impact } from '../records/change.ts';
import type { Outlines } from './facts.ts';

export { IMPACTS, type Impact } from '../records/change.ts';

export function impactRank(impact: Impact): number {
  return IMPACTS.indexOf(impact);
}

/** True when `impact` is at or above a `--fail-on` threshold. */
function impactAtOrAbove(impact: Impact, threshold: Impact): boolean {
  return impactRank(impact) <= impactRank(threshold);
}

/** The changelog item that announced a change, as the changelog reading numbered it. */
export interface AnnouncedBy {
  section: string;
  number: number;
  line: number;
  text: string;
}

export interface SpecChange {
  /** Stable across runs, and the same for the same change seen again in a catch-up pair ("c-" and 10 hex digits). */
  id: string;
  /** One line written from the documents' own names. */
  title: string;
  impact: Impact;
  /** Why this impact, in a sentence: the record and catalog rule that gave it, and what moved it off its default. */
  reason: string;
  /** The catalog id whose rule gave the impact (or `config` when the spec's config overrode it). */
  rule: string;
  /** For `opt-in`: the thing this revision adds that the change hangs on. */
  feature: string | null;
  /** The parties that must act, named as the documents name them ("client", "server"); empty when it is every party. */
  roles: string[];
  /** The page the change is at home on (where most of its records are); `schema` for the schema alone. */
  page: string | null;
  /** Every page its records are on. */
  pages: string[];
  /** The newer revision's changelog item that announced it, when one did. */
  changelog: AnnouncedBy | null;
  /** Fingerprints of its records, the one it is titled after first. */
  records: string[];
  /** Set when every record is on an informative page: shown, never counted. */
  informative?: true;
  /** Set when the spec's config lists the id as reviewed: shown, never failed on. */
  acknowledged?: true;
}

export type ImpactSummary = Record<Impact, number>;

/** Counts by impact of the changes that count (not informative); acknowledged ones count too, they only do not fail. */
export function summarizeImpacts(changes: readonly SpecChange[]): ImpactSummary {
  const summary: ImpactSummary = { breaking: 0, 'opt-in': 0, 'non-breaking': 0, editorial: 0 };
  for (const change of changes) if (!change.informative) summary[change.impact] += 1;
  return summary;
}

/** The changes a `--fail-on` threshold fails on: counted, not acknowledged, at or above it. */
export function failingChanges(changes: readonly SpecChange[], threshold: Impact): SpecChange[] {
  return changes.filter((c) => !c.informative && !c.acknowledged && impactAtOrAbove(c.impact, threshold));
}

/** A changelog item as the grouping needs it: where it stands, and the records that confirm it. */
export interface ChangelogItemRef extends AnnouncedBy {
  records: readonly string[];
}

/** The spec config's impact per catalog id (`impacts` in specdelta.config.json). */
export type ImpactOverrides = Readonly<Record<string, Impact>>;

export interface GroupingOptions {
  /** Each page's sections (and terms) per side, to place records; without it, records are placed by their section heading. */
  outlines?: Outlines;
  /** The newer revision's changelog items, each with the records it was matched to. */
  changelog?: readonly ChangelogItemRef[];
  /** The spec config's impact per catalog id. */
  impacts?: ImpactOverrides;
  /** Change ids the spec's maintainers reviewed (`acknowledged` in the config). */
  acknowledged?: readonly string[];
  /** Pages the newer revision split off a section of an older page (the revision diff's page readings). */
  splits?: readonly SplitPage[];
}

/** A page split off a section of an older page: diffed against that section, not new text. */
export interface SplitPage {
  page: string;
  from: string;
  heading: string;
}
