import type { Change } from '../records/change.ts';

/**
 * Unannounced records grouped so a reader sees themes, not hundreds of lines: by page, then
 * by what they are about: the definition a schema record changes (`ElicitResult` for
 * `ElicitResult.content`), the section a page record sits in, or the page as a whole.
 */
export interface RecordTheme {
  page: string;
  theme: string;
  /** The records' fingerprints, in record order. */
  records: string[];
}

export function groupByTheme(changes: readonly Change[]): RecordTheme[] {
  const groups = new Map<string, RecordTheme>();
  for (const change of changes) {
    const page = change.page ?? '(document)';
    const theme = themeOf(change);
    const key = `${page}\u0000${theme}`;
    const group = groups.get(key);
    if (group) group.records.push(change.fingerprint);
    else groups.set(key, { page, theme, records: [change.fingerprint] });
  }
  return [...groups.values()];
}

function themeOf(change: Change): string {
  if (change.source === 'schema') return change.subject.split(/[.[]/)[0] || change.subject;
  return change.section.new ?? change.section.old ?? '(whole page)';
}
