import { existsSync } from 'node:fs';
import { mkdir, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RUN_LOCK_NAME } from '../../scraper/run-lock.ts';
import { cli, folderState, type RawServer, serverAndFolderPerTest } from './helpers.ts';

let server: RawServer;
let snapshots: string;

const args = (extra: string[] = []) => ['snapshot', '--base-url', `${server.url}/main`, '--snapshots', snapshots, '--revision', '2025-11-25', '--retry-delay', '1', ...extra];

serverAndFolderPerTest((ctx) => ({ server, snapshots } = ctx));

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 5));
}

describe('one snapshot run at a time per folder', () => {
  it('a second run while one is writing stops with exit 2 and touches nothing; the first finishes normally', async () => {
    server.delayMs = 150;
    const first = cli(args(['--page', 'client/elicitation', '--concurrency', '1']));
    await until(() => existsSync(join(snapshots, RUN_LOCK_NAME)));

    const second = await cli(args(['--page', 'client/sampling']));
    expect(second.code).toBe(2);
    expect(second.err.trim().split('\n')).toHaveLength(1);
    expect(second.err).toMatch(/is being written by another specdelta snapshot run; wait for it to finish \(or delete .*\.snapshot-run\.lock if no run is going on\)\./);

    const done = await first;
    expect(done.code, done.err).toBe(0);
    expect(existsSync(join(snapshots, RUN_LOCK_NAME))).toBe(false);
    expect([...(await folderState(snapshots)).keys()].filter((k) => k.endsWith('.mdx'))).toEqual(['2025-11-25/client/elicitation.mdx']);

    server.delayMs = 0;
    expect((await cli(args(['--page', 'client/sampling']))).code).toBe(0);
  });

  it('a lock left behind by a run that crashed is taken over once it is stale', async () => {
    await mkdir(join(snapshots, RUN_LOCK_NAME), { recursive: true });
    const longAgo = new Date(Date.now() - 10 * 60_000);
    await utimes(join(snapshots, RUN_LOCK_NAME), longAgo, longAgo);
    const run = await cli(args(['--page', 'client/elicitation']));
    expect(run.code, run.err).toBe(0);
    expect(existsSync(join(snapshots, RUN_LOCK_NAME))).toBe(false);
  });

  it('--check only reads, so it runs beside a writer', async () => {
    expect((await cli(args(['--page', 'client/elicitation']))).code).toBe(0);
    await mkdir(join(snapshots, RUN_LOCK_NAME));
    const check = await cli(['snapshot', '--check', '--snapshots', snapshots]);
    expect(check.code, check.err).toBe(0);
    expect(check.out).toMatch(/interrupted run: a snapshot run is writing this folder now \(or stopped less than 20 s ago: check again then to see what it left\)/);
  });
});
