import { readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, folderState, MIRROR, type RawServer, serverAndFolderPerTest } from './helpers.ts';

let server: RawServer;
let snapshots: string;
const REVISION = '2025-11-25';

const args = (extra: string[] = []) => ['snapshot', '--base-url', `${server.url}/main`, '--snapshots', snapshots, '--revision', REVISION, '--retry-delay', '1', ...extra];

serverAndFolderPerTest((ctx) => ({ server, snapshots } = ctx));

describe('conditional requests', () => {
  it('sends If-None-Match from the lock; a 304 keeps the snapshot and the lock byte for byte', async () => {
    const first = await cli(args());
    expect(first.code, first.err).toBe(0);
    expect(first.out).toMatch(/23 pages from .*: 23 fetched, 0 unchanged, 0 failed; lock updated/);
    const before = await folderState(snapshots);
    const mtime = (await stat(join(snapshots, REVISION, 'client/elicitation.mdx'))).mtimeMs;
    server.requests.length = 0;

    const second = await cli(args());
    expect(second.code, second.err).toBe(0);
    expect(second.out).toMatch(/0 fetched, 23 unchanged, 0 failed; lock unchanged/);
    const pageRequests = server.requests.filter((r) => r.path.includes(`/specification/${REVISION}/`) || r.path.includes(`/schema/${REVISION}/`));
    expect(pageRequests).toHaveLength(23);
    for (const r of pageRequests) expect(r.ifNoneMatch).toMatch(/^"[0-9a-f]{16}"$/);
    expect(await folderState(snapshots)).toEqual(before);
    expect((await stat(join(snapshots, REVISION, 'client/elicitation.mdx'))).mtimeMs).toBe(mtime);
  });

  it('a fresh checkout (the lock without the pages) gets the pages back and leaves the lock byte for byte', async () => {
    expect((await cli(args())).code).toBe(0);
    const lockFile = join(snapshots, 'snapshots.lock.json');
    const lockBefore = await readFile(lockFile, 'utf8');
    const pagesBefore = await folderState(snapshots);
    await rm(join(snapshots, REVISION), { recursive: true });
    const again = await cli(args());
    expect(again.code, again.err).toBe(0);
    expect(again.out).toMatch(/23 fetched, 0 unchanged, 0 failed; lock unchanged/);
    expect(await readFile(lockFile, 'utf8')).toBe(lockBefore);
    expect(await folderState(snapshots)).toEqual(pagesBefore);
  });

  it('sends If-Modified-Since when the server gives only Last-Modified', async () => {
    server.validators.etag = false;
    expect((await cli(args(['--page', 'client/elicitation']))).code).toBe(0);
    server.requests.length = 0;
    const again = await cli(args(['--page', 'client/elicitation']));
    expect(again.out).toMatch(/0 fetched, 1 unchanged/);
    const request = server.requests.find((r) => r.path.endsWith('client/elicitation.mdx'));
    expect(request?.ifModifiedSince).toBe('Wed, 21 Oct 2026 07:28:00 GMT');
    expect(request?.ifNoneMatch).toBeNull();
  });

  it('does not ask conditionally for a page whose local file no longer matches the lock, and restores it', async () => {
    expect((await cli(args(['--page', 'client/elicitation']))).code).toBe(0);
    const file = join(snapshots, REVISION, 'client/elicitation.mdx');
    await writeFile(file, 'edited by hand\n');
    server.requests.length = 0;
    const again = await cli(args(['--page', 'client/elicitation']));
    expect(again.out).toMatch(/1 fetched, 0 unchanged/);
    expect(server.requests.find((r) => r.path.endsWith('client/elicitation.mdx'))?.ifNoneMatch).toBeNull();
    expect(await readFile(file, 'utf8')).toBe(await readFile(join(MIRROR, `docs/specification/${REVISION}/client/elicitation.mdx`), 'utf8'));
  });
});

describe('bounded concurrency', () => {
  it('never has more requests in flight than --concurrency', async () => {
    server.delayMs = 15;
    const run = await cli(args(['--concurrency', '3']));
    expect(run.code, run.err).toBe(0);
    expect(server.maxInFlight).toBeLessThanOrEqual(3);
    expect(server.maxInFlight).toBeGreaterThan(1);
  });

  it('rejects a concurrency that is not a positive whole number', async () => {
    const run = await cli(args(['--concurrency', '0']));
    expect(run.code).toBe(2);
    expect(run.err).toMatch(/^specdelta: --concurrency must be a whole number of at least 1 \(got 0\)\.\n$/);
  });
});

describe('progress and summary', () => {
  it('prints one plain line per page when stderr is not a terminal, then the summary on stdout', async () => {
    const run = await cli(args());
    const lines = run.err.trim().split('\n');
    expect(lines).toHaveLength(23);
    for (const line of lines) expect(line).toMatch(/^\[\s*\d+\/23\] fetched {3}2025-11-25\//);
    expect(run.out).toBe(`23 pages from ${server.url}/main: 23 fetched, 0 unchanged, 0 failed; lock updated (${join(snapshots, 'snapshots.lock.json')}).\n`);
  });

  it('draws a progress bar on a terminal instead of lines', async () => {
    const run = await cli(args(), { tty: true });
    expect(run.code).toBe(0);
    expect(run.err).toMatch(/fetching \[[█░]+\] \d+\/23/);
    expect(run.err).not.toMatch(/\] fetched {3}/);
    expect(run.out).toMatch(/23 fetched, 0 unchanged, 0 failed/);
  });

  it('says nothing but errors with --quiet, and prints JSON with --format json', async () => {
    const quiet = await cli(args(['--quiet']));
    expect(quiet.out + quiet.err).toBe('');
    const json = await cli(args(['--format', 'json']));
    const parsed = JSON.parse(json.out);
    expect(parsed).toMatchObject({ mode: 'update', fetched: 0, unchanged: 23, failed: 0, lockWritten: false });
    expect(json.err).toBe('');
  });
});
