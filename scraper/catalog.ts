import { InputError } from '../src/core/errors.ts';
import { catalogFromListing, catalogFromNavigation, schemaRevisionOf, type Catalog } from './discover.ts';
import { SourceError } from './errors.ts';
import type { Layout } from './layout.ts';
import type { RevisionInfo } from './lock.ts';
import type { Source } from './types.ts';
import { verifyBody } from './verify.ts';
import { stripPageExtension } from '../src/input/spec-tree.ts';

/**
 * Asks a source what it publishes: the navigation file when it has one (the published
 * pages, and which version is latest), else a listing of the spec folder.
 */
export async function loadCatalog(source: Source, layout: Layout): Promise<Catalog> {
  let navText: string | null = null;
  try {
    const nav = await source.get(layout.navFile, { expect: 'json' });
    if (nav.status === 'ok') navText = verifyBody(nav.body, 'json', nav.url);
  } catch (error) {
    if (!(error instanceof SourceError && error.kind === 'not-found')) throw error;
  }
  const listed = await source.list(layout.specDir);
  const schemas = await source.list(layout.schemaDir);
  let catalog: Catalog | null = null;
  if (navText !== null) {
    const schemaRevisions = schemas === null ? null : new Set(schemas.map((f) => schemaRevisionOf(f, layout)).filter((r): r is string => r !== null));
    try {
      catalog = catalogFromNavigation(navText, layout, { schemaRevisions });
    } catch (error) {
      throw new SourceError('invalid', `${source.locate(layout.navFile)}: ${(error as Error).message}.`);
    }
  }
  if (catalog === null && listed !== null) catalog = catalogFromListing([...listed, ...(schemas ?? [])], layout);
  if (catalog === null) {
    const how = listed === null ? `${layout.navFile} (a raw-file host cannot list folders)` : `${layout.navFile} or a ${layout.specDir} folder`;
    throw new SourceError('not-found', `${source.label} has no spec revisions: found neither ${how}; is it the upstream repository's layout?`);
  }
  return catalog;
}

/**
 * The revisions named on the command line, checked against the catalog. "latest" stands
 * for the revision the source marks latest. Empty means all.
 */
export function selectRevisions(catalog: { revisions: RevisionInfo[] }, wanted: readonly string[] | undefined, sourceLabel: string): RevisionInfo[] {
  if (!wanted || wanted.length === 0) return catalog.revisions;
  const chosen: RevisionInfo[] = [];
  for (const name of wanted) {
    const found = name === 'latest' ? catalog.revisions.find((r) => r.status === 'latest') : catalog.revisions.find((r) => r.id === name);
    if (!found) {
      throw new InputError(`revision ${name} is not known to ${sourceLabel} (known: ${catalog.revisions.map((r) => r.id).join(', ') || 'none'}).`);
    }
    if (!chosen.includes(found)) chosen.push(found);
  }
  return chosen;
}

/** A page id as typed: without a leading slash or a page extension (input/spec-tree.ts). */
export function normalizePage(page: string): string {
  return stripPageExtension(page.replace(/^\/+/, ''));
}

/**
 * The (revision, page) pairs to work on. With explicit revisions, each must have every
 * page asked for; with all revisions, a page must exist in at least one.
 */
export function selectPages(
  revisions: readonly RevisionInfo[],
  pagesOf: (revision: string) => readonly string[],
  wanted: readonly string[] | undefined,
  explicitRevisions: boolean,
): Array<{ revision: string; page: string }> {
  const pairs: Array<{ revision: string; page: string }> = [];
  const pages = wanted && wanted.length > 0 ? [...new Set(wanted.map(normalizePage))] : null;
  for (const page of pages ?? []) {
    const holders = revisions.filter((r) => pagesOf(r.id).includes(page));
    if (explicitRevisions) {
      const missing = revisions.find((r) => !pagesOf(r.id).includes(page));
      if (missing) throw new InputError(`revision ${missing.id} has no page ${page}${suggest(page, pagesOf(missing.id))}.`);
    } else if (holders.length === 0) {
      throw new InputError(`no revision has a page ${page}${suggest(page, revisions.flatMap((r) => pagesOf(r.id)))}.`);
    }
  }
  for (const revision of revisions) {
    for (const page of pagesOf(revision.id)) {
      if (pages === null || pages.includes(page)) pairs.push({ revision: revision.id, page });
    }
  }
  return pairs;
}

function suggest(page: string, known: readonly string[]): string {
  const last = page.split('/').pop() ?? page;
  const close = [...new Set(known)].filter((k) => {
    const kLast = k.split('/').pop() ?? k;
    return kLast === last || k.includes(last) || (kLast.length >= 4 && last.includes(kLast));
  });
  return close.length > 0 ? ` (did you mean ${close.slice(0, 3).join(', ')}?)` : '';
}
