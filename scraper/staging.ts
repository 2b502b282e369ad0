import { link, mkdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { syncDir, writeFileAtomic } from './atomic.ts';
import { sha256 } from './hash.ts';
import { JOURNAL_VERSION, journalPath, previousPath, stagedPath, stagingDir, writeJournal, type Journal, type JournalFile } from './journal.ts';
import { lockPath, snapshotPath } from './lock.ts';

/**
 * A snapshot run's writes as one commit. Fetched pages are staged (written and fsynced
 * under .snapshot-staging/, the live folder untouched); the commit then
 *
 *   1. keeps a hard link to each file it will replace (previous/), fsyncs the staging folders,
 *   2. writes the journal (the files with their hashes, and the new lock's text) and fsyncs
 *      its folder: this is the commit point,
 *   3. renames each staged file over its page (one rename(2) each), fsyncs their folders,
 *   4. writes the lock (temp file, fsync, rename) and fsyncs the snapshots folder,
 *   5. removes the staged and previous files, then the journal, then the staging folder.
 *
 * What that guarantees after the process is killed at any instant (SIGKILL, OOM): each
 * page file holds its old bytes or its new ones, never a mix (rename replaces a name in
 * one step on POSIX file systems); before step 2 completes the live folder and lock are
 * exactly as before the run; after it, the journal holds everything needed to finish the
 * commit, which the next run (snapshot or --frozen) does before anything else, after
 * checking every staged file against its hash; once step 4 is done the folder is the new
 * state. After a power loss or an OS crash the same holds only as far as fsync does what
 * it says: on Linux with ext4 or XFS on an honest disk it does; macOS's fsync does not
 * flush the drive's own cache (F_FULLFSYNC, which Node does not offer), and some disks
 * and network file systems acknowledge writes they have not stored. There writes can be
 * lost out of order: a staged file that lost its bytes fails its hash check and the next
 * run rolls back; a lost journal with renames kept leaves pages that differ from the lock,
 * which --check reports as local drift and the next run fetches again. Nothing here makes
 * the commit one atomic step for readers: a `diff` or a site build reading the folder
 * during steps 3–4 can see some new pages with the old lock (the build refuses a folder
 * with a journal; --check says what it is).
 */
export type CommitHook = (step: CommitStep) => Promise<void>;

/** The points between commit steps, for tests that stop a run there: `staged`, `journal`, `moved:N` (after the Nth rename), `lock`. */
export type CommitStep = 'staged' | 'journal' | `moved:${number}` | 'lock';

interface StagedFile {
  revision: string;
  page: string;
  sha256: string;
  size: number;
}

const noHook: CommitHook = async () => undefined;

export class Staging {
  private readonly files = new Map<string, StagedFile>();
  private journalWritten = false;

  constructor(
    private readonly snapshotsDir: string,
    private readonly onStep: CommitHook = noHook,
  ) {}

  /** Sets a page's new bytes aside for the commit; the page's file is not touched. */
  async stage(revision: string, page: string, body: Uint8Array): Promise<void> {
    await writeFileAtomic(stagedPath(this.snapshotsDir, revision, page), body);
    this.files.set(`${revision}\0${page}`, { revision, page, sha256: sha256(body), size: body.byteLength });
  }

  /** Drops what is staged unless the commit point was passed (then the journal is the next run's to finish). */
  async discardUncommitted(): Promise<void> {
    if (!this.journalWritten) await rm(stagingDir(this.snapshotsDir), { recursive: true, force: true });
  }

  /**
   * Commits the staged files and the lock's new text; `lockBefore` is the text the run read
   * (null when there was none), `lockAfter` null leaves the lock file as it is. Returns
   * whether the lock file was written.
   */
  async commit(lockBefore: string | null, lockAfter: string | null): Promise<boolean> {
    await this.onStep('staged');
    const staged = [...this.files.values()].sort((a, b) => compare(a.revision, b.revision) || compare(a.page, b.page));
    const lock = lockAfter ?? lockBefore;
    if (staged.length === 0 && lock === lockBefore) {
      await this.discardUncommitted();
      return false;
    }
    const files: JournalFile[] = [];
    const folders = new Set<string>();
    for (const file of staged) {
      files.push({ ...file, previous: await this.keepPrevious(file.revision, file.page, folders) });
      folders.add(dirname(stagedPath(this.snapshotsDir, file.revision, file.page)));
    }
    for (const folder of folders) await syncDir(folder);
    const journal: Journal = { journalVersion: JOURNAL_VERSION, lockBefore: lockBefore === null ? null : sha256(lockBefore), lock, files };
    await writeJournal(this.snapshotsDir, journal);
    this.journalWritten = true;
    await this.onStep('journal');
    return finishCommit(this.snapshotsDir, journal, files, lockBefore, this.onStep);
  }

  /** Links the page's current file into previous/ (copies it where links are refused); its hash, or null when there is none. */
  private async keepPrevious(revision: string, page: string, folders: Set<string>): Promise<string | null> {
    const target = snapshotPath(this.snapshotsDir, revision, page);
    const bytes = await readFile(target).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
    if (bytes === null) return null;
    const kept = previousPath(this.snapshotsDir, revision, page);
    await mkdir(dirname(kept), { recursive: true });
    await link(target, kept).catch(() => writeFileAtomic(kept, bytes));
    folders.add(dirname(kept));
    return sha256(bytes);
  }
}

/**
 * Steps 3–5 for the journal's files that are not in place yet (`pending`): the normal end of
 * a commit, and how the next run finishes one that was interrupted. `lockNow` is the lock
 * file's current text; it is rewritten only when it differs from the journal's.
 */
export async function finishCommit(snapshotsDir: string, journal: Journal, pending: readonly JournalFile[], lockNow: string | null, onStep: CommitHook = noHook): Promise<boolean> {
  const folders = new Set<string>();
  for (const [index, file] of pending.entries()) {
    const target = snapshotPath(snapshotsDir, file.revision, file.page);
    await mkdir(dirname(target), { recursive: true });
    await rename(stagedPath(snapshotsDir, file.revision, file.page), target);
    folders.add(dirname(target));
    await onStep(`moved:${index + 1}`);
  }
  for (const folder of folders) await syncDir(folder);
  let lockWritten = false;
  if (journal.lock !== null && lockNow !== journal.lock) {
    await writeFileAtomic(lockPath(snapshotsDir), journal.lock);
    await syncDir(snapshotsDir);
    lockWritten = true;
  }
  await onStep('lock');
  await removeStaging(snapshotsDir);
  return lockWritten;
}

/**
 * Removes the staging folder with the journal last: a run stopped while tidying up leaves
 * either a journal whose files are all in place (nothing to finish) or no journal at all.
 */
export async function removeStaging(snapshotsDir: string): Promise<void> {
  const dir = stagingDir(snapshotsDir);
  for (const part of ['files', 'previous']) await rm(join(dir, part), { recursive: true, force: true });
  await rm(journalPath(snapshotsDir), { force: true });
  await rm(dir, { recursive: true, force: true });
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
