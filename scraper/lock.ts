import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { displayPath } from '../src/core/paths.ts';
import { InputError } from '../src/core/errors.ts';
import { assertPageId, assertRevisionId, isPageId, isRevisionId, pageIdProblem } from '../src/input/ids.ts';
import { lockedRevisionOrder, type RevisionStatus, type SpecRevision } from '../src/input/spec-tree.ts';

/**
 * snapshots/snapshots.lock.json: what was fetched, from where, with which hash. Committed,
 * so its serialisation is deterministic (fixed key order, sorted entries, trailing newline)
 * and a run that changes nothing leaves it byte-for-byte as it was.
 */

export const LOCK_FILE = 'snapshots.lock.json';
export const LOCKFILE_VERSION = 1;

export type { RevisionStatus } from '../src/input/spec-tree.ts';

/** A locked revision: the one revision shape (input/spec-tree.ts); its `date` is YYYY-MM-DD when the id is a date, else null. */
export type RevisionInfo = SpecRevision;

/** How a page was obtained: raw files over HTTP(S), a local folder, a git clone, the rendered site. */
export type Via = 'http' | 'dir' | 'git' | 'site';

export interface LockedPage {
  revision: string;
  /** "client/elicitation", or "schema.json" for the revision's JSON Schema. */
  page: string;
  /** Where the bytes came from: a URL, a local path, or git:DIR@REF:PATH. */
  url: string;
  via: Via;
  /** The file's path in the upstream repository (or the route on the rendered site). */
  path: string;
  /** Upstream commit the bytes belong to, when the source pins one. */
  commit: string | null;
  sha256: string;
  size: number;
  /** When these bytes were retrieved (ISO 8601, UTC). */
  retrievedAt: string;
  etag: string | null;
  lastModified: string | null;
}

export interface Lock {
  lockfileVersion: typeof LOCKFILE_VERSION;
  /** Chronological, the draft last. */
  revisions: RevisionInfo[];
  pages: LockedPage[];
}

export function emptyLock(): Lock {
  return { lockfileVersion: LOCKFILE_VERSION, revisions: [], pages: [] };
}

export function lockPath(snapshotsDir: string): string {
  return join(snapshotsDir, LOCK_FILE);
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const SHA256 = /^[0-9a-f]{64}$/;
/** A git object name: SHA-1 or SHA-256. */
const COMMIT = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;
const STATUSES: readonly RevisionStatus[] = ['latest', 'superseded', 'draft'];
const VIAS: readonly Via[] = ['http', 'dir', 'git', 'site'];

// One validator for ids wherever they are accepted (the lock, upstream listings, the CLI).
export { isPageId, isRevisionId } from '../src/input/ids.ts';

/** The date a revision id stands for, or null ("draft"). */
export function revisionDate(id: string): string | null {
  return DATE.test(id) ? id : null;
}

/**
 * Where a page's body lives: `snapshots/<revision>/<page>.mdx`, or
 * `snapshots/<revision>/schema.json` for the page "schema.json".
 * Throws an InputError for ids that could leave the snapshot folder.
 */
export function snapshotPath(snapshotsDir: string, revision: string, page: string): string {
  assertRevisionId(revision);
  assertPageId(page);
  return join(snapshotsDir, revision, pageFileName(page));
}

export function pageFileName(page: string): string {
  return page.endsWith('.json') ? page : `${page}.mdx`;
}

/** The pages locked for one revision (schema.json included), sorted. */
export function listPages(lock: Lock, revision: string): string[] {
  return lock.pages.filter((p) => p.revision === revision).map((p) => p.page);
}

export function findPage(lock: Lock, revision: string, page: string): LockedPage | undefined {
  return lock.pages.find((p) => p.revision === revision && p.page === page);
}

/** Reads and validates the lock; an InputError names the file and the first problem. */
export async function readLock(snapshotsDir: string): Promise<Lock> {
  const lock = await readLockIfExists(snapshotsDir);
  if (lock === null) {
    throw new InputError(`${displayPath(lockPath(snapshotsDir))} does not exist; run \`specdelta snapshot\` to fetch the spec first.`);
  }
  return lock;
}

/** Like readLock, but a missing file is `null` (a first run). */
export async function readLockIfExists(snapshotsDir: string): Promise<Lock | null> {
  return (await loadLock(snapshotsDir))?.lock ?? null;
}

/** The lock and its exact text (to tell later whether anything changed), or null when there is none. */
export async function loadLock(snapshotsDir: string): Promise<{ lock: Lock; text: string } | null> {
  const file = lockPath(snapshotsDir);
  const text = await readTextIfExists(file);
  return text === null ? null : { lock: parseLock(text, displayPath(file)), text };
}

/** A file of the snapshots folder as text; null when it does not exist, an InputError when it cannot be read. */
export async function readTextIfExists(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new InputError(`${displayPath(file)} cannot be read (${(error as Error).message}).`);
  }
}

export function parseLock(text: string, name = LOCK_FILE): Lock {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new InputError(`${name} is not valid JSON (${(error as Error).message}); restore it from git or delete it and run \`specdelta snapshot\` again.`);
  }
  const problem = lockProblem(data);
  if (problem !== null) {
    throw new InputError(`${name} is not a valid lock file: ${problem}; restore it from git or delete it and run \`specdelta snapshot\` again.`);
  }
  return data as Lock;
}

function lockProblem(data: unknown): string | null {
  if (!isObject(data)) return 'the top level must be an object';
  if (data['lockfileVersion'] !== LOCKFILE_VERSION) return `lockfileVersion must be ${LOCKFILE_VERSION}`;
  const revisions = data['revisions'];
  if (!Array.isArray(revisions)) return '"revisions" must be an array';
  const ids = new Set<string>();
  for (const [i, r] of revisions.entries()) {
    const at = `revisions[${i}]`;
    if (!isObject(r)) return `${at} must be an object`;
    if (typeof r['id'] !== 'string' || !isRevisionId(r['id'])) return `${at}.id must be a revision id like 2025-11-25 or draft`;
    if (ids.has(r['id'])) return `${at}.id "${r['id']}" appears twice`;
    ids.add(r['id']);
    if (!(r['date'] === null || (typeof r['date'] === 'string' && DATE.test(r['date'])))) return `${at}.date must be YYYY-MM-DD or null`;
    if (!STATUSES.includes(r['status'] as RevisionStatus)) return `${at}.status must be one of ${STATUSES.join(', ')}`;
  }
  if (revisions.filter((r) => (r as Record<string, unknown>)['status'] === 'latest').length > 1) return 'more than one revision is marked latest';
  const pages = data['pages'];
  if (!Array.isArray(pages)) return '"pages" must be an array';
  const keys = new Set<string>();
  for (const [i, p] of pages.entries()) {
    const at = `pages[${i}]`;
    if (!isObject(p)) return `${at} must be an object`;
    if (typeof p['revision'] !== 'string' || !ids.has(p['revision'])) return `${at}.revision must name one of the revisions listed in "revisions"`;
    if (typeof p['page'] !== 'string' || !isPageId(p['page'])) return `${at}.page must be a page id like client/elicitation`;
    const key = `${p['revision']}:${p['page']}`;
    if (keys.has(key)) return `${at} locks ${key} a second time`;
    keys.add(key);
    for (const field of ['url', 'path', 'retrievedAt'] as const) {
      if (typeof p[field] !== 'string' || p[field] === '') return `${at}.${field} must be a non-empty string`;
    }
    // The path is read from the source (a mirror folder, a clone, a URL under the raw root):
    // checked as a page id is, so no entry can name a file outside the source.
    const pathProblem = pageIdProblem(p['path'] as string);
    if (pathProblem !== null) return `${at}.path "${p['path'] as string}" must be a path inside the source, like docs/specification/2025-11-25/index.mdx (${pathProblem})`;
    if (!(p['commit'] === null || (typeof p['commit'] === 'string' && COMMIT.test(p['commit'])))) return `${at}.commit must be a full commit hash (40 or 64 lowercase hex characters) or null`;
    if (!VIAS.includes(p['via'] as Via)) return `${at}.via must be one of ${VIAS.join(', ')}`;
    if (typeof p['sha256'] !== 'string' || !SHA256.test(p['sha256'])) return `${at}.sha256 must be 64 lowercase hex characters`;
    if (typeof p['size'] !== 'number' || !Number.isInteger(p['size']) || p['size'] < 0) return `${at}.size must be a whole number of bytes`;
    for (const field of ['etag', 'lastModified'] as const) {
      if (!(p[field] === null || typeof p[field] === 'string')) return `${at}.${field} must be a string or null`;
    }
  }
  return null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function codepoint(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The canonical text of a lock: fixed key order, sorted, two-space indent, trailing newline.
 * Revisions in revision order (input/spec-tree.ts), those `listed` (a config's list) first.
 */
export function serializeLock(lock: Lock, listed: readonly string[] = []): string {
  const revisions = [...lock.revisions].sort(lockedRevisionOrder(listed));
  const order = new Map(revisions.map((r, i) => [r.id, i]));
  const pages = [...lock.pages].sort(
    (a, b) => (order.get(a.revision) ?? Infinity) - (order.get(b.revision) ?? Infinity) || codepoint(a.revision, b.revision) || codepoint(a.page, b.page),
  );
  const canonical = {
    lockfileVersion: LOCKFILE_VERSION,
    revisions: revisions.map((r) => ({ id: r.id, date: r.date, status: r.status })),
    pages: pages.map((p) => ({
      revision: p.revision,
      page: p.page,
      url: p.url,
      via: p.via,
      path: p.path,
      commit: p.commit,
      sha256: p.sha256,
      size: p.size,
      retrievedAt: p.retrievedAt,
      etag: p.etag,
      lastModified: p.lastModified,
    })),
  };
  return `${JSON.stringify(canonical, null, 2)}\n`;
}

/** A path as the user would type it: relative to the working directory when that is shorter. */
