/**
 * Which element a `#fragment` in spec text means. The spec's links were written against
 * its upstream documentation site, whose heading slugger differs from GitHub's (the one the
 * site and the model use for every heading id): `_meta` is `#meta` there and `#_meta` here.
 * Rather than teach the site a second slugger, a fragment is matched against the ids a
 * page really has: exactly, then under the prefix rehype-sanitize gives ids of raw HTML,
 * then by the letters and digits alone when that names exactly one heading, then (specs
 * written for spec-md, as GraphQL's) a `#sec-Parent.Child-Heading` by its last heading.
 */

const SANITIZE_PREFIX = 'user-content-';

/** Letters and digits only, lower-cased: what two sluggers of the same heading agree on. */
export function fragmentKey(fragment: string): string {
  return fragment.normalize('NFKD').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

/** The id on the page that `fragment` points to, or null when none matches it unambiguously. */
export function matchFragment(fragment: string, ids: Iterable<string>): string | null {
  const all = [...ids];
  const known = new Set(all);
  if (known.has(fragment)) return fragment;
  if (known.has(SANITIZE_PREFIX + fragment)) return SANITIZE_PREFIX + fragment;
  const key = fragmentKey(fragment);
  if (!key) return null;
  const candidates = [...new Set(all.filter((id) => fragmentKey(id.startsWith(SANITIZE_PREFIX) ? id.slice(SANITIZE_PREFIX.length) : id) === key))];
  if (candidates.length === 1) return candidates[0]!;
  const specMd = /^sec-(?:.*\.)?([^.]+)$/.exec(fragment);
  return specMd ? matchFragment(specMd[1]!, all) : null;
}
