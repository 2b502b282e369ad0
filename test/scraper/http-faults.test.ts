import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cli, folderState, MIRROR, REFS, removeDir, sha256, startRawServer, tempDir, type Fault, type RawServer } from './helpers.ts';

/**
 * A real HTTP server on 127.0.0.1 serving ../shared/mcp-spec/refs like a raw-file host,
 * with one fault injected on one page. Before each case the snapshot holds an older
 * version of that page (as if upstream edited it since). After the run the snapshot folder
 * and lock are either updated correctly (the new bytes, the new hash, nothing else
 * touched) or exactly as before, byte for byte.
 */
const REVISION = '2025-06-18';
const PAGE = 'client/elicitation';
const UPSTREAM = `docs/specification/${REVISION}/${PAGE}.mdx`;
const REQUEST = `/main/${UPSTREAM}`;
const PUBLISHED = 'd2cac4fd1420d4119624a001813df54fedaaa0ee'; // the revision's first version of the page

let server: RawServer;
let dir: string;
let snapshots: string;
let oldBody: Buffer;
let newBody: Buffer;

function args(extra: string[] = []): string[] {
  return ['snapshot', '--base-url', `${server.url}/main`, '--snapshots', snapshots, '--revision', REVISION, '--retry-delay', '1', '--timeout', '500', '--retries', '2', ...extra];
}

async function lockOf(): Promise<{ pages: Array<Record<string, unknown>> }> {
  return JSON.parse(await readFile(join(snapshots, 'snapshots.lock.json'), 'utf8'));
}

beforeEach(async () => {
  server = await startRawServer();
  dir = await tempDir();
  snapshots = join(dir, 'snapshots');
  oldBody = await readFile(join(REFS, PUBLISHED, UPSTREAM));
  newBody = await readFile(join(MIRROR, UPSTREAM));
  expect(sha256(oldBody)).not.toBe(sha256(newBody));
  server.overlay.set(`/main/${UPSTREAM}`, oldBody);
  const first = await cli(args());
  expect(first.code, first.err).toBe(0);
  server.overlay.clear();
  server.requests.length = 0;
});

afterEach(async () => {
  await server.close();
  await removeDir(dir);
});

async function expectExactlyAsBefore(before: Map<string, string>, run: { code: number; err: string }, mention: RegExp) {
  expect(run.code).toBe(2);
  const lines = run.err.trim().split('\n').filter((l) => l.startsWith('specdelta: '));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(mention);
  expect(run.err).not.toMatch(/\n\s+at /); // no stack trace
  expect(await folderState(snapshots)).toEqual(before);
}

async function expectUpdatedCorrectly(before: Map<string, string>, run: { code: number; err: string }) {
  expect(run.code, run.err).toBe(0);
  const after = await folderState(snapshots);
  const file = `${REVISION}/${PAGE}.mdx`;
  expect(Buffer.from(after.get(file) ?? '', 'base64').equals(newBody)).toBe(true);
  // Nothing else changed but this page's file and its lock entry; no temp files left over.
  for (const [name, bytes] of before) if (name !== file && name !== 'snapshots.lock.json') expect(after.get(name)).toBe(bytes);
  expect([...after.keys()].sort()).toEqual([...before.keys()].sort());
  const entry = (await lockOf()).pages.find((p) => p['revision'] === REVISION && p['page'] === PAGE);
  expect(entry?.['sha256']).toBe(sha256(newBody));
  expect(entry?.['size']).toBe(newBody.length);
  expect(entry?.['url']).toBe(`${server.url}/main/${UPSTREAM}`);
  const beforeLock = JSON.parse(Buffer.from(before.get('snapshots.lock.json') ?? '', 'base64').toString('utf8'));
  const afterLock = await lockOf();
  const others = (lock: { pages: Array<Record<string, unknown>> }) => lock.pages.filter((p) => !(p['revision'] === REVISION && p['page'] === PAGE));
  expect(others(afterLock)).toEqual(others(beforeLock));
}

const transient: Array<[string, Fault, number]> = [
  ['500 then success', { kind: 'status', status: 500 }, 1],
  ['503 twice then success', { kind: 'status', status: 503 }, 2],
  ['a stalled response (no headers) then success', { kind: 'stall-headers' }, 1],
  ['a stalled body then success', { kind: 'stall-body' }, 1],
  ['a connection reset mid-body then success', { kind: 'reset' }, 1],
  ['a truncated body with a correct Content-Length then success', { kind: 'truncate' }, 1],
];

const persistent: Array<[string, Fault, RegExp, number]> = [
  ['500 every time', { kind: 'status', status: 500 }, /answered 500.*gave up after 3 attempts/, 3],
  ['a stalled response every time', { kind: 'stall-body' }, /stalled.*gave up after 3 attempts/, 3],
  ['a reset every time', { kind: 'reset' }, /gave up after 3 attempts/, 3],
  ['a truncated body every time', { kind: 'truncate' }, /(broke off|sent \d+ bytes).*gave up after 3 attempts/, 3],
  ['404', { kind: 'status', status: 404 }, new RegExp(`revision ${REVISION} has no page ${PAGE} \\(.*404`), 1],
  ['an HTML error page with status 200', { kind: 'html-200' }, /content type text\/html/, 1],
  ['a body over the size cap (declared)', { kind: 'oversize', bytes: 3 * 1024 * 1024, declare: true }, /over the 1048576-byte size cap/, 1],
  ['a body over the size cap (chunked)', { kind: 'oversize', bytes: 3 * 1024 * 1024, declare: false }, /more than the 1048576-byte size cap/, 1],
  ['a 403', { kind: 'status', status: 403 }, /answered 403/, 1],
  ['an empty body with status 200 (Content-Length 0)', { kind: 'body-200', body: '' }, /client\/elicitation\.mdx answered with an empty body \(0 bytes\) where a Markdown\/MDX file was expected\.$/, 1],
  ['a whitespace-only body with status 200', { kind: 'body-200', body: ' \n\t\r\n' }, /client\/elicitation\.mdx answered with only whitespace \(5 bytes\)/, 1],
];

describe('snapshot over HTTP with injected faults', () => {
  for (const [name, fault, times] of transient) {
    it(`recovers from ${name}: the page is updated correctly`, async () => {
      const before = await folderState(snapshots);
      server.faults.push({ path: REQUEST, fault, times });
      const run = await cli(args());
      await expectUpdatedCorrectly(before, run);
      expect(server.countFor(REQUEST)).toBe(times + 1);
    });
  }

  for (const [name, fault, mention, requests] of persistent) {
    it(`on ${name}: the folder and the lock stay exactly as before`, async () => {
      const before = await folderState(snapshots);
      server.faults.push({ path: REQUEST, fault, times: Infinity });
      const run = await cli(args(['--max-size', String(1024 * 1024)]));
      await expectExactlyAsBefore(before, run, mention);
      expect(server.countFor(REQUEST)).toBe(requests); // 404, 403, HTML and oversize: no retry
    });
  }

  it('an empty body is no page: --check afterwards still sees the upstream change, and the local files match', async () => {
    server.faults.push({ path: REQUEST, fault: { kind: 'body-200', body: '' }, times: 1 });
    expect((await cli(args())).code).toBe(2);
    const check = await cli(['snapshot', '--check', '--snapshots', snapshots, '--base-url', `${server.url}/main`, '--revision', REVISION, '--format', 'json']);
    expect(check.code, check.err).toBe(1);
    const report = JSON.parse(check.out) as { local: unknown[]; upstream: { pages: Array<{ page: string; change: string }> } };
    expect(report.local).toEqual([]);
    expect(report.upstream.pages).toEqual([expect.objectContaining({ page: PAGE, change: 'changed' })]);
  });

  it('honours Retry-After on 429', async () => {
    const before = await folderState(snapshots);
    server.faults.push({ path: REQUEST, fault: { kind: 'status', status: 429, headers: { 'retry-after': '1' } }, times: 1 });
    const started = Date.now();
    const run = await cli(args());
    const elapsed = Date.now() - started;
    await expectUpdatedCorrectly(before, run);
    expect(elapsed).toBeGreaterThanOrEqual(950); // waited as told, not the 1 ms backoff
    expect(run.err).toMatch(/retrying .*429.* in 1000 ms/);
  });

  it('fails without waiting when Retry-After asks for longer than allowed', async () => {
    const before = await folderState(snapshots);
    server.faults.push({ path: REQUEST, fault: { kind: 'status', status: 429, headers: { 'retry-after': '3600' } }, times: Infinity });
    const run = await cli(args());
    await expectExactlyAsBefore(before, run, /asked to wait 3600 s/);
    expect(server.countFor(REQUEST)).toBe(1);
  });

  it('follows a redirect and records the URL it asked for', async () => {
    const before = await folderState(snapshots);
    server.faults.push({ path: REQUEST, fault: { kind: 'redirect', to: `/moved${REQUEST}` }, times: Infinity });
    const run = await cli(args());
    await expectUpdatedCorrectly(before, run);
    expect(server.countFor(`/moved${REQUEST}`)).toBe(1);
  });

  it('keeps the other pages when one fails, and says how many failed', async () => {
    const other = `/main/docs/specification/${REVISION}/client/roots.mdx`;
    server.faults.push({ path: REQUEST, fault: { kind: 'status', status: 500 }, times: Infinity });
    server.faults.push({ path: other, fault: { kind: 'status', status: 404 }, times: Infinity });
    const before = await folderState(snapshots);
    const run = await cli(args());
    await expectExactlyAsBefore(before, run, /2 of \d+ pages failed, and their snapshots were left as they were; the first: /);
    expect(run.out).toMatch(/0 fetched, \d+ unchanged, 2 failed/);
  });

  it('a first run that fails writes no lock and no half-written page', async () => {
    const fresh = join(dir, 'fresh');
    server.faults.push({ path: REQUEST, fault: { kind: 'truncate' }, times: Infinity });
    const run = await cli(['snapshot', '--base-url', `${server.url}/main`, '--snapshots', fresh, '--revision', REVISION, '--page', PAGE, '--retry-delay', '1', '--retries', '1']);
    expect(run.code).toBe(2);
    expect(await folderState(fresh)).toEqual(new Map());
  });
});
