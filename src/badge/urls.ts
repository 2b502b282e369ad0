/**
 * Where a badge's image lives on the site and where it links. The shapes match the site's
 * routes (site/lib/urls.ts: diff pages at `diff/OLD/NEW/PAGE/`, revision pages at
 * `rev/REV/PAGE/`); test/badge/urls.test.ts checks they stay the same.
 */

export interface BadgeRevision {
  id: string;
  status: 'latest' | 'superseded' | 'draft';
}

/** `badge/REV/PAGE.svg`, or `badge/REV.svg` for the whole specification. */
export function badgeImagePath(revision: string, page: string | null): string {
  return page ? `badge/${revision}/${page}.svg` : `badge/${revision}.svg`;
}

/**
 * "What changed since this revision": a superseded revision against the latest; the latest
 * against the draft (what is coming); the draft has nothing after it, so its own page.
 */
export function changedSincePath(revisions: readonly BadgeRevision[], revision: string, page: string | null): string {
  const latest = revisions.find((r) => r.status === 'latest')?.id ?? null;
  const draft = revisions.find((r) => r.status === 'draft')?.id ?? null;
  const target = revision !== latest && latest !== null && revision !== draft ? latest : revision === latest && draft ? draft : null;
  if (target === null) return page ? `rev/${revision}/${page}/` : `rev/${revision}/`;
  return page ? `diff/${revision}/${target}/${page}/` : `diff/${revision}/${target}/`;
}

/** Joins a site URL (with or without a trailing slash, possibly with a base path) and a site path. */
export function siteUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
