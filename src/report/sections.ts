import type { SpecChange } from '../changes/index.ts';
import { impactRank } from '../changes/index.ts';
import type { Change } from '../records/change.ts';
import { label, type DiffReport } from './report.ts';

/**
 * How every report lays out its changes: the changelog's items first (each with the changes
 * it announced, in the changelog's order), then the changes no item announced, by their home
 * page; informative pages' changes last, not counted. Within a part, most severe first, then
 * in document order.
 */
export interface ChangeSection {
  /** "Announced: Major changes 3 — …", a page id, or "schema". */
  title: string;
  kind: 'announced' | 'page' | 'informative';
  changes: SpecChange[];
}

export function changeSections(report: DiffReport): ChangeSection[] {
  const counted = report.grouped.filter((c) => !c.informative);
  const sections: ChangeSection[] = [];
  const items = new Map<string, SpecChange[]>();
  for (const change of counted) {
    if (!change.changelog) continue;
    const key = `${change.changelog.section}\u0000${change.changelog.number}`;
    items.set(key, [...(items.get(key) ?? []), change]);
  }
  for (const list of [...items.values()].sort((a, b) => a[0]!.changelog!.line - b[0]!.changelog!.line)) {
    const item = list[0]!.changelog!;
    sections.push({ title: `${item.section ? `${item.section} ${item.number}` : `Item ${item.number}`}: ${clip(item.text)}`, kind: 'announced', changes: bySeverity(list) });
  }
  const pages = new Map<string, SpecChange[]>();
  for (const change of counted) {
    if (change.changelog) continue;
    const page = change.page ?? '';
    pages.set(page, [...(pages.get(page) ?? []), change]);
  }
  for (const [page, list] of pages) sections.push({ title: page, kind: 'page', changes: bySeverity(list) });
  const informative = report.grouped.filter((c) => c.informative);
  if (informative.length > 0) sections.push({ title: 'Informative pages (not counted)', kind: 'informative', changes: informative });
  return sections;
}

function bySeverity(changes: readonly SpecChange[]): SpecChange[] {
  return [...changes].sort((a, b) => impactRank(a.impact) - impactRank(b.impact));
}

/** The records of a change, in its order (the one it is titled after first). */
export function recordsOf(change: SpecChange, report: DiffReport): Change[] {
  const byFingerprint = new Map(report.changes.map((c) => [c.fingerprint, c]));
  return change.records.map((f) => byFingerprint.get(f)).filter((c): c is Change => c !== undefined);
}

/** "server", "client and server", or "" when the change is every party's. */
export function rolesText(change: SpecChange): string {
  return change.roles.length === 0 ? '' : change.roles.join(' and ');
}

function clip(text: string, max = 90): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * How the documents were read, in a few lines under the headline: the keyword convention
 * each side was read with (once when both agree), every page judged informative with its
 * reason, and the reading's notes (pages that yielded no rule, every page informative).
 */
export function readingLines(report: DiffReport): string[] {
  const lines: string[] = [];
  const keywords = report.reading?.keywords;
  if (keywords) {
    const said = (k: NonNullable<typeof keywords>['new']) => `${k.convention === 'none' ? 'none found, read in capitals' : k.convention === 'any-case' ? 'any case' : 'capitals only'} (${k.how === 'usage' ? 'by usage' : k.how}: ${k.evidence})`;
    lines.push(keywords.old.convention === keywords.new.convention && keywords.old.how === keywords.new.how ? `RFC 2119 keywords: ${said(keywords.new)}` : `RFC 2119 keywords: ${label(report.old)} ${said(keywords.old)}; ${label(report.new)} ${said(keywords.new)}`);
  }
  const informative = (report.pages ?? []).filter((p) => p.informative);
  if (informative.length) lines.push(`Informative, not counted: ${informative.map((p) => `${p.page} (${p.reason.replace(/^informative page: /, '')})`).join('; ')}`);
  for (const note of report.reading?.notes ?? []) lines.push(`Note: ${note}`);
  return lines;
}
