import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InputError } from '../src/core/errors.ts';
import { checkSnapshots } from './check.ts';
import { journalPath, STAGING_DIR } from './journal.ts';
import { LOCK_FILE } from './lock.ts';
import { inspectInterruptedRun, recoverInterruptedRun } from './recovery.ts';
import { Staging, type CommitStep } from './staging.ts';

/**
 * The commit and its recovery on small folders, with a hook that throws at a commit step
 * to stand in for a crash there (the CLI-level SIGKILL tests are test/scraper/crash.test.ts).
 */
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'specdelta-recovery-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const page = (name: string) => join(dir, 'r1', `${name}.mdx`);
const crashAt = (at: CommitStep) => async (step: CommitStep) => {
  if (step === at) throw new Error(`crash at ${step}`);
};

/** Stages pages a and c (replacing "old a", "old c") and b (new), and commits the lock text "new lock", crashing at `at`. */
async function interruptedCommit(at: CommitStep, lockBefore: string | null = 'old lock'): Promise<void> {
  if (lockBefore !== null) await writeFile(join(dir, LOCK_FILE), lockBefore);
  await mkdir(join(dir, 'r1'), { recursive: true });
  await writeFile(page('a'), 'old a');
  await writeFile(page('c'), 'old c');
  const staging = new Staging(dir, crashAt(at));
  for (const name of ['a', 'b', 'c']) await staging.stage('r1', name, Buffer.from(`new ${name}`));
  await expect(staging.commit(lockBefore, 'new lock')).rejects.toThrow(`crash at ${at}`);
  await staging.discardUncommitted();
}

describe('commit and recovery', () => {
  it('rolls back a commit whose staged file was lost: the replaced page gets its bytes back, a page that did not exist goes away', async () => {
    await interruptedCommit('moved:2');
    expect(await inspectInterruptedRun(dir)).toEqual({ folder: 'between', next: 'finish', files: 3, moved: 2, problem: null });
    await rm(join(dir, STAGING_DIR, 'files'), { recursive: true });
    expect(await inspectInterruptedRun(dir)).toMatchObject({ folder: 'between', next: 'roll-back', moved: 2, problem: expect.stringMatching(/r1\/c\.mdx is missing$/) });
    await recoverInterruptedRun(dir);
    expect(await readFile(page('a'), 'utf8')).toBe('old a');
    expect(existsSync(page('b'))).toBe(false);
    expect(await readFile(page('c'), 'utf8')).toBe('old c');
    expect(await readFile(join(dir, LOCK_FILE), 'utf8')).toBe('old lock');
    expect(existsSync(join(dir, STAGING_DIR))).toBe(false);
  });

  it('finishes an interrupted first run (no lock before it) and writes its lock', async () => {
    await interruptedCommit('moved:1', null);
    expect(await inspectInterruptedRun(dir)).toMatchObject({ folder: 'between', next: 'finish', moved: 1 });
    await expect(checkSnapshots({ snapshotsDir: dir })).rejects.toThrow(
      /snapshots\.lock\.json does not exist, so there is nothing to check: a snapshot run stopped during its commit \(1 of 3 files moved into place, lock not written\); the next run finishes it \(every staged file verified\); run `specdelta snapshot`\.$/,
    );
    await recoverInterruptedRun(dir);
    expect(await readFile(page('b'), 'utf8')).toBe('new b');
    expect(await readFile(join(dir, LOCK_FILE), 'utf8')).toBe('new lock');
  });

  it('a run that failed before its commit point leaves nothing behind', async () => {
    await interruptedCommit('staged');
    expect(existsSync(join(dir, STAGING_DIR))).toBe(false);
    expect(await inspectInterruptedRun(dir)).toBeNull();
    expect(await readFile(page('a'), 'utf8')).toBe('old a');
  });

  it('refuses, with a sentence, a lock edited after the interruption and a damaged journal', async () => {
    await interruptedCommit('journal');
    await writeFile(join(dir, LOCK_FILE), 'edited by hand');
    await expect(recoverInterruptedRun(dir)).rejects.toThrow(/snapshots\.lock\.json changed after a snapshot run was interrupted during its commit .*; restore the lock from git, or delete .*\.snapshot-staging and run `specdelta snapshot --check`\.$/);
    await writeFile(join(dir, LOCK_FILE), 'old lock');

    const journal = JSON.parse(await readFile(journalPath(dir), 'utf8'));
    journal.files[0].page = '../../outside';
    await writeFile(journalPath(dir), JSON.stringify(journal));
    const error = await recoverInterruptedRun(dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(/journal\.json, the journal of an interrupted snapshot run, is damaged \(files\[0\]\.page is not a page id\); delete .*\.snapshot-staging and run/);
    expect(await readFile(page('a'), 'utf8')).toBe('old a'); // nothing was moved
  });
});
