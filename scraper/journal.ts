import { join } from 'node:path';
import { InputError } from '../src/core/errors.ts';
import { writeFileAtomic, syncDir } from './atomic.ts';
import { isPageId, isRevisionId, readTextIfExists, snapshotPath } from './lock.ts';
import { displayPath } from '../src/core/paths.ts';

/**
 * Where a snapshot run keeps what it has not committed yet, and the journal that marks its
 * commit point. Everything lives inside the snapshots folder (one file system, so a rename
 * moves a file into place without copying it):
 *
 *   .snapshot-staging/files/<revision>/<page>.mdx      the new bytes, fsynced, not yet in place
 *   .snapshot-staging/previous/<revision>/<page>.mdx   the bytes each one replaces (a hard link)
 *   .snapshot-staging/journal.json                     written last: the list and the new lock
 *
 * No journal: the run never reached its commit, and the folder is exactly as before it.
 * A journal: the run committed to the listed files and lock; the next run finishes that or,
 * when a staged file cannot be verified, puts the previous bytes back (see recovery.ts).
 */
export const STAGING_DIR = '.snapshot-staging';
export const JOURNAL_VERSION = 1;

export interface JournalFile {
  revision: string;
  page: string;
  /** The staged bytes, which the file has once the commit is done. */
  sha256: string;
  size: number;
  /** The bytes it replaces (kept in previous/), or null when there was no file. */
  previous: string | null;
}

export interface Journal {
  journalVersion: typeof JOURNAL_VERSION;
  /** sha256 of the lock file's text before the commit; null when there was none. */
  lockBefore: string | null;
  /** The lock file's whole text after the commit (the same text when only files change; null: no lock file). */
  lock: string | null;
  files: JournalFile[];
}

export function stagingDir(snapshotsDir: string): string {
  return join(snapshotsDir, STAGING_DIR);
}

export function journalPath(snapshotsDir: string): string {
  return join(stagingDir(snapshotsDir), 'journal.json');
}

/** Where a page's new bytes wait for the commit. */
export function stagedPath(snapshotsDir: string, revision: string, page: string): string {
  return snapshotPath(join(stagingDir(snapshotsDir), 'files'), revision, page);
}

/** Where the bytes a commit replaces are kept until it is over. */
export function previousPath(snapshotsDir: string, revision: string, page: string): string {
  return snapshotPath(join(stagingDir(snapshotsDir), 'previous'), revision, page);
}

/** Writes the journal durably: its own bytes, and its name in the staging folder. */
export async function writeJournal(snapshotsDir: string, journal: Journal): Promise<void> {
  await writeFileAtomic(journalPath(snapshotsDir), `${JSON.stringify(journal, null, 2)}\n`);
  await syncDir(stagingDir(snapshotsDir));
}

/** The journal, or null when there is none; an InputError when it is damaged. */
export async function readJournal(snapshotsDir: string): Promise<Journal | null> {
  const file = journalPath(snapshotsDir);
  const text = await readTextIfExists(file);
  if (text === null) return null;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    data = null;
  }
  const problem = journalProblem(data);
  if (problem !== null) {
    throw new InputError(
      `${displayPath(file)}, the journal of an interrupted snapshot run, is damaged (${problem}); delete ${displayPath(stagingDir(snapshotsDir))} and run \`specdelta snapshot --check\` to see which files differ from the lock.`,
    );
  }
  return data as Journal;
}

const SHA256 = /^[0-9a-f]{64}$/;

function journalProblem(data: unknown): string | null {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'not a JSON object';
  const journal = data as Record<string, unknown>;
  if (journal['journalVersion'] !== JOURNAL_VERSION) return `journalVersion must be ${JOURNAL_VERSION}`;
  if (!(journal['lockBefore'] === null || (typeof journal['lockBefore'] === 'string' && SHA256.test(journal['lockBefore'])))) return 'lockBefore must be a sha256 or null';
  if (!(journal['lock'] === null || typeof journal['lock'] === 'string')) return 'lock must be the text of the lock file or null';
  if (!Array.isArray(journal['files'])) return 'files must be an array';
  for (const [i, f] of (journal['files'] as unknown[]).entries()) {
    const file = f as Record<string, unknown>;
    if (typeof f !== 'object' || f === null) return `files[${i}] must be an object`;
    // Ids, not paths: a journal can only name files inside the snapshots folder.
    if (typeof file['revision'] !== 'string' || !isRevisionId(file['revision'])) return `files[${i}].revision is not a revision id`;
    if (typeof file['page'] !== 'string' || !isPageId(file['page'])) return `files[${i}].page is not a page id`;
    if (typeof file['sha256'] !== 'string' || !SHA256.test(file['sha256'])) return `files[${i}].sha256 is not a sha256`;
    if (typeof file['size'] !== 'number') return `files[${i}].size is not a number`;
    if (!(file['previous'] === null || (typeof file['previous'] === 'string' && SHA256.test(file['previous'])))) return `files[${i}].previous must be a sha256 or null`;
  }
  return null;
}
