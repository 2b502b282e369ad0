import type { Change, ChangeLevel } from '../diff/change.ts';
import { CHANGE_LEVELS } from '../diff/change.ts';
import { formatDiagnostic } from '../model/diagnostic.ts';
import { lineRef } from './group.ts';
import { label, type DiffReport } from './report.ts';

const TITLES: Record<ChangeLevel, string> = { breaking: 'Breaking', 'non-breaking': 'Non-breaking', editorial: 'Editorial' };

/**
 * For a pull-request comment or a changelog: a summary table, then the changes by level,
 * editorial ones folded away. Spec text is escaped so it cannot inject Markdown or HTML.
 */
export function renderMarkdown(report: DiffReport): string {
  const out: string[] = [];
  out.push(`## ${escape(label(report.old))} → ${escape(label(report.new))}`, '');
  out.push('| breaking | non-breaking | editorial |', '| ---: | ---: | ---: |');
  out.push(`| ${report.summary.breaking} | ${report.summary['non-breaking']} | ${report.summary.editorial} |`, '');
  if (report.changes.length === 0) out.push('No changes.', '');
  for (const level of CHANGE_LEVELS) {
    const changes = report.changes.filter((c) => c.level === level);
    if (changes.length === 0) continue;
    const items = changes.map(item);
    if (level === 'editorial') {
      out.push(`<details><summary>${TITLES[level]} (${changes.length})</summary>`, '', ...items, '', '</details>', '');
    } else {
      out.push(`### ${TITLES[level]} (${changes.length})`, '', ...items, '');
    }
  }
  const diagnostics = [...report.diagnostics.old.map((d) => formatDiagnostic(d, report.old.source)), ...report.diagnostics.new.map((d) => formatDiagnostic(d, report.new.source))];
  if (diagnostics.length) out.push('> [!WARNING]', '> Read with problems; the diff covers what could be read:', ...diagnostics.map((d) => `> - ${escape(d)}`), '');
  return `${out.join('\n')}\n`;
}

function item(change: Change): string {
  const where = [change.page, change.section.new ?? change.section.old, lineRef(change)].filter(Boolean).map((s) => escape(String(s))).join(', ');
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
