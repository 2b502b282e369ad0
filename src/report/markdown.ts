import type { Change, ChangeLevel } from '../records/change.ts';
import { CHANGE_LEVELS } from '../records/change.ts';
import { formatDiagnostic, type Diagnostic } from '../model/diagnostic.ts';
import { changelogMarkdownLines } from './changelog.ts';
import { lineRef, pageLabel } from './group.ts';
import { label, type DiffReport, type DocumentInfo } from './report.ts';

const TITLES: Record<ChangeLevel, string> = { breaking: 'Breaking', 'non-breaking': 'Non-breaking', editorial: 'Editorial' };

/** GitHub refuses comments over 65,536 characters; keep clear of it. */
export const MARKDOWN_BUDGET = 60_000;

/**
 * For a pull-request comment or a changelog: a summary table, then the changes by level,
 * editorial ones folded away. Spec text is escaped so it cannot inject Markdown or HTML.
 * A report too long for a comment keeps the most severe records: each level lists what
 * fits in the budget left after the more severe ones and counts the rest.
 */
export function renderMarkdown(report: DiffReport, options: { maxChars?: number } = {}): string {
  const budget = options.maxChars ?? MARKDOWN_BUDGET;
  const head: string[] = [];
  head.push(`## ${escape(label(report.old))} → ${escape(label(report.new))}`, '');
  head.push('| breaking | non-breaking | editorial |', '| ---: | ---: | ---: |');
  head.push(`| ${report.summary.breaking} | ${report.summary['non-breaking']} | ${report.summary.editorial} |`, '');
  if (report.summary.informative) head.push(`Not counted: ${report.summary.informative} records of informative pages (change logs, indexes), listed as editorial.`, '');
  if (report.changes.length === 0) head.push('No changes.', '');
  // The changelog's verdicts come before the records: they are the summary a reader asked for.
  if (report.changelog) head.push(...changelogMarkdownLines(report.changelog, escape));
  const diagnostics = changedPageDiagnostics(report);
  const tail = diagnostics.length ? ['> [!WARNING]', '> Read with problems; the diff covers what could be read:', ...diagnostics.slice(0, 20).map((d) => `> - ${escape(d)}`), ''] : [];

  const levels = CHANGE_LEVELS.map((level) => ({ level, items: report.changes.filter((c) => c.level === level).map(item) })).filter((l) => l.items.length > 0);
  // Room for every level's heading and "and N more" line, so a long first level cannot starve the others.
  let left = budget - size(head) - size(tail) - levels.length * 200;
  const body: string[] = [];
  for (const { level, items } of levels) {
    const shown: string[] = [];
    for (const line of items) {
      if (line.length + 1 > left) break;
      shown.push(line);
      left -= line.length + 1;
    }
    if (shown.length < items.length) shown.push(`- … and ${items.length - shown.length} more ${level} records, left out to fit a comment (\`--format json\` lists them all).`);
    if (level === 'editorial') body.push(`<details><summary>${TITLES[level]} (${items.length})</summary>`, '', ...shown, '', '</details>', '');
    else body.push(`### ${TITLES[level]} (${items.length})`, '', ...shown, '');
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

function item(change: Change): string {
  const where = [pageLabel(change), change.section.new ?? change.section.old, lineRef(change)].filter(Boolean).map((s) => escape(String(s))).join(', ');
  return `- **${change.id}** — ${escapeKeepingCode(change.message)}${where ? ` _(${where})_` : ''}`;
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
