import type { AnnouncedBy, ChangeKind, ChangeLevel, Impact, ImpactSummary } from '../../src/index.ts';
import type { ChangeSection, RevisionStatus } from '../../src/site-entry.ts';

/** Levels always show a word, never only a colour. */
export const LEVEL_LABEL: Record<ChangeLevel, string> = {
  breaking: 'Breaking',
  'non-breaking': 'Non-breaking',
  editorial: 'Editorial',
};

/** Impacts of changes (the unit every count is of), a word each. */
export const IMPACT_LABEL: Record<Impact, string> = {
  breaking: 'Breaking',
  'opt-in': 'Opt-in',
  'non-breaking': 'Non-breaking',
  editorial: 'Editorial',
};

/** What each impact means for an implementation of the older revision, in a sentence. */
export const IMPACT_MEANING: Record<Impact, string> = {
  breaking: 'an implementation of the older revision must change',
  'opt-in': 'binds only an implementation that adopts something this revision adds',
  'non-breaking': 'additive or optional',
  editorial: 'no duty changes',
};

export const KIND_LABEL: Record<ChangeKind, string> = {
  rule: 'Rules',
  'schema-field': 'Fields',
  message: 'Messages',
  'error-code': 'Error codes',
  capability: 'Capabilities',
  section: 'Sections',
  prose: 'Prose',
  term: 'Terms',
  definition: 'Definitions',
};

/** The kind filters every diff page offers first, whether or not the page has such changes. */
export const PRIMARY_KINDS: readonly ChangeKind[] = ['rule', 'schema-field', 'message'];

export const STATUS_LABEL: Record<RevisionStatus, string> = {
  latest: 'Latest',
  superseded: 'Superseded',
  draft: 'Draft',
};

export function kindLabel(kind: string): string {
  return (KIND_LABEL as Record<string, string>)[kind] ?? kind;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** Every change counted in a summary, of any impact. */
export function totalOf(summary: ImpactSummary): number {
  return summary.breaking + summary['opt-in'] + summary['non-breaking'] + summary.editorial;
}

/** A changelog item as a heading: its place in the changelog and its whole text (the reports clip it; a page has room). */
export function itemTitle(item: AnnouncedBy): string {
  return `${item.section ? `${item.section} ${item.number}` : `Item ${item.number}`}: ${item.text}`;
}

/** The heading of a group of changes laid out by report/sections.ts: the item's whole text for an announced group. */
export function groupTitle(section: ChangeSection): string {
  const item = section.kind === 'announced' ? section.changes[0]?.changelog : null;
  return item ? itemTitle(item) : section.title;
}
