import { type ChangeKind, type ChangeLevel } from '../../src/index.ts';
import type { RevisionStatus } from '../../scraper/lock.ts';

/** Levels always show a word, never only a colour. */
export const LEVEL_LABEL: Record<ChangeLevel, string> = {
  breaking: 'Breaking',
  'non-breaking': 'Non-breaking',
  editorial: 'Editorial',
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
