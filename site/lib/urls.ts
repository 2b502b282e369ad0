/**
 * Every URL the site links to, relative to the base path. Components call these with
 * `import.meta.env.BASE_URL`; other site pages (badges, check) use the same functions so
 * links never drift. Page ids ("client/elicitation") keep their slashes.
 */

/** "/" or "/sub/path/": the base path with one slash on each side. */
export function normalizeBase(base: string): string {
  const trimmed = base.replace(/^\/+|\/+$/g, '');
  return trimmed ? `/${trimmed}/` : '/';
}

export function href(base: string, path = ''): string {
  return normalizeBase(base) + path.replace(/^\/+/, '');
}

/**
 * The last path segment of a diff page's part 2, 3…: "part-2". A page id could in principle
 * end the same way; the diff route refuses to build such a pair rather than overwrite a page.
 */
export const PART_SEGMENT = 'part-';

export const paths = {
  home: () => '',
  revision: (revision: string) => `rev/${revision}/`,
  revisionPage: (revision: string, page: string) => `rev/${revision}/${page}/`,
  /** Every page of a revision pair, with the schema's changes. */
  pair: (oldRevision: string, newRevision: string) => `diff/${oldRevision}/${newRevision}/`,
  /** The whole pair as JSON: every page and the schema, like `specdelta diff OLD NEW --format json`. */
  pairJson: (oldRevision: string, newRevision: string) => `diff/${oldRevision}/${newRevision}.json`,
  diff: (oldRevision: string, newRevision: string, page: string) => `diff/${oldRevision}/${newRevision}/${page}/`,
  /** Part N (2, 3…) of a diff page too long for one file (parts.ts); part 1 is the page itself. */
  diffPart: (oldRevision: string, newRevision: string, page: string, part: number) =>
    part <= 1 ? `diff/${oldRevision}/${newRevision}/${page}/` : `diff/${oldRevision}/${newRevision}/${page}/${PART_SEGMENT}${part}/`,
  /** One page pair as JSON: the same object as `specdelta diff OLD:PAGE NEW:PAGE --format json`. */
  diffJson: (oldRevision: string, newRevision: string, page: string) => `diff/${oldRevision}/${newRevision}/${page}.json`,
  /** A change's permanent anchor on its diff page: its fingerprint. */
  changeAnchor: (fingerprint: string) => `c-${fingerprint}`,
  /** Atom feeds: the spec's (revisions and draft changes) and one per page (feeds.ts). */
  feed: () => 'feed.xml',
  pageFeed: (page: string) => `feed/${page}.xml`,
  /** The migration checklist of one party (client, server…) for a revision pair. */
  migrate: (oldRevision: string, newRevision: string, role: string) => `migrate/${oldRevision}/${newRevision}/${role}/`,
  /** A page's story: every revision it is in, each step's changes (timeline.ts). Named by its newest id. */
  timeline: (page: string) => `feature/${page}/`,
  /**
   * Everything that changed for a page (or the whole spec) from a revision to the latest,
   * whichever that is when the site is built: the address keeps its meaning when a new
   * revision ships (since.ts). Badges link here.
   */
  since: (revision: string, page: string | null) => (page === null ? `since/${revision}/` : `since/${revision}/${page}/`),
  badges: () => 'badges/',
  check: () => 'check/',
  /** Full-text search over changes and revision pages; `?q=` runs a query. */
  search: () => 'search/',
  /** The static search index (Pagefind) written after the build: its folder, and the script the search page loads from it. */
  searchIndex: () => 'pagefind/',
  searchScript: () => 'pagefind/pagefind.js',
};
