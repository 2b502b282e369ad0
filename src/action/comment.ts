import { IMPACTS, type Impact } from '../changes/index.ts';
import { escape, MARKDOWN_BUDGET, renderMarkdown } from '../report/markdown.ts';
import { label, type DiffReport } from '../report/report.ts';
import { neutralizeMentions } from './mentions.ts';

/**
 * The pull-request comment: a hidden marker first, so the next run finds and updates this
 * comment instead of adding another, then the Markdown report within GitHub's size limit
 * (the most severe records kept, the rest counted). With several spec paths, one comment
 * still: a table of the paths' counts, then a section per path.
 *
 * Everything after the marker is others' text as far as GitHub is concerned: mentions and
 * issue references in it are made inert (mentions.ts). The whole body, diagnostics
 * included, stays within the limit: a report that still does not fit once its records are
 * cut to size is cut at a line, with a sentence saying how much is shown and where the full
 * report is.
 */

/**
 * GitHub refuses a comment body over 65,536 characters. A JavaScript string's length counts
 * UTF-16 code units, never fewer than the characters (code points) GitHub counts, so a body
 * whose length is within it is within GitHub's.
 */
export const GITHUB_COMMENT_LIMIT = 65_536;

const FOOTER = '\n<sub>Posted by specdelta; updated in place on every push.</sub>\n';

/** Where the whole report can be read, for the sentence of a cut comment; hosts to treat as GitHub's. */
export interface CommentContext {
  /** "in this run's job summary (https://…)"; default: how to print it with the CLI. */
  fullReportAt?: string;
  /** A GitHub Enterprise host (from GITHUB_SERVER_URL), whose issue URLs cross-reference too. */
  hosts?: readonly string[];
}

/** One comment per set of spec folders: two jobs diffing different folders keep a comment each. */
export function commentMarker(spec: string | readonly string[]): string {
  const specs = typeof spec === 'string' ? spec : spec.join(',');
  return `<!-- specdelta:pr-comment spec=${specs.replace(/--/g, '- -')} -->`;
}

export function commentBody(report: DiffReport, spec: string, maxChars = MARKDOWN_BUDGET, context: CommentContext = {}): string {
  return sectionsCommentBody([{ spec, report }], maxChars, context);
}

/** One spec path's part of the comment. */
export interface CommentSection {
  spec: string;
  schema?: string;
  report: DiffReport;
}

/** The comment for one or more spec paths. */
export function sectionsCommentBody(sections: readonly CommentSection[], maxChars = MARKDOWN_BUDGET, context: CommentContext = {}): string {
  const marker = commentMarker(sections.map((s) => s.spec));
  const limit = Math.min(maxChars, GITHUB_COMMENT_LIMIT);
  const room = limit - marker.length - 1 - FOOTER.length;
  const compose = (budget: number) => neutralizeMentions(reportsMarkdown(sections, budget), context.hosts);
  // Records are cut to the budget; what the budget does not bound (diagnostics, a
  // changelog's items, inert mentions) may still overflow: ask again for less, then cut.
  let budget = room;
  let content = compose(budget);
  for (let tries = 0; tries < 3 && content.length > room; tries++) {
    budget -= content.length - room + 1_000;
    content = compose(Math.max(budget, 0));
  }
  if (content.length > room) content = cut(content, compose(Number.POSITIVE_INFINITY).length, room, context);
  return `${marker}\n${content}${FOOTER}`;
}

/** The whole report, every record listed, mentions inert: for the job summary and the report file. */
export function fullReport(sections: readonly CommentSection[], context: CommentContext = {}): string {
  return neutralizeMentions(reportsMarkdown(sections, Number.POSITIVE_INFINITY), context.hosts);
}

/** The reports' Markdown within `room` characters of records: one report as is, several under a table of their counts. */
function reportsMarkdown(sections: readonly CommentSection[], room: number): string {
  if (sections.length === 1) return renderMarkdown(sections[0]!.report, { maxChars: room });
  const first = sections[0]!.report;
  const name = (s: CommentSection) => `\`${s.spec}\`${s.schema ? ` + \`${s.schema}\`` : ''}`;
  // Changes by impact, as every report counts them.
  const total = (impact: Impact) => sections.reduce((n, s) => n + s.report.summary.impact[impact], 0);
  const head = [
    `## ${escape(label(first.old))} → ${escape(label(first.new))}: ${sections.length} spec paths`,
    '',
    `| spec path | ${IMPACTS.join(' | ')} |`,
    `| --- |${IMPACTS.map(() => ' ---: |').join('')}`,
    ...sections.map((s) => `| ${name(s)} | ${IMPACTS.map((i) => s.report.summary.impact[i]).join(' | ')} |`),
    `| **all** | ${IMPACTS.map(total).join(' | ')} |`,
    '',
  ].join('\n');
  const headings = sections.map((s) => `## ${name(s)}\n\n`);
  const left = room - head.length - headings.reduce((n, h) => n + h.length + 1, 0);
  const bodies = shareRoom(sections.map((s) => (budget: number) => demote(renderMarkdown(s.report, { maxChars: budget }))), left);
  return `${head}${sections.map((_, i) => `\n${headings[i]}${bodies[i]}`).join('')}`;
}

/**
 * The content cut at the last whole line that leaves room for the sentence saying so (and
 * for closing a `<details>` the cut left open, which would hide the sentence).
 */
function cut(content: string, whole: number, room: number, context: CommentContext): string {
  const where = context.fullReportAt ?? 'printed in full by `specdelta diff --git . BASE HEAD --spec PATH --format markdown --max-chars 0`';
  const note = (shown: number) => `\n> [!NOTE]\n> This comment was cut to fit GitHub's limit of ${GITHUB_COMMENT_LIMIT.toLocaleString('en')} characters: it shows the first ${shown.toLocaleString('en')} of ${whole.toLocaleString('en')} characters of the report. The full report is ${where}.\n`;
  const closing = '\n</details>\n';
  // The note's length with the largest numbers it can hold, so the cut never needs a second try.
  const reserve = note(whole).length + closing.length;
  let end = content.lastIndexOf('\n', Math.max(0, room - reserve));
  if (end <= 0) end = Math.max(0, room - reserve);
  let kept = content.slice(0, end);
  const open = (kept.match(/<details>/g) ?? []).length - (kept.match(/<\/details>/g) ?? []).length;
  if (open > 0) kept += closing;
  return `${kept}\n${note(end)}`;
}

/**
 * Splits the room between the sections: each gets an equal share, and what the short ones
 * leave is given to those that did not fit, so one long report cannot crowd out the rest.
 */
function shareRoom(render: ((budget: number) => string)[], room: number): string[] {
  const share = Math.floor(room / render.length);
  const whole = render.map((r) => r(Number.POSITIVE_INFINITY));
  const fits = whole.map((b) => b.length <= share);
  const spare = whole.reduce((n, b, i) => n + (fits[i] ? share - b.length : 0), 0);
  const needy = fits.filter((f) => !f).length;
  return whole.map((b, i) => (fits[i] ? b : render[i]!(share + Math.floor(spare / needy))));
}

/**
 * A report's headings one level down, under its path's heading. Every line the renderer
 * starts with "#" is a heading: spec text in it has "#" escaped.
 */
function demote(markdown: string): string {
  return markdown.replace(/^(#{1,5}) /gm, '#$1 ');
}
