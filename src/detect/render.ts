import type { WhichResult } from './detect.ts';

/**
 * The readable forms of a `which` answer, shared by the CLI and the site's "check a page"
 * tool so both say the same thing. Browser-safe.
 */

export interface RenderStyle {
  /** Wraps text in a colour (identity when colour is off). */
  bold?: (s: string) => string;
  dim?: (s: string) => string;
  warn?: (s: string) => string;
}

export function headline(result: WhichResult): string {
  if (result.revision === null) return 'No MCP revision recognised: too little in the text tells revisions apart.';
  if (result.revision === 'mixed') return `Mixed: the text teaches ${listWords(result.revisions)} side by side (confidence ${result.confidence.toFixed(2)}).`;
  return `Teaches MCP ${result.revision} (confidence ${result.confidence.toFixed(2)}).`;
}

/** The title over the evidence that separated the answer from the runner-up: "Decided by (2025-11-25 rather than 2025-06-18)". */
export function decidedByHeading(result: WhichResult): string {
  return result.revision === 'mixed' ? `Decided by (mixed rather than ${result.runnerUp} alone)` : `Decided by (${result.revision} rather than ${result.runnerUp})`;
}

export function renderWhichText(result: WhichResult, label: string, style: RenderStyle = {}): string {
  const bold = style.bold ?? ((s: string) => s);
  const dim = style.dim ?? ((s: string) => s);
  const warn = style.warn ?? ((s: string) => s);
  const lines: string[] = [`${label}: ${bold(headline(result))}`];
  if (result.explanation) lines.push(`  ${result.explanation}`);
  if (result.steps.length > 0) {
    lines.push('', 'Reasoning:');
    for (const step of result.steps) lines.push(`  ${dim(step)}`);
  }
  if (result.decidedBy.length > 0) {
    lines.push('', `${decidedByHeading(result)}:`);
    for (const d of result.decidedBy) lines.push(`  ${d.line === null ? '  absent' : `line ${String(d.line).padStart(4)}`}  ${d.token}  → ${d.favours}  ${dim(d.why)}`);
  }
  if (result.evidence.length > 0) {
    lines.push('', 'Evidence:');
    const width = Math.max(...result.evidence.map((e) => e.token.length));
    for (const e of result.evidence) {
      lines.push(`  line ${String(e.line).padStart(4)}  ${e.token.padEnd(width)}  → ${e.implies.padEnd(10)}  ${dim(e.why)}`);
    }
  }
  if (result.outdated.length > 0) {
    lines.push('', warn('Outdated (a later revision removed it):'));
    for (const o of result.outdated) lines.push(`  line ${String(o.line).padStart(4)}  ${o.token}${o.shape ? ` (${o.shape})` : ''}: removed in ${o.removedIn}`);
  }
  if (result.background.length > 0) {
    lines.push('', dim('Mentioned as background only (not counted):'));
    for (const b of result.background) lines.push(dim(`  line ${String(b.line).padStart(4)}  ${b.token}: ${b.why}`));
  }
  return `${lines.join('\n')}\n`;
}

export function renderWhichMarkdown(result: WhichResult, label: string): string {
  const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const lines = [`### ${cell(label)}`, '', `**${headline(result)}**`, ''];
  if (result.explanation) lines.push(cell(result.explanation), '');
  if (result.steps.length > 0) lines.push(...result.steps.map((step) => `1. ${cell(step)}`), '');
  if (result.evidence.length > 0) {
    lines.push('| line | token | implies | why |', '| ---: | --- | --- | --- |');
    for (const e of result.evidence) lines.push(`| ${e.line} | \`${cell(e.token)}\` | ${e.implies} | ${cell(e.why)} |`);
    lines.push('');
  }
  if (result.outdated.length > 0) {
    lines.push('**Outdated**', '');
    for (const o of result.outdated) lines.push(`- line ${o.line}: \`${cell(o.token)}\`${o.shape ? ` (${cell(o.shape)})` : ''}, removed in ${o.removedIn}`);
    lines.push('');
  }
  if (result.background.length > 0) {
    lines.push('**Background only** (not counted)', '');
    for (const b of result.background) lines.push(`- line ${b.line}: \`${cell(b.token)}\``);
    lines.push('');
  }
  return `${lines.join('\n')}`;
}

function listWords(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/**
 * The JSON of `specdelta which --format json`: the contract's fields first (revision,
 * revisions, confidence, evidence, outdated), then the extras. The browser's check tool
 * prints the same object, so the two can be compared field for field.
 */
export function whichJson(result: WhichResult, input: { source: string; html: boolean }) {
  return {
    revision: result.revision,
    revisions: result.revisions,
    confidence: result.confidence,
    evidence: result.evidence.map((e) => ({ token: e.token, implies: e.implies, why: e.why, line: e.line, kind: e.kind, context: e.context, weight: e.weight, span: e.span, ...(e.shape ? { shape: e.shape } : {}) })),
    outdated: result.outdated.map((o) => ({ token: o.token, removedIn: o.removedIn, line: o.line, ...(o.shape ? { shape: o.shape } : {}) })),
    compatible: result.compatible,
    background: result.background,
    alsoValid: result.alsoValid,
    runnerUp: result.runnerUp,
    decidedBy: result.decidedBy,
    explanation: result.explanation,
    steps: result.steps,
    eras: result.eras,
    input: { source: input.source, kind: input.html ? 'html' : 'markdown' },
  };
}
