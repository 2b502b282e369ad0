import { CHANGE_LEVELS } from '../records/change.ts';
import { escape, MARKDOWN_BUDGET, renderMarkdown } from '../report/markdown.ts';
import { label, type DiffReport } from '../report/report.ts';

/**
 * The pull-request comment: a hidden marker first, so the next run finds and updates this
 * comment instead of adding another, then the Markdown report within GitHub's size limit
 * (the most severe records kept, the rest counted). With several spec paths, one comment
 * still: a table of the paths' counts, then a section per path.
 */

/** GitHub refuses a comment body over 65,536 characters. */
export const GITHUB_COMMENT_LIMIT = 65_536;

const FOOTER = '\n<sub>Posted by specdelta; updated in place on every push.</sub>\n';

/** One comment per set of spec folders: two jobs diffing different folders keep a comment each. */
export function commentMarker(spec: string | readonly string[]): string {
  const specs = typeof spec === 'string' ? spec : spec.join(',');
  return `<!-- specdelta:pr-comment spec=${specs.replace(/--/g, '- -')} -->`;
}

export function commentBody(report: DiffReport, spec: string, maxChars = MARKDOWN_BUDGET): string {
  const marker = commentMarker(spec);
  const room = Math.min(maxChars, GITHUB_COMMENT_LIMIT) - marker.length - FOOTER.length - 1;
  return `${marker}\n${renderMarkdown(report, { maxChars: room })}${FOOTER}`;
}

/** One spec path's part of the comment. */
export interface CommentSection {
  spec: string;
  schema?: string;
  report: DiffReport;
}

/** The comment for one or more spec paths; for one, exactly commentBody's. */
export function sectionsCommentBody(sections: readonly CommentSection[], maxChars = MARKDOWN_BUDGET): string {
  if (sections.length === 1) return commentBody(sections[0]!.report, sections[0]!.spec, maxChars);
  const marker = commentMarker(sections.map((s) => s.spec));
  const first = sections[0]!.report;
  const name = (s: CommentSection) => `\`${s.spec}\`${s.schema ? ` + \`${s.schema}\`` : ''}`;
  const total = (level: (typeof CHANGE_LEVELS)[number]) => sections.reduce((n, s) => n + s.report.summary[level], 0);
  const head = [
    `## ${escape(label(first.old))} → ${escape(label(first.new))}: ${sections.length} spec paths`,
    '',
    '| spec path | breaking | non-breaking | editorial |',
    '| --- | ---: | ---: | ---: |',
    ...sections.map((s) => `| ${name(s)} | ${CHANGE_LEVELS.map((l) => s.report.summary[l]).join(' | ')} |`),
    `| **all** | ${CHANGE_LEVELS.map(total).join(' | ')} |`,
    '',
  ].join('\n');
  const headings = sections.map((s) => `## ${name(s)}\n\n`);
  const room = Math.min(maxChars, GITHUB_COMMENT_LIMIT) - marker.length - 1 - head.length - FOOTER.length - headings.reduce((n, h) => n + h.length + 1, 0);
  const bodies = shareRoom(sections.map((s) => (budget: number) => demote(renderMarkdown(s.report, { maxChars: budget }))), room);
  return `${marker}\n${head}${sections.map((_, i) => `\n${headings[i]}${bodies[i]}`).join('')}${FOOTER}`;
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
