import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { STAGING_DIR } from '../../scraper/journal.ts';
import { recoverInterruptedRun } from '../../scraper/recovery.ts';
import { RUN_LOCK_NAME } from '../../scraper/run-lock.ts';
import { cli, folderState, MIRROR, REPO_ROOT, sha256, serverAndFolderPerTest, type RawServer } from './helpers.ts';

/**
 * A snapshot run killed with SIGKILL at every stage: while fetching (from a slow loopback
 * server) and between the commit's steps (SPECDELTA_TEST_PAUSE_AT stops the real CLI
 * there; the test then kills it). Afterwards the folder must be the old state, the new
 * state, or one the next run finishes by itself, and `snapshot --check` must say which.
 */
const REVISION = '2025-06-18';
const PAGES = ['client/elicitation', 'client/roots', 'client/sampling'];
const upstream = (page: string) => `docs/specification/${REVISION}/${page}.mdx`;

let server: RawServer;
let snapshots: string;
serverAndFolderPerTest((ctx) => ({ server, snapshots } = ctx));

const args = (extra: string[] = []) => [
  'snapshot',
  '--base-url',
  `${server.url}/main`,
  '--snapshots',
  snapshots,
  '--revision',
  REVISION,
  ...PAGES.flatMap((p) => ['--page', p]),
  '--retry-delay',
  '1',
  ...extra,
];

/** The old state: every page one line older upstream than it is now. */
async function seedOldState(): Promise<Map<string, string>> {
  for (const page of PAGES) {
    const current = await readFile(join(MIRROR, upstream(page)));
    server.overlay.set(`/main/${upstream(page)}`, Buffer.concat([current, Buffer.from('\nA paragraph upstream has since removed.\n')]));
  }
  const seeded = await cli(args());
  expect(seeded.code, seeded.err).toBe(0);
  server.overlay.clear();
  return folderState(snapshots);
}

/** The folder as readers see it: pages and lock, without the run's own bookkeeping. */
async function live(): Promise<Map<string, string>> {
  const state = await folderState(snapshots);
  for (const name of [...state.keys()]) if (name.startsWith(`${STAGING_DIR}/`) || name.startsWith(`${RUN_LOCK_NAME}/`)) state.delete(name);
  return state;
}

async function expectNewState(): Promise<void> {
  const lock = JSON.parse(await readFile(join(snapshots, 'snapshots.lock.json'), 'utf8')) as { pages: Array<{ page: string; sha256: string }> };
  for (const page of PAGES) {
    const body = await readFile(join(MIRROR, upstream(page)));
    expect((await readFile(join(snapshots, REVISION, `${page}.mdx`))).equals(body), page).toBe(true);
    expect(lock.pages.find((p) => p.page === page)?.sha256).toBe(sha256(body));
  }
  expect(existsSync(join(snapshots, STAGING_DIR))).toBe(false);
  const check = await cli(['snapshot', '--check', '--snapshots', snapshots, '--format', 'json']);
  expect(check.code, check.out).toBe(0);
  expect(JSON.parse(check.out)).toMatchObject({ interrupted: null, local: [] });
}

interface Child {
  process: ChildProcess;
  err(): string;
  exited: Promise<number | null>;
}

/** The real CLI in its own process, as users run it. */
function spawnSnapshot(env: Record<string, string> = {}, extra: string[] = []): Child {
  const child = spawn(process.execPath, [join(REPO_ROOT, 'bin', 'specdelta.js'), ...args(extra)], { cwd: REPO_ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString('utf8')));
  child.stdout!.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { process: child, err: () => err, exited };
}

/** Polls until `ready` holds; a run that never gets there fails the test (bounded, not a hang). */
async function until(ready: () => Promise<boolean> | boolean, what: string, child: Child): Promise<void> {
  for (let i = 0; i < 1000; i++) {
    if (await ready()) return;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`never saw ${what}; the run said: ${child.err()}`);
}

async function kill(child: Child): Promise<void> {
  child.process.kill('SIGKILL');
  await child.exited;
  // A killed run cannot release its run lock; age it past the stale limit instead of waiting 20 s.
  const runLock = join(snapshots, RUN_LOCK_NAME);
  if (existsSync(runLock)) await utimes(runLock, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
}

async function stagedFiles(): Promise<number> {
  const entries = await readdir(join(snapshots, STAGING_DIR, 'files'), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).length;
}

async function checkJson(): Promise<{ code: number; report: { interrupted: Record<string, unknown> | null; local: Array<{ page: string; problem: string }> } }> {
  const run = await cli(['snapshot', '--check', '--snapshots', snapshots, '--format', 'json']);
  return { code: run.code, report: JSON.parse(run.out) };
}

async function pauseAndKill(step: string): Promise<void> {
  const child = spawnSnapshot({ SPECDELTA_TEST_PAUSE_AT: step });
  await until(() => child.err().includes(`paused at ${step}`), `the pause at ${step}`, child);
  await kill(child);
}

describe('a snapshot run killed with SIGKILL', () => {
  it('while fetching: the folder is the old state, --check says so, and the next run discards the staged files', async () => {
    const before = await seedOldState();
    server.delayMs = 400;
    const child = spawnSnapshot({}, ['--concurrency', '1']);
    await until(async () => (await stagedFiles()) >= 1, 'a staged page', child);
    await kill(child);
    expect(child.err()).not.toMatch(/client\/sampling/); // killed before the last page arrived
    expect(await live()).toEqual(before);

    const { code, report } = await checkJson();
    expect(code).toBe(0);
    expect(report.local).toEqual([]);
    expect(report.interrupted).toMatchObject({ folder: 'old', next: 'discard', moved: 0 });
    const text = await cli(['snapshot', '--check', '--snapshots', snapshots]);
    expect(text.out).toMatch(/interrupted run: a snapshot run stopped before its commit; the folder is the old state, as the lock describes, and the next run discards its \d+ staged files? in \.snapshot-staging/);

    server.delayMs = 0;
    const next = await cli(args());
    expect(next.code, next.err).toBe(0);
    expect(next.out).toMatch(/^Discarded \d+ files? staged by a snapshot run that stopped before its commit/);
    await expectNewState();
  });

  const steps: Array<[string, { folder: string; next: string; moved: number }, number]> = [
    ['staged', { folder: 'old', next: 'discard', moved: 0 }, 0],
    ['journal', { folder: 'old', next: 'finish', moved: 0 }, 0],
    ['moved:1', { folder: 'between', next: 'finish', moved: 1 }, 1],
    ['moved:2', { folder: 'between', next: 'finish', moved: 2 }, 2],
    ['lock', { folder: 'new', next: 'finish', moved: 3 }, 0],
  ];
  for (const [step, expected, drifted] of steps) {
    it(`at commit step ${step}: --check says the folder is ${expected.folder} and the next run will ${expected.next}, and it does`, async () => {
      const before = await seedOldState();
      await pauseAndKill(step);
      if (expected.folder === 'old') expect(await live()).toEqual(before);

      const { code, report } = await checkJson();
      expect(report.interrupted).toMatchObject(expected);
      // Files already moved differ from the lock, which the commit had not written yet.
      expect(report.local.map((d) => `${d.page} ${d.problem}`)).toEqual(PAGES.slice(0, drifted).map((p) => `${p} modified`));
      expect(code).toBe(drifted > 0 ? 1 : 0);

      const next = await cli(args(['--format', 'json']));
      expect(next.code, next.err).toBe(0);
      const result = JSON.parse(next.out) as { recovered: Record<string, unknown>; fetched: number };
      expect(result.recovered).toMatchObject(expected);
      // Finished from the staged files, not fetched again (before the commit point, nothing was kept).
      expect(result.fetched).toBe(expected.next === 'discard' ? PAGES.length : 0);
      await expectNewState();
    });
  }

  it('during the commit with a staged file damaged afterwards: --check says it rolls back, and the next run restores the old state exactly', async () => {
    const before = await seedOldState();
    await pauseAndKill('moved:1');
    const damaged = join(snapshots, STAGING_DIR, 'files', REVISION, `${PAGES[2]}.mdx`);
    await writeFile(damaged, 'not what the journal lists\n');

    const { report } = await checkJson();
    expect(report.interrupted).toMatchObject({ folder: 'between', next: 'roll-back', moved: 1 });
    expect(report.interrupted?.['problem']).toMatch(/client\/sampling\.mdx does not hold the bytes the journal lists/);

    const recovered = await recoverInterruptedRun(snapshots);
    expect(recovered).toMatchObject({ next: 'roll-back', moved: 1 });
    expect(await live()).toEqual(before);
    expect(existsSync(join(snapshots, STAGING_DIR))).toBe(false);

    // And a normal run from there fetches the new state as if nothing had happened.
    const next = await cli(args());
    expect(next.code, next.err).toBe(0);
    await expectNewState();
  });

  it('snapshot --frozen finishes an interrupted commit too, before it compares the folder with the lock', async () => {
    await seedOldState();
    await pauseAndKill('moved:2');
    const frozen = await cli(['snapshot', '--frozen', '--snapshots', snapshots, '--format', 'json']);
    expect(frozen.code, frozen.err).toBe(0);
    expect(JSON.parse(frozen.out)).toMatchObject({ recovered: { folder: 'between', next: 'finish', moved: 2 }, fetched: 0, unchanged: PAGES.length });
    await expectNewState();
  });

  it('a second SIGKILL while the next run finishes the commit still leaves a finishable folder', async () => {
    await seedOldState();
    await pauseAndKill('moved:1');
    // The next run stops after moving one more file while finishing the first one's commit.
    await pauseAndKill('moved:1');
    const { report } = await checkJson();
    expect(report.interrupted).toMatchObject({ folder: 'between', next: 'finish', moved: 2 });
    const next = await cli(args());
    expect(next.code, next.err).toBe(0);
    expect(next.out).toMatch(/Finished the commit of an interrupted snapshot run: 1 of 3 files moved into place now/);
    await expectNewState();
  });
});
