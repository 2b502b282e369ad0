import { readdir, readFile, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { InputError } from '../src/core/errors.ts';
import { syncDir } from './atomic.ts';
import { sha256 } from './hash.ts';
import { journalPath, previousPath, readJournal, stagedPath, stagingDir, type Journal, type JournalFile } from './journal.ts';
import { lockPath, readTextIfExists, snapshotPath } from './lock.ts';
import { displayPath } from '../src/core/paths.ts';
import { finishCommit, removeStaging, type CommitHook } from './staging.ts';

/**
 * What a snapshot run that was killed left behind (see staging.ts for the commit), and what
 * the next run does about it. `folder` is what the snapshots folder holds now:
 *   old      exactly the state before the interrupted run (it never moved a file or wrote the lock)
 *   new      the state the run committed to (every file in place, the lock written)
 *   between  some files moved, the lock not yet written
 * `next`: discard (no journal: the run stopped before its commit point), finish (every
 * staged file verified by its hash), or roll-back (a staged file is missing or damaged:
 * the files already moved get their previous bytes back).
 */
export interface InterruptedRun {
  folder: 'old' | 'new' | 'between';
  next: 'discard' | 'finish' | 'roll-back';
  /** Files the run staged, and how many of them are already in place. */
  files: number;
  moved: number;
  /** Why it must roll back, else null. */
  problem: string | null;
}

interface Plan {
  run: InterruptedRun;
  journal: Journal | null;
  lockText: string | null;
  moved: JournalFile[];
  pending: JournalFile[];
}

/** What an interrupted run left, without changing anything (for --check); null when none did. */
export async function inspectInterruptedRun(snapshotsDir: string): Promise<InterruptedRun | null> {
  return (await plan(snapshotsDir))?.run ?? null;
}

/** Finishes, rolls back or discards what an interrupted run left; returns what it found, or null. */
export async function recoverInterruptedRun(snapshotsDir: string, onStep?: CommitHook): Promise<InterruptedRun | null> {
  const found = await plan(snapshotsDir);
  if (found === null) return null;
  const { run, journal, lockText, moved, pending } = found;
  if (journal === null) await removeStaging(snapshotsDir);
  else if (run.next === 'finish') await finishCommit(snapshotsDir, journal, pending, lockText, onStep);
  else await rollBack(snapshotsDir, moved);
  return run;
}

async function plan(snapshotsDir: string): Promise<Plan | null> {
  const staged = await countFiles(stagingDir(snapshotsDir));
  if (staged === null) return null;
  const journal = await readJournal(snapshotsDir);
  // An empty staging folder: a run stopped as it removed it (or before staging anything).
  if (journal === null && staged === 0) return null;
  const lockText = await readTextIfExists(lockPath(snapshotsDir));
  if (journal === null) {
    return { run: { folder: 'old', next: 'discard', files: staged, moved: 0, problem: null }, journal, lockText, moved: [], pending: [] };
  }
  const lockNow = lockText === null ? null : sha256(lockText);
  const lockAfter = journal.lock === null ? null : sha256(journal.lock);
  if (lockNow !== journal.lockBefore && lockNow !== lockAfter) {
    throw new InputError(
      `${displayPath(lockPath(snapshotsDir))} changed after a snapshot run was interrupted during its commit (${displayPath(journalPath(snapshotsDir))}), so that commit can be neither finished nor rolled back; restore the lock from git, or delete ${displayPath(stagingDir(snapshotsDir))} and run \`specdelta snapshot --check\`.`,
    );
  }
  const all = journal.files.length;
  // The lock is the commit's last write: once it is the journal's, the commit is done, and
  // a page that differs from it now was changed since (local drift, not ours to overwrite).
  if (lockNow === lockAfter && lockAfter !== journal.lockBefore) {
    return { run: { folder: 'new', next: 'finish', files: all, moved: all, problem: null }, journal, lockText, moved: [], pending: [] };
  }
  const moved: JournalFile[] = [];
  const pending: JournalFile[] = [];
  let problem: string | null = null;
  for (const file of journal.files) {
    if ((await hashOf(snapshotPath(snapshotsDir, file.revision, file.page))) === file.sha256) {
      moved.push(file);
      continue;
    }
    pending.push(file);
    const at = stagedPath(snapshotsDir, file.revision, file.page);
    const hash = await hashOf(at);
    if (hash !== file.sha256) problem ??= `${displayPath(at)} ${hash === null ? 'is missing' : 'does not hold the bytes the journal lists'}`;
  }
  const folder = moved.length === 0 ? 'old' : pending.length === 0 && lockNow === lockAfter ? 'new' : 'between';
  const run: InterruptedRun = { folder, next: problem === null ? 'finish' : 'roll-back', files: all, moved: moved.length, problem };
  return { run, journal, lockText, moved, pending };
}

/** Puts back the previous bytes of the files already moved; the lock was never written. */
async function rollBack(snapshotsDir: string, moved: readonly JournalFile[]): Promise<void> {
  const folders = new Set<string>();
  for (const file of moved) {
    const target = snapshotPath(snapshotsDir, file.revision, file.page);
    if (file.previous === null) await rm(target, { force: true });
    else {
      const kept = previousPath(snapshotsDir, file.revision, file.page);
      // A previous copy that is gone or altered stays out: the page then differs from the
      // lock, which --check reports and the next fetch repairs.
      if ((await hashOf(kept)) !== file.previous) continue;
      await rename(kept, target);
    }
    folders.add(dirname(target));
  }
  for (const folder of folders) await syncDir(folder);
  await removeStaging(snapshotsDir);
}

/** One sentence for people: what the folder holds and what the next run will do. */
export function describeInterruptedRun(run: InterruptedRun, stagingName = '.snapshot-staging'): string {
  const progress = `${run.moved} of ${run.files} file${run.files === 1 ? '' : 's'} moved into place`;
  if (run.next === 'discard') {
    return `a snapshot run stopped before its commit; the folder is the old state, as the lock describes, and the next run discards its ${run.files} staged file${run.files === 1 ? '' : 's'} in ${stagingName}`;
  }
  if (run.next === 'roll-back') {
    return `a snapshot run stopped during its commit (${progress}, lock not written) and ${run.problem}; the next run rolls it back to the old state`;
  }
  if (run.folder === 'new') return `a snapshot run was interrupted after its commit; the folder is the new state, and the next run removes ${stagingName}`;
  if (run.folder === 'old') return `a snapshot run stopped at its commit point (journal written, no file moved yet); the folder is the old state, and the next run finishes the commit (every staged file verified)`;
  return `a snapshot run stopped during its commit (${progress}, lock not written); the next run finishes it (every staged file verified)`;
}

/** What a run did about an interrupted one (recoverInterruptedRun's result), for people. */
export function describeRecovery(run: InterruptedRun): string {
  const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;
  if (run.next === 'discard') return `Discarded ${files(run.files)} staged by a snapshot run that stopped before its commit (the folder was as the lock describes).`;
  if (run.next === 'roll-back') return `Rolled back a snapshot run interrupted during its commit (${run.problem}): ${files(run.moved)} put back to their previous bytes.`;
  if (run.folder === 'new') return `Tidied up after a snapshot run interrupted once its commit was done.`;
  return `Finished the commit of an interrupted snapshot run: ${run.files - run.moved} of ${files(run.files)} moved into place now, with the lock it meant to write.`;
}

async function hashOf(file: string): Promise<string | null> {
  return readFile(file).then(sha256, () => null);
}

/** Files under a folder, or null when it does not exist. */
async function countFiles(dir: string): Promise<number | null> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile() && !(e.parentPath === dir && e.name === 'journal.json')).length;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
