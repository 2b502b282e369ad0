import type { DiffReport } from './report.ts';

/** The contract's JSON: old, new, summary, changes; diagnostics added only when there are some. */
export function renderJson(report: DiffReport): string {
  const { diagnostics, ...rest } = report;
  const out: Record<string, unknown> = { ...rest };
  if (diagnostics.old.length || diagnostics.new.length) out['diagnostics'] = diagnostics;
  return `${JSON.stringify(out, null, 2)}\n`;
}
