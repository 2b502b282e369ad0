import { isPageId, isRevisionId, revisionDate, type RevisionInfo } from './lock.ts';
import { compareLockedRevisions } from '../src/input/spec-tree.ts';
import { navPrefix, PAGE_EXTENSIONS, SCHEMA_PAGE, type Layout } from './layout.ts';
import { stripPageExtension } from '../src/input/spec-tree.ts';

/**
 * What a source publishes: its revisions (which is latest, which is draft) and each
 * revision's pages. Discovered from the docs navigation (docs/docs.json) or, when there is
 * none, from a listing of the spec folder. Nothing here names a particular revision.
 */
export interface Catalog {
  revisions: RevisionInfo[];
  /** revision id → page ids (sorted; "schema.json" included when the revision has a schema). */
  pages: Map<string, string[]>;
  /** How it was found. */
  from: 'navigation' | 'listing';
}

interface VersionGroup {
  label: string | null;
  isDefault: boolean;
  pages: string[];
}

/**
 * Reads the navigation file. Returns null when it lists no spec pages at all (then a
 * listing must do). Throws a plain Error with a sentence when the text is not JSON.
 */
export function catalogFromNavigation(text: string, layout: Layout, options: { schemaRevisions?: ReadonlySet<string> | null } = {}): Catalog | null {
  let nav: unknown;
  try {
    nav = JSON.parse(text);
  } catch (error) {
    throw new Error(`${layout.navFile} is not valid JSON (${(error as Error).message})`);
  }
  const prefix = `${navPrefix(layout)}/`;
  const groups: VersionGroup[] = [];
  const loose: string[] = [];
  collect(nav, null, groups, loose, prefix);

  const byRevision = new Map<string, Set<string>>();
  const labels = new Map<string, { label: string | null; isDefault: boolean }>();
  const add = (route: string, group: VersionGroup | null) => {
    const rest = route.slice(prefix.length);
    const slash = rest.indexOf('/');
    if (slash <= 0) return;
    const id = rest.slice(0, slash);
    const page = stripPageExtension(rest.slice(slash + 1));
    if (!isRevisionId(id) || !isPageId(page)) return;
    let set = byRevision.get(id);
    if (!set) byRevision.set(id, (set = new Set()));
    set.add(page);
    if (group && !labels.has(id)) labels.set(id, { label: group.label, isDefault: group.isDefault });
  };
  for (const group of groups) for (const route of group.pages) add(route, group);
  for (const route of loose) add(route, null);
  if (byRevision.size === 0) return null;

  const revisions: RevisionInfo[] = [...byRevision.keys()].map((id) => {
    const meta = labels.get(id);
    const draft = id === layout.draftId || (meta?.label != null && /\bdraft\b/i.test(meta.label) && revisionDate(id) === null);
    return { id, date: revisionDate(id), status: draft ? 'draft' : 'superseded' };
  });
  // Latest: the version the navigation labels "latest", else its default version, else the newest dated one.
  const released = revisions.filter((r) => r.status !== 'draft');
  const labelled = released.find((r) => /\blatest\b/i.test(labels.get(r.id)?.label ?? ''));
  const byDefault = released.find((r) => labels.get(r.id)?.isDefault === true);
  const latest = labelled ?? byDefault ?? newestDated(released);
  if (latest) latest.status = 'latest';

  const pages = new Map<string, string[]>();
  for (const [id, set] of byRevision) {
    const list = [...set];
    if (!options.schemaRevisions || options.schemaRevisions.has(id)) list.push(SCHEMA_PAGE);
    pages.set(id, sortPages(list));
  }
  return { revisions: revisions.sort(compareLockedRevisions), pages, from: 'navigation' };
}

function collect(node: unknown, group: VersionGroup | null, groups: VersionGroup[], loose: string[], prefix: string): void {
  if (typeof node === 'string') {
    if (node.startsWith(prefix)) (group ? group.pages : loose).push(node);
    return;
  }
  if (Array.isArray(node)) {
    for (const child of node) collect(child, group, groups, loose, prefix);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const record = node as Record<string, unknown>;
  let inner = group;
  if (typeof record['version'] === 'string') {
    inner = { label: record['version'], isDefault: record['default'] === true, pages: [] };
    groups.push(inner);
  }
  for (const [key, value] of Object.entries(record)) {
    // Only page lists and nested navigation; skip redirects and other site settings.
    if (key === 'redirects' || key === 'version') continue;
    if (typeof value === 'string') {
      if (key === 'page' || key === 'href') collect(value, inner, groups, loose, prefix);
      continue;
    }
    collect(value, inner, groups, loose, prefix);
  }
}

/**
 * Builds the catalog from the files of the source (paths relative to the repository root):
 * `<specDir>/<revision>/**.mdx` and `<schemaDir>/<revision>/schema.json`.
 */
export function catalogFromListing(files: readonly string[], layout: Layout): Catalog | null {
  const specPrefix = `${layout.specDir}/`;
  const byRevision = new Map<string, Set<string>>();
  const schemas = new Set<string>();
  for (const file of files) {
    if (file.startsWith(specPrefix)) {
      const rest = file.slice(specPrefix.length);
      const slash = rest.indexOf('/');
      const ext = PAGE_EXTENSIONS.find((e) => rest.endsWith(e));
      if (slash <= 0 || !ext) continue;
      const id = rest.slice(0, slash);
      const page = rest.slice(slash + 1, -ext.length);
      if (!isRevisionId(id) || !isPageId(page)) continue;
      let set = byRevision.get(id);
      if (!set) byRevision.set(id, (set = new Set()));
      set.add(page);
    }
    const schema = schemaRevisionOf(file, layout);
    if (schema !== null) schemas.add(schema);
  }
  if (byRevision.size === 0) return null;
  const revisions: RevisionInfo[] = [...byRevision.keys()].map((id) => ({
    id,
    date: revisionDate(id),
    status: id === layout.draftId ? 'draft' : 'superseded',
  }));
  const latest = newestDated(revisions.filter((r) => r.status !== 'draft'));
  if (latest) latest.status = 'latest';
  const pages = new Map<string, string[]>();
  for (const [id, set] of byRevision) {
    const list = [...set];
    if (schemas.has(id)) list.push(SCHEMA_PAGE);
    pages.set(id, sortPages(list));
  }
  return { revisions: revisions.sort(compareLockedRevisions), pages, from: 'listing' };
}

/** The revision whose schema a repository path is (`schema/<rev>/schema.json`), or null. */
export function schemaRevisionOf(file: string, layout: Layout): string | null {
  const prefix = `${layout.schemaDir}/`;
  if (!file.startsWith(prefix) || !file.endsWith(`/${SCHEMA_PAGE}`)) return null;
  const id = file.slice(prefix.length, -SCHEMA_PAGE.length - 1);
  return isRevisionId(id) ? id : null;
}

function newestDated(revisions: RevisionInfo[]): RevisionInfo | undefined {
  return revisions.filter((r) => r.date !== null).sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''))[0];
}

function sortPages(pages: string[]): string[] {
  return pages.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}
