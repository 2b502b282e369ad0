import pc from 'picocolors';
import type { ChangeLevel } from '../records/change.ts';
import { formatDiagnostic } from '../model/diagnostic.ts';
import { changelogTextLines } from './changelog.ts';
import { groupBySection, lineRef } from './group.ts';
import { label, type DiffReport } from './report.ts';

/**
 * For a terminal or a CI log: a headline, then the changes grouped by section, one line
 * each. Colour is an aid only; the level is always spelled out.
 */
export function renderText(report: DiffReport, options: { color: boolean }): string {
  const c = pc.createColors(options.color);
  const paint: Record<ChangeLevel, (s: string) => string> = { breaking: (s) => c.bold(c.red(s)), 'non-breaking': c.yellow, editorial: c.dim };
  const lines: string[] = [];
  lines.push(c.bold(`${label(report.old)} → ${label(report.new)}`));
  const { summary } = report;
  const notCounted = summary.informative ? ` (and ${summary.informative} from informative pages, not counted)` : '';
  lines.push(`${paint.breaking(`${summary.breaking} breaking`)}, ${paint['non-breaking'](`${summary['non-breaking']} non-breaking`)}, ${paint.editorial(`${summary.editorial} editorial`)}${notCounted}`);
  if (report.changes.length === 0) lines.push('', 'No changes.');
  for (const group of groupBySection(report.changes)) {
    lines.push('', c.bold(c.underline(group.title)));
    for (const change of group.changes) {
      const level = paint[change.level](change.level.toUpperCase().padEnd(12));
      const where = lineRef(change);
      lines.push(`  ${level} ${change.message}${where ? c.dim(`  [${change.id} ${where}]`) : c.dim(`  [${change.id}]`)}`);
    }
  }
  if (report.changelog) lines.push('', ...changelogTextLines(report.changelog));
  const diagnostics = [...report.diagnostics.old.map((d) => formatDiagnostic(d, report.old.source)), ...report.diagnostics.new.map((d) => formatDiagnostic(d, report.new.source))];
  if (diagnostics.length) lines.push('', c.yellow('Read with problems (the diff covers what could be read):'), ...diagnostics.map((d) => `  ${d}`));
  return `${lines.join('\n')}\n`;
}
