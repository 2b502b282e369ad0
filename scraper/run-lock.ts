import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { InputError } from '../src/core/errors.ts';
import { displayPath } from '../src/core/paths.ts';

/**
 * One writer at a time per snapshots folder. Each run reads the lock file at its start and
 * writes it at its end; two runs side by side would each write the lock they read, and the
 * second would forget what the first fetched (its files on disk, their hashes gone). The
 * run holds `.snapshot-run.lock` (a directory proper-lockfile keeps fresh); a run that
 * crashed leaves it stale, and the next run takes it over after `RUN_LOCK_STALE_MS`.
 */
export const RUN_LOCK_NAME = '.snapshot-run.lock';
export const RUN_LOCK_STALE_MS = 20_000;

/** True while a run holds the folder (a lock left by a crashed run counts once it is stale: not held). */
export async function isRunActive(snapshotsDir: string): Promise<boolean> {
  return lockfile.check(snapshotsDir, { lockfilePath: join(snapshotsDir, RUN_LOCK_NAME), realpath: false, stale: RUN_LOCK_STALE_MS }).catch(() => false);
}

export async function withRunLock<T>(snapshotsDir: string, work: () => Promise<T>): Promise<T> {
  await mkdir(snapshotsDir, { recursive: true }).catch((error: NodeJS.ErrnoException) => {
    const shown = displayPath(snapshotsDir);
    if (error.code === 'EEXIST' || error.code === 'ENOTDIR') throw new InputError(`${shown} is a file, not a folder for snapshots.`);
    if (error.code === 'EACCES' || error.code === 'EPERM') throw new InputError(`${shown} cannot be created: permission denied.`);
    throw error;
  });
  const lockPath = join(snapshotsDir, RUN_LOCK_NAME);
  let compromised = null as Error | null;
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(snapshotsDir, {
      lockfilePath: lockPath,
      realpath: false,
      stale: RUN_LOCK_STALE_MS,
      // A lost lock is reported when the run ends, not thrown from a timer mid-write.
      onCompromised: (error) => void (compromised = error),
    });
  } catch (error) {
    if ((error as { code?: string }).code === 'ELOCKED') {
      throw new InputError(`${displayPath(snapshotsDir)} is being written by another specdelta snapshot run; wait for it to finish (or delete ${displayPath(lockPath)} if no run is going on).`);
    }
    throw error;
  }
  let result: T;
  try {
    result = await work();
  } finally {
    await release().catch(() => undefined);
  }
  if (compromised !== null) {
    throw new InputError(`another process took over ${displayPath(lockPath)} while this run wrote ${displayPath(snapshotsDir)}; run specdelta snapshot --check to see what the folder holds.`);
  }
  return result;
}
