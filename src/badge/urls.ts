/**
 * Where a badge's image lives on the site and where it links. The shapes match the site's
 * routes (site/lib/urls.ts: since views at `since/REV/PAGE/`, revision pages at
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
 * "What changed since this revision": the site's since view of a released revision
 * (`since/REV/PAGE/`), which keeps meaning "from REV to the latest" when a new revision
 * ships (for the latest it says so, and what the draft changes); the draft has nothing
 * after it, so its own page.
 */
export function changedSincePath(revisions: readonly BadgeRevision[], revision: string, page: string | null): string {
  const status = revisions.find((r) => r.id === revision)?.status;
  if (status === 'draft' || status === undefined) return page ? `rev/${revision}/${page}/` : `rev/${revision}/`;
  return page ? `since/${revision}/${page}/` : `since/${revision}/`;
}

/** How many released revisions came after `revision` (0 for the latest and the draft). */
export function revisionsBehind(revisions: readonly BadgeRevision[], revision: string): number {
  const latest = revisions.findIndex((r) => r.status === 'latest');
  const at = revisions.findIndex((r) => r.id === revision);
  return latest < 0 || at < 0 || at >= latest ? 0 : latest - at;
}

/** Joins a site URL (with or without a trailing slash, possibly with a base path) and a site path. */
export function siteUrl(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
