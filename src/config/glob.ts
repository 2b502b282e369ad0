/**
 * Page-id globs (`guide/**`, `*\/changelog`, `CHANGELOG`): `*` stands for any run of
 * characters within a path segment, `?` for one, and a segment that is exactly `**` for
 * any number of whole segments (none included); every other character is itself.
 *
 * Matched without a regular expression: a glob compiled to one (as glob libraries do,
 * picomatch 4.0.7 included, measured) backtracks, and `*a*a*a*a*a*a*a*a*a*a*b` against a
 * long page id took more than a minute. This is the two-pointer wildcard match, at both
 * levels: segments against segment patterns (`**` the wildcard), and characters within a
 * segment (`*` the wildcard). On a mismatch it resumes after the last wildcard only, which
 * is enough because a later wildcard can absorb whatever an earlier one would have. Each
 * level costs at most its pattern's length times its text's length, so a config's globs
 * cost time linear in the length of the page id.
 */

/**
 * The two-pointer match of a pattern of single-item matchers and wildcards (each standing
 * for any run of items) against a text, both as lists: characters of a segment, or
 * segments of a path.
 */
function wildcardMatch(pattern: ArrayLike<string>, text: ArrayLike<string>, isWildcard: (p: string) => boolean, matchesOne: (p: string, t: string) => boolean): boolean {
  let p = 0;
  let t = 0;
  let wildcard = -1;
  let resume = 0;
  while (t < text.length) {
    if (p < pattern.length && !isWildcard(pattern[p]!) && matchesOne(pattern[p]!, text[t]!)) {
      p += 1;
      t += 1;
    } else if (p < pattern.length && isWildcard(pattern[p]!)) {
      wildcard = p;
      resume = t;
      p += 1;
    } else if (wildcard !== -1) {
      // Let the last wildcard take one more item, and try the rest of the pattern from there.
      p = wildcard + 1;
      resume += 1;
      t = resume;
    } else {
      return false;
    }
  }
  while (p < pattern.length && isWildcard(pattern[p]!)) p += 1;
  return p === pattern.length;
}

/** Whether `text` (one path segment) matches `pattern` (one glob segment, no `/`). */
function segmentMatches(pattern: string, text: string): boolean {
  return wildcardMatch(pattern, text, (c) => c === '*', (c, t) => c === '?' || c === t);
}

/** Whether a path (`a/b/c`) matches a glob (`a/**`), segment by segment. */
export function matchGlob(glob: string, path: string): boolean {
  return wildcardMatch(glob.split('/'), path.split('/'), (s) => s === '**', segmentMatches);
}
