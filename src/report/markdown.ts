import { IMPACTS, type Impact, type SpecChange } from '../changes/index.ts';
import { formatDiagnostic, type Diagnostic } from '../model/diagnostic.ts';
import { changelogMarkdownLines } from './changelog.ts';
import { lineRef, pageLabel } from './group.ts';
import { label, type DiffReport, type DocumentInfo } from './report.ts';
import { changeSections, plural, readingLines, recordsOf, rolesText } from './sections.ts';

const TITLES: Record<Impact, string> = { breaking: 'Breaking', 'opt-in': 'Opt-in', 'non-breaking': 'Non-breaking', editorial: 'Editorial' };

/** GitHub refuses comments over 65,536 characters; keep clear of it. */
export const MARKDOWN_BUDGET = 60_000;

/**
 * For a pull-request comment or a changelog: a table of changes by impact, then the changes:
 * the changelog's items first, then by impact, editorial ones folded away; with `records`,
 * each change's records in a fold under it. Spec text is escaped so it cannot inject
 * Markdown or HTML. A report too long for a comment keeps the most severe changes: each
 * impact lists what fits in the budget left after the more severe ones and counts the rest.
 */
export function renderMarkdown(report: DiffReport, options: { maxChars?: number; records?: boolean } = {}): string {
  const budget = options.maxChars ?? MARKDOWN_BUDGET;
  const { impact } = report.summary;
  const head: string[] = [];
  head.push(`## ${escape(label(report.old))} → ${escape(label(report.new))}`, '');
  head.push('| breaking | opt-in | non-breaking | editorial | records |', '| ---: | ---: | ---: | ---: | ---: |');
  head.push(`| ${impact.breaking} | ${impact['opt-in']} | ${impact['non-breaking']} | ${impact.editorial} | ${report.changes.length} |`, '');
  if (report.summary.acknowledged) head.push(`${report.summary.acknowledged} of these changes are acknowledged in the spec's config: listed, never failed on.`, '');
  if (report.summary.informative) head.push(`Not counted: ${report.summary.informative} records of informative pages (change logs, indexes).`, '');
  // How the documents were read (keyword convention, informative pages with their reasons, notes): never in silence.
  const reading = readingLines(report);
  if (reading.length) head.push(...reading.map((line) => `> ${escape(line)}`), '');
  if (report.grouped.length === 0) head.push('No changes.', '');
  // The changelog's verdicts come before the changes: they are the summary a reader asked for.
  if (report.changelog) head.push(...changelogMarkdownLines(report.changelog, escape));
  const diagnostics = changedPageDiagnostics(report);
  const tail = diagnostics.length ? ['> [!WARNING]', '> Read with problems; the diff covers what could be read:', ...diagnostics.slice(0, 20).map((d) => `> - ${escape(d)}`), ''] : [];

  const sections = changeSections(report);
  const announced = sections.filter((s) => s.kind === 'announced');
  const rest = sections.filter((s) => s.kind === 'page').flatMap((s) => s.changes);
  const parts: { title: string; items: string[]; fold: boolean; unit: string }[] = [];
  for (const section of announced) parts.push({ title: `Announced: ${escape(section.title)}`, items: section.changes.map((c) => item(c, report, options.records)), fold: false, unit: 'announced changes' });
  for (const level of IMPACTS) {
    const changes = rest.filter((c) => c.impact === level);
    if (changes.length) parts.push({ title: `${TITLES[level]}${announced.length ? ', not announced' : ''} (${changes.length})`, items: changes.map((c) => item(c, report, options.records)), fold: level === 'editorial', unit: `${level} changes` });
  }
  const informative = sections.find((s) => s.kind === 'informative');
  if (informative) parts.push({ title: `Informative pages, not counted (${informative.changes.length})`, items: informative.changes.map((c) => item(c, report, false)), fold: true, unit: 'informative changes' });

  // Room for every part's heading and "and N more" line, so a long first part cannot starve the others.
  let left = budget - size(head) - size(tail) - parts.length * 200;
  const body: string[] = [];
  for (const { title, items, fold, unit } of parts) {
    const shown: string[] = [];
    for (const entry of items) {
      if (entry.length + 1 > left) break;
      shown.push(entry);
      left -= entry.length + 1;
    }
    if (shown.length < items.length) shown.push(`- … and ${items.length - shown.length} more ${unit}, left out to fit a comment (\`--format json\` lists them all).`);
    if (fold) body.push(`<details><summary>${title}</summary>`, '', ...shown, '', '</details>', '');
    else body.push(`### ${title}`, '', ...shown, '');
  }
  return `${[...head, ...body, ...tail].join('\n')}\n`;
}

/**
 * A comment is about what changed: problems are shown only for pages that have records,
 * each named by its page (`2026-07-28:server/tools`), never by the path of a file the
 * report was made from (a checkout, a temporary folder).
 */
function changedPageDiagnostics(report: DiffReport): string[] {
  const changedPages = new Set(report.changes.flatMap((c) => [c.page, c.before?.['page'], c.after?.['page']]).filter((p): p is string => typeof p === 'string'));
  const shown = (d: Diagnostic) => {
    const page = d.source?.includes(':') ? d.source.slice(d.source.indexOf(':') + 1) : null;
    return page === null ? report.changes.length > 0 : changedPages.has(page);
  };
  const name = (d: Diagnostic, info: DocumentInfo) => d.source ?? (info.revision || info.page ? label(info) : info.source.split(/[\\/]/).pop() ?? info.source);
  return (['old', 'new'] as const).flatMap((side) => report.diagnostics[side].filter(shown).map((d) => formatDiagnostic(d, name(d, report[side]))));
}

function size(lines: readonly string[]): number {
  return lines.reduce((n, line) => n + line.length + 1, 0);
}

function item(change: SpecChange, report: DiffReport, withRecords = false): string {
  const facts = [change.page, rolesText(change) ? `${rolesText(change)} must act` : '', change.feature ? `for who adopts ${change.feature}` : '', change.acknowledged ? 'acknowledged' : '', plural(change.records.length, 'record')]
    .filter(Boolean)
    .map((s) => escapeKeepingCode(String(s)))
    .join(' · ');
  const line = `- ${escapeKeepingCode(change.title)} _(${facts})_ \`${change.id}\``;
  if (!withRecords) return line;
  const records = recordsOf(change, report).map((r) => {
    const where = [pageLabel(r), r.section.new ?? r.section.old, lineRef(r)].filter(Boolean).map((s) => escape(String(s))).join(', ');
    return `  - **${r.id}** (${r.level}) — ${escapeKeepingCode(r.message)}${where ? ` _(${where})_` : ''}`;
  });
  return [line, `  <details><summary>${escape(change.reason)}</summary>`, '', ...records, '', '  </details>'].join('\n');
}

/** Escapes Markdown and HTML metacharacters. */
export function escape(text: string): string {
  return text.replace(/[\\`*_{}[\]<>()#+!|~]/g, (ch) => (ch === '<' ? '&lt;' : ch === '>' ? '&gt;' : `\\${ch}`));
}

/** Like escape, but keeps `code` spans as they are: Markdown renders them literally, HTML included. */
function escapeKeepingCode(text: string): string {
  return text
    .split(/(`[^`\n]+`)/)
    .map((part) => (/^`[^`\n]+`$/.test(part) ? part : escape(part)))
    .join('');
}
