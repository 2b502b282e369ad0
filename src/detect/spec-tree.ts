import { existsSync, statSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { InputError } from '../core/errors.ts';
import { confinedFile, listConfinedFiles } from '../input/confined-files.ts';
import { isRevisionId } from '../input/ids.ts';
import { isRevisionName, orderRevisions, revisionKey } from '../input/revision-order.ts';
import { listRevisions, PAGE_FILE } from '../input/spec-folders.ts';
import type { FingerprintRevision } from './fingerprints.ts';

/**
 * The spec's revisions as the fingerprint builder reads them, from either layout:
 * - snapshots: `<dir>/<revision>/<page>.mdx`, `<dir>/<revision>/schema.json`, revisions and
 *   their status from `<dir>/snapshots.lock.json`;
 * - upstream (a clone or mirror): `<dir>/docs/specification/<revision>/<page>.mdx`,
 *   `<dir>/schema/<revision>/schema.json`; revisions from the folder names, the newest dated
 *   one latest, `draft` the draft;
 * - any spec's revision folders, `<dir>/<revision>/…`, named any way (`v1.2.0`, `June2018`,
 *   `draft-ietf-x-08`), or as its `specdelta.config.json` lists them.
 */
export interface SpecTree {
  label: string;
  revisions: FingerprintRevision[];
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


/** Opens a folder in whichever layout it has; a sentence naming the folder when it has neither. */
export async function openSpecTree(dir: string, label = dir): Promise<SpecTree> {
  if (existsSync(join(dir, 'snapshots.lock.json'))) return snapshotTree(dir, label);
  if (existsSync(join(dir, 'docs', 'specification'))) return upstreamTree(dir, label);
  if (await hasRevisionFolders(dir)) return folderTree(dir, join(dir), (rev) => join(dir, rev, 'schema.json'), label, await revisionsFromFolders(dir));
  throw new InputError(`${label} holds no spec revisions (no snapshots.lock.json, no docs/specification/, no <revision>/ folders).`);
}

async function snapshotTree(dir: string, label: string): Promise<SpecTree> {
  const lock = JSON.parse(await readFile(join(dir, 'snapshots.lock.json'), 'utf8')) as { revisions?: FingerprintRevision[] };
  // A revision id becomes a folder name: one that could leave the folder is refused, as on the command line.
  for (const r of lock.revisions ?? []) if (typeof r?.id !== 'string' || !isRevisionId(r.id)) throw new InputError(`${label}/snapshots.lock.json lists a revision ${JSON.stringify(r?.id)}, which is not a revision id (a folder name of letters, digits, ".", "_" and "-").`);
  const revisions = (lock.revisions ?? []).filter((r) => existsSync(join(dir, r.id)));
  if (revisions.length === 0) throw new InputError(`${label}/snapshots.lock.json lists no revision that has a folder in ${label}; run \`specdelta snapshot\` first.`);
  return folderTree(dir, dir, (rev) => join(dir, rev, 'schema.json'), label, revisions);
}

async function upstreamTree(root: string, label: string): Promise<SpecTree> {
  const specDir = join(root, 'docs', 'specification');
  return folderTree(root, specDir, (rev) => join(root, 'schema', rev, 'schema.json'), label, await revisionsFromFolders(specDir));
}

/** Every file is read inside `root`, the folder the user named (confined-files.ts): a link out of it is skipped. */
function folderTree(root: string, pagesDir: string, schemaFile: (rev: string) => string, label: string, revisions: FingerprintRevision[]): SpecTree {
  const pageFiles = (revisionDir: string) => listPageFiles(revisionDir, join(label, relative(root, revisionDir)));
  const read = async (path: string) => {
    const real = confinedFile(root, relative(root, path), label);
    return real === null ? null : readFile(real, 'utf8');
  };
  return {
    label,
    revisions,
    pages: async (revision) => pageFiles(join(pagesDir, revision)).map((file) => file.replace(PAGE_FILE, '')).sort(),
    page: async (revision, page) => {
      const text = (await read(join(pagesDir, revision, `${page}.mdx`))) ?? (await read(join(pagesDir, revision, `${page}.md`))) ?? (await read(join(pagesDir, revision, `${page}.markdown`)));
      if (text === null) throw new InputError(`${label} has no page ${revision}/${page}.`);
      return text;
    },
    schema: (revision) => read(schemaFile(revision)),
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
        for (const file of pageFiles(revisionDir)) add(join(revisionDir, file));
        add(schemaFile(revision.id));
      }
      return lines.join('\n');
    },
  };
}

async function hasRevisionFolders(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir, { withFileTypes: true })).some((e) => e.isDirectory() && isRevisionName(e.name)) || (await configuredRevisions(dir)) !== undefined;
  } catch {
    return false;
  }
}

/**
 * The revisions of a folder of revision folders, named any way: those the spec's config
 * lists or matches (`revisions.match`, `revisions.order`), else every folder named as a
 * revision (a date, a version, an edition, a numbered draft, `draft`), in revision order
 * (input/revision-order.ts). The last released one is the latest; `draft` (or `next`,
 * `main`) is the draft. A released revision's `date` is its name as texts cite it.
 */
async function revisionsFromFolders(dir: string): Promise<FingerprintRevision[]> {
  const configured = await configuredRevisions(dir);
  const names = configured
    ? listRevisions(dir, configured)
    : orderRevisions((await readdir(dir, { withFileTypes: true })).filter((e) => e.isDirectory() && isRevisionName(e.name)).map((e) => e.name));
  const drafts = names.filter((n) => revisionKey(n).family === 3);
  const released = names.filter((n) => !drafts.includes(n));
  return [
    ...released.map((id, i): FingerprintRevision => ({ id, date: id, status: i === released.length - 1 ? 'latest' : 'superseded' })),
    ...drafts.map((id): FingerprintRevision => ({ id, date: null, status: 'draft' })),
  ];
}

/** The `revisions` setting of the folder's config, if any (loaded on demand: `which` never reads a config otherwise). */
async function configuredRevisions(dir: string): Promise<{ match?: string; order?: string[] } | undefined> {
  const { configIn } = await import('../config/index.ts');
  return configIn(dir)?.config.revisions;
}

/** The revision's page files, relative to its folder, with their extension, sorted; links that leave the folder or loop are skipped. */
function listPageFiles(revisionDir: string, what: string): string[] {
  if (!existsSync(revisionDir)) return [];
  return listConfinedFiles(revisionDir, (path) => PAGE_FILE.test(path), what).files;
}

/** A digest of every input the fingerprints depend on, so a cache can tell when it is stale. */
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
