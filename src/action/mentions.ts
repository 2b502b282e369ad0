/**
 * GitHub turns some text in a comment into notifications and cross-references: `@user` and
 * `@org/team` notify people, `#123`, `GH-123`, `owner/repo#123` and a URL of an issue or
 * pull request link it and leave a "mentioned this" note on it, `owner/repo@sha` links a
 * commit of another repository. A spec's text, its diff and a branch name are written by
 * others, so in a comment the Action posts none of these may stay live.
 *
 * Each is broken with a zero-width joiner (U+200D) inside the trigger (`@‍user`, `#‍123`,
 * `GH‍-123`, `github‍.com/…`, the last dot of the host): the reader sees the same characters, GitHub's reference
 * filters no longer match. Applied to the whole rendered text, code included (the filters
 * skip code, but a misread code span would not be skipped), so nothing depends on parsing
 * Markdown the way GitHub does. An HTML entity would not do: it is decoded before the
 * filters run (so `&commat;`, `&#64;`, `&num;`, `&#35;` in the text are read as the
 * characters they stand for).
 */

const ZERO_WIDTH_JOINER = '\u200D';

/** GitHub's own hosts, whose issue URLs cross-reference; a GitHub Enterprise host is added by the caller. */
const GITHUB_HOSTS = ['github.com', 'www.github.com'];

/**
 * Notification and reference syntax made inert:
 * - `@` before a letter or digit (users, teams, `owner/repo@sha`);
 * - `#` before a digit (issues; not in an HTML entity such as `&#64;`);
 * - `GH-` before a digit;
 * - `HOST/` for GitHub's hosts (and `hosts`), which covers issue, pull request and commit URLs.
 */
export function neutralizeMentions(text: string, hosts: readonly string[] = []): string {
  const hostPattern = [...GITHUB_HOSTS, ...hosts].map((h) => h.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return text
    // A character reference for `@` or `#` becomes the character first: the renderer decodes it before the filters run.
    .replace(/&(?:commat|#0*64|#x0*40);/gi, '@')
    .replace(/&(?:num|#0*35|#x0*23);/gi, '#')
    .replace(/@(?=[\p{L}\p{N}_])/gu, `@${ZERO_WIDTH_JOINER}`)
    .replace(/(?<!&)#(?=\p{N})/gu, `#${ZERO_WIDTH_JOINER}`)
    .replace(/\b(G)(H)(?=-\p{N})/giu, `$1$2${ZERO_WIDTH_JOINER}`)
    .replace(new RegExp(`\\b(${hostPattern})(?=/)`, 'gi'), (host: string) => host.replace(/\.(?=[^.]*$)/, `${ZERO_WIDTH_JOINER}.`));
}
