import { posix } from 'node:path';

/**
 * Where things live in the upstream repository. These are the upstream's folder
 * conventions, not a list of revisions or pages: those are discovered (see discover.ts).
 */
export interface Layout {
  /** The docs site's navigation file, which lists versions and their pages. */
  navFile: string;
  /** The folder the navigation's page routes are relative to. */
  docsRoot: string;
  /** The folder holding one sub-folder per revision. */
  specDir: string;
  /** The folder holding `<revision>/schema.json`. */
  schemaDir: string;
  /** The folder name (and revision id) of the unreleased revision. */
  draftId: string;
}

export const UPSTREAM_LAYOUT: Layout = {
  navFile: 'docs/docs.json',
  docsRoot: 'docs',
  specDir: 'docs/specification',
  schemaDir: 'schema',
  draftId: 'draft',
};

/** The page id under which a revision's JSON Schema is snapshotted. */
export const SCHEMA_PAGE = 'schema.json';

/** Page extensions read from the spec folder. */
export const PAGE_EXTENSIONS = ['.mdx', '.md'] as const;

/** The upstream repository path of a page: `docs/specification/<rev>/<page>.mdx` or `schema/<rev>/schema.json`. */
export function upstreamPath(layout: Layout, revision: string, page: string): string {
  if (page === SCHEMA_PAGE) return posix.join(layout.schemaDir, revision, SCHEMA_PAGE);
  return posix.join(layout.specDir, revision, `${page}.mdx`);
}

/** The prefix of navigation routes that point into the spec folder ("specification"). */
export function navPrefix(layout: Layout): string {
  return posix.relative(layout.docsRoot, layout.specDir);
}

/** The rendered site's route for a page ("specification/2025-11-25/client/elicitation"; "…/index" drops the index). */
export function siteRoute(layout: Layout, revision: string, page: string): string {
  const route = posix.join(navPrefix(layout), revision, page);
  return route.endsWith('/index') ? route.slice(0, -'/index'.length) : route;
}
