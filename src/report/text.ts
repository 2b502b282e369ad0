import pc from 'picocolors';
import type { Impact } from '../changes/index.ts';
import type { ChangeLevel } from '../records/change.ts';
import { formatDiagnostic } from '../model/diagnostic.ts';
import { changelogTextLines } from './changelog.ts';
import { lineRef } from './group.ts';
import { label, type DiffReport } from './report.ts';
import { changeSections, plural, readingLines, recordsOf, rolesText } from './sections.ts';

/**
 * For a terminal or a CI log: a headline of changes by impact, then each change on a line
 * (the changelog's items first, then by page), with `--records` the records under each.
 * Colour is an aid only; the impact is always spelled out.
 */
export function renderText(report: DiffReport, options: { color: boolean; records?: boolean }): string {
  const c = pc.createColors(options.color);
  const paint: Record<Impact, (s: string) => string> = { breaking: (s) => c.bold(c.red(s)), 'opt-in': c.cyan, 'non-breaking': c.yellow, editorial: c.dim };
  const level: Record<ChangeLevel, (s: string) => string> = { breaking: paint.breaking, 'non-breaking': paint['non-breaking'], editorial: paint.editorial };
  const lines: string[] = [];
  lines.push(c.bold(`${label(report.old)} → ${label(report.new)}`));
  const { summary } = report;
  const { impact } = summary;
  const notCounted = summary.informative ? `; ${summary.informative} from informative pages, not counted` : '';
  const acknowledged = summary.acknowledged ? `, ${summary.acknowledged} acknowledged` : '';
  lines.push(
    `${paint.breaking(`${impact.breaking} breaking`)}, ${paint['opt-in'](`${impact['opt-in']} opt-in`)}, ${paint['non-breaking'](`${impact['non-breaking']} non-breaking`)}, ${paint.editorial(`${impact.editorial} editorial`)} ` +
      `${impact.breaking + impact['opt-in'] + impact['non-breaking'] + impact.editorial === 1 ? 'change' : 'changes'}${acknowledged} (${plural(report.changes.length, 'record')}${notCounted})`,
  );
  lines.push(...readingLines(report).map((line) => c.dim(line)));
  if (report.grouped.length === 0) lines.push('', 'No changes.');
  for (const section of changeSections(report)) {
    lines.push('', c.bold(c.underline(section.kind === 'announced' ? `Announced: ${section.title}` : section.title || 'Changes')));
    for (const change of section.changes) {
      const tag = paint[change.impact](change.impact.toUpperCase().padEnd(12));
      const feature = change.feature ? ` (for who adopts ${change.feature})` : '';
      const facts = [change.id, rolesText(change), change.acknowledged ? 'acknowledged' : '', plural(change.records.length, 'record')].filter(Boolean).join(' · ');
      lines.push(`  ${tag} ${change.title}${feature}  ${c.dim(`[${facts}]`)}`);
      if (!options.records) continue;
      lines.push(c.dim(`      why: ${change.reason}`));
      for (const record of recordsOf(change, report)) {
        const where = [record.page && record.page !== change.page ? record.page : '', lineRef(record)].filter(Boolean).join(' ');
        lines.push(`      ${level[record.level](record.level.padEnd(12))} ${record.message}${c.dim(`  [${record.id}${where ? ` ${where}` : ''}]`)}`);
      }
    }
  }
  if (report.changelog) lines.push('', ...changelogTextLines(report.changelog));
  const diagnostics = [...report.diagnostics.old.map((d) => formatDiagnostic(d, report.old.source)), ...report.diagnostics.new.map((d) => formatDiagnostic(d, report.new.source))];
  if (diagnostics.length) lines.push('', c.yellow('Read with problems (the diff covers what could be read):'), ...diagnostics.map((d) => `  ${d}`));
  return `${lines.join('\n')}\n`;
}
