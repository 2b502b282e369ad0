import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { InputError } from '../core/errors.ts';
import { confinedFile, listConfinedFiles } from './confined-files.ts';
import { isRevisionId } from './ids.ts';
import { isBranchLikeName, isRevisionName, orderRevisions, revisionKey, revisionOrder } from './revision-order.ts';

/**
 * The one reader of a spec's folders: which sub-folders are revisions, which files are pages,
 * where the schema is, and the revisions of a snapshots lock. Every other reader (the
 * whole-revision diff's trees, the detector's fingerprint builder, the scraper's lock, the
 * site, the benches) asks here, so a folder is a revision, or a file a page, by one rule.
 *
 * Layouts read:
 * - snapshots: `<dir>/<revision>/<page>.mdx`, `<dir>/<revision>/schema.json`, revisions and
 *   their status from `<dir>/snapshots.lock.json`;
 * - upstream (a clone or mirror): `<dir>/docs/specification/<revision>/<page>.mdx`,
 *   `<dir>/schema/<revision>/schema.json`;
 * - any spec's revision folders, `<dir>/<revision>/…`, named any way (`v1.2.0`, `June2018`,
 *   `draft-ietf-x-08`), or as its `specdelta.config.json` lists them.
 */

/** The extensions a spec page may have, the most common first: the only copy of this rule. */
export const PAGE_EXTENSIONS = ['.mdx', '.md', '.markdown'] as const;

/** A page extension as a regular expression's source, for patterns that match more around it. */
export const PAGE_EXTENSION_SOURCE = `(?:${PAGE_EXTENSIONS.map((ext) => `\\${ext}`).join('|')})`;

/** A file name or path that ends in a page extension (any case: `README.MD` is a page too). */
export const PAGE_FILE = new RegExp(`${PAGE_EXTENSION_SOURCE}$`, 'i');

/** A page file's (or link's) path without its page extension: `guide/intro.md` → `guide/intro`. */
export function stripPageExtension(file: string): string {
  return file.replace(PAGE_FILE, '');
}

export type RevisionStatus = 'latest' | 'superseded' | 'draft';

/** A revision as a lock, a folder listing and the detector's fingerprints name it. */
export interface SpecRevision {
  /** The folder name: a date like "2025-11-25", a version, an edition, or "draft". */
  id: string;
  /** The released revision's name as texts cite it (YYYY-MM-DD for a dated spec, `v1.2.0`…); null for a draft. */
  date: string | null;
  status: RevisionStatus;
}

/** A spec config's `revisions` setting, as this layer takes it (config/ is read above it). */
export interface RevisionSetting {
  /** Only folders whose name matches this regular expression are revisions. */
  match?: string;
  /** The revisions in order, oldest first; a folder listed here is a revision whatever its name. */
  order?: readonly string[];
}

interface RevisionFolderOptions extends RevisionSetting {
  /**
   * The folder is a known layout's revisions folder (`docs/specification/` upstream), where a
   * branch-like name (`main`, `next`) is a revision; elsewhere such a folder is as often a
   * checkout's, so it is not one.
   */
  knownLayout?: boolean;
}

/**
 * Is a sub-folder a revision: the one rule. With `match`, exactly the names it matches;
 * else a name the config's `order` lists, or a name shaped as revisions are named (a date,
 * a version, an edition, a numbered draft, `draft`: revision-order.ts), not branch-like
 * outside a known layout. Dot-folders never are.
 */
export function isRevisionFolder(name: string, options: RevisionFolderOptions = {}): boolean {
  if (name.startsWith('.')) return false;
  if (options.match) return new RegExp(options.match).test(name);
  if (options.order?.includes(name)) return true;
  return isRevisionName(name) && (options.knownLayout === true || !isBranchLikeName(name));
}

/** The revision folders of `dir`, in revision order (revision-order.ts; a config's `order` wins). */
export function revisionFolders(dir: string, options: RevisionFolderOptions = {}): string[] {
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && isRevisionFolder(entry.name, options))
    .map((entry) => entry.name);
  return orderRevisions(names, options.order);
}

/**
 * Revisions from folder names in order: the last released one is the latest, drafts
 * (`draft`, or a branch-like name in a known layout) come last. A released revision's
 * `date` is its name as texts cite it.
 */
function folderRevisions(names: readonly string[]): SpecRevision[] {
  const drafts = names.filter((n) => revisionKey(n).family === 3);
  const released = names.filter((n) => !drafts.includes(n));
  return [
    ...released.map((id, i): SpecRevision => ({ id, date: id, status: i === released.length - 1 ? 'latest' : 'superseded' })),
    ...drafts.map((id): SpecRevision => ({ id, date: null, status: 'draft' })),
  ];
}

/** The revisions a lock (snapshots.lock.json) lists, as copies, in its order (chronological, the draft last). */
export function lockedRevisions(lock: { readonly revisions: readonly SpecRevision[] }): SpecRevision[] {
  return lock.revisions.map((r) => ({ ...r }));
}

/**
 * A lock's order: the revisions `explicit` (a config's list) names in its order, then by
 * name as folders are (revision-order.ts: dates by time, versions numerically), a draft
 * last unless the list places it. By id alone: a locked revision's date is its id or null.
 */
export function lockedRevisionOrder(explicit: readonly string[] = []): (a: SpecRevision, b: SpecRevision) => number {
  const byName = revisionOrder(explicit);
  const last = (r: SpecRevision) => (r.status === 'draft' && !explicit.includes(r.id) ? 1 : 0);
  return (a, b) => last(a) - last(b) || byName(a.id, b.id);
}

/** A lock's order when no config lists one. */
export const compareLockedRevisions = lockedRevisionOrder();

/**
 * Page id → file path relative to the revision folder (`guide/intro` → `guide/intro.md`),
 * any page extension. Read through confined-files.ts: a link that leaves the folder, or
 * loops, is skipped (and said once on stderr, naming `what`).
 */
export function pageFiles(revisionDir: string, what = revisionDir): Map<string, string> {
  const pages = new Map<string, string>();
  if (!existsSync(revisionDir)) return pages;
  for (const file of listConfinedFiles(revisionDir, (path) => PAGE_FILE.test(path), what).files) pages.set(stripPageExtension(file), file);
  return pages;
}

/** Page ids (`client/elicitation`) of one revision folder, sorted. */
export function pageIds(revisionDir: string): string[] {
  return [...pageFiles(revisionDir).keys()].sort();
}

/**
 * A revision folder's JSON Schema (JSON or YAML): `preferred` when set, else the first
 * conventional name present. A relative name must be a file inside the folder (a link
 * out of it is skipped); an absolute one is a file the caller named itself.
 */
export function schemaFile(revisionDir: string, preferred?: string): string | null {
  const candidates = preferred ? [preferred] : ['schema.json', 'schema.yaml', 'schema.yml', 'schema.ts'];
  for (const name of candidates) {
    // Named as given (messages show it), once its real path is known to stay inside.
    if (isAbsolute(name) ? existsSync(name) : confinedFile(revisionDir, name) !== null) return resolve(revisionDir, name);
  }
  return null;
}

/**
 * The TypeScript declarations a JSON Schema is generated from, when they sit beside it
 * (`schema.ts` next to `schema.json`): a second reading of the same shapes, which a revision
 * diff holds against the first. Null when the schema is itself TypeScript or has none.
 */
export function declarationsBeside(revisionDir: string, schemaPath: string | null): string | null {
  if (schemaPath === null || !/\.(?:json|ya?ml)$/i.test(schemaPath)) return null;
  const sibling = schemaPath.replace(/\.(?:json|ya?ml)$/i, '.ts');
  return confinedFile(revisionDir, sibling) !== null ? sibling : null;
}

/** Every revision of a spec folder, whichever layout it has (the detector's fingerprint builder reads this). */
export interface SpecTree {
  label: string;
  revisions: SpecRevision[];
  pages(revision: string): Promise<string[]>;
  page(revision: string, page: string): Promise<string>;
  /** The revision's JSON Schema text, or null when it has none. */
  schema(revision: string): Promise<string | null>;
  /**
   * Every input file with its size and modification time, one per line: read with stat
   * calls only, it changes whenever an input may have, so a cache can trust the content
   * digest it recorded for the same stamp (as make and git's index do). Optional: a tree
   * without files (built in memory) has none, and is digested by content every time.
   */
  stamp?(): Promise<string>;
}

interface OpenSpecTreeOptions {
  /**
   * The `revisions` setting of the folder's spec config, if any. A function the caller
   * supplies (config/ sits above this layer), called only for a folder of revision folders.
   */
  revisionSetting?: (dir: string) => Promise<RevisionSetting | undefined>;
}

/** Opens a folder in whichever layout it has; a sentence naming the folder when it has none. */
export async function openSpecTree(dir: string, label = dir, options: OpenSpecTreeOptions = {}): Promise<SpecTree> {
  if (existsSync(join(dir, 'snapshots.lock.json'))) return snapshotTree(dir, label);
  const specDir = join(dir, 'docs', 'specification');
  if (existsSync(specDir)) {
    return layoutTree(dir, specDir, (rev) => join(dir, 'schema', rev, 'schema.json'), label, folderRevisions(revisionFolders(specDir, { knownLayout: true })));
  }
  const setting = await options.revisionSetting?.(dir);
  const names = existsSync(dir) && statSync(dir).isDirectory() ? revisionFolders(dir, setting) : [];
  if (names.length > 0) return layoutTree(dir, dir, (rev) => join(dir, rev, 'schema.json'), label, folderRevisions(names));
  throw new InputError(`${label} holds no spec revisions (no snapshots.lock.json, no docs/specification/, no <revision>/ folders).`);
}

function snapshotTree(dir: string, label: string): SpecTree {
  const lock = JSON.parse(readFileSync(join(dir, 'snapshots.lock.json'), 'utf8')) as { revisions?: SpecRevision[] };
  // A revision id becomes a folder name: one that could leave the folder is refused, as on the command line.
  for (const r of lock.revisions ?? []) if (typeof r?.id !== 'string' || !isRevisionId(r.id)) throw new InputError(`${label}/snapshots.lock.json lists a revision ${JSON.stringify(r?.id)}, which is not a revision id (a folder name of letters, digits, ".", "_" and "-").`);
  const revisions = lockedRevisions({ revisions: lock.revisions ?? [] }).filter((r) => existsSync(join(dir, r.id)));
  if (revisions.length === 0) throw new InputError(`${label}/snapshots.lock.json lists no revision that has a folder in ${label}; run \`specdelta snapshot\` first.`);
  return layoutTree(dir, dir, (rev) => join(dir, rev, 'schema.json'), label, revisions);
}

/** Every file is read inside `root`, the folder the user named (confined-files.ts): a link out of it is skipped. */
function layoutTree(root: string, pagesDir: string, schemaPath: (rev: string) => string, label: string, revisions: SpecRevision[]): SpecTree {
  const filesOf = (revision: string) => pageFiles(join(pagesDir, revision), join(label, relative(root, join(pagesDir, revision))));
  const read = (path: string) => {
    const real = confinedFile(root, relative(root, path), label);
    return real === null ? null : readFileSync(real, 'utf8');
  };
  return {
    label,
    revisions,
    pages: async (revision) => [...filesOf(revision).keys()].sort(),
    page: async (revision, page) => {
      const file = filesOf(revision).get(page);
      const text = file === undefined ? null : read(join(pagesDir, revision, file));
      if (text === null) throw new InputError(`${label} has no page ${revision}/${page}.`);
      return text;
    },
    schema: async (revision) => read(schemaPath(revision)),
    stamp: async () => {
      const lines: string[] = [];
      const add = (path: string) => {
        const stats = statSync(path, { throwIfNoEntry: false });
        if (stats) lines.push(`${path}\0${stats.size}\0${stats.mtimeMs}`);
      };
      for (const revision of revisions) {
        // Statuses come from the lock (or the folder names), not from a file stamped here.
        lines.push(`rev:${revision.id}:${revision.status}`);
        const revisionDir = join(pagesDir, revision.id);
        // A page's path is the folder's and the page file's as they stand (the stamp only has to
        // name each file the same way every time): path.join would normalize each path again.
        for (const file of filesOf(revision.id).values()) add(`${revisionDir}/${file}`);
        add(schemaPath(revision.id));
      }
      return lines.join('\n');
    },
  };
}

/** A digest of every input a tree's readers depend on, so a cache can tell when it is stale. */
export async function digestTree(tree: SpecTree, salt: string): Promise<string> {
  // Loaded here, not with the module: a warm `which` trusts the tree's stamp and never digests.
  const { createHash } = await import('node:crypto');
  const hash = createHash('sha256').update(salt);
  for (const revision of tree.revisions) {
    hash.update(`\0rev:${revision.id}:${revision.status}`);
    for (const page of await tree.pages(revision.id)) hash.update(`\0page:${page}\0`).update(await tree.page(revision.id, page));
    hash.update('\0schema\0').update((await tree.schema(revision.id)) ?? '');
  }
  return hash.digest('hex');
}
