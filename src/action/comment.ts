import { MARKDOWN_BUDGET, renderMarkdown } from '../report/markdown.ts';
import type { DiffReport } from '../report/report.ts';

/**
 * The pull-request comment: a hidden marker first, so the next run finds and updates this
 * comment instead of adding another, then the Markdown report within GitHub's size limit
 * (the most severe records kept, the rest counted).
 */

/** GitHub refuses a comment body over 65,536 characters. */
export const GITHUB_COMMENT_LIMIT = 65_536;

/** One comment per spec folder: two jobs diffing different folders keep a comment each. */
export function commentMarker(spec: string): string {
  return `<!-- specdelta:pr-comment spec=${spec.replace(/--/g, '- -')} -->`;
}

export function commentBody(report: DiffReport, spec: string, maxChars = MARKDOWN_BUDGET): string {
  const marker = commentMarker(spec);
  const footer = '\n<sub>Posted by specdelta; updated in place on every push.</sub>\n';
  const room = Math.min(maxChars, GITHUB_COMMENT_LIMIT) - marker.length - footer.length - 1;
  return `${marker}\n${renderMarkdown(report, { maxChars: room })}${footer}`;
}
