import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockedRevisions, readLock, snapshotPath } from '../../scraper/index.ts';
import { runSnapshot } from '../../src/cli/commands/snapshot.ts';
import { captureIO, cli, folderState, MIRROR, removeDir, sha256, startRawServer, tempDir } from './helpers.ts';

/**
 * The README's main command against the offline mirror (a local folder with the upstream
 * layout): every revision and page discovered from docs/docs.json, the lock others read,
 * idempotence, the drift report on local files, and --frozen.
 */
let dir: string;
let snapshots: string;

beforeAll(async () => {
  dir = await tempDir();
  snapshots = join(dir, 'snapshots');
});

afterAll(async () => {
  await removeDir(dir);
});

async function mdxCount(revision: string): Promise<number> {
  const files = await readdir(join(MIRROR, 'docs', 'specification', revision), { recursive: true });
  return files.filter((f) => f.endsWith('.mdx')).length;
}

describe('snapshot --from a mirror', () => {
  it('brings in every revision and page the navigation lists, plus each schema.json', async () => {
    const run = await cli(['snapshot', '--from', MIRROR, '--snapshots', snapshots]);
    expect(run.code, run.err).toBe(0);
    const lock = await readLock(snapshots);
    expect(lockedRevisions(lock)).toEqual([
      { id: '2024-11-05', date: '2024-11-05', status: 'superseded' },
      { id: '2025-03-26', date: '2025-03-26', status: 'superseded' },
      { id: '2025-06-18', date: '2025-06-18', status: 'superseded' },
      { id: '2025-11-25', date: '2025-11-25', status: 'superseded' },
      { id: '2026-07-28', date: '2026-07-28', status: 'latest' },
      { id: 'draft', date: null, status: 'draft' },
    ]);
    let total = 0;
    for (const { id } of lock.revisions) {
      const pages = lock.pages.filter((p) => p.revision === id);
      expect(pages.length).toBe((await mdxCount(id)) + 1);
      expect(pages.some((p) => p.page === 'schema.json')).toBe(true);
      total += pages.length;
    }
    expect(run.out).toBe(`${total} pages from ${join('..', 'shared', 'mcp-spec', 'refs', 'main')}: ${total} fetched, 0 unchanged, 0 failed; lock updated (${join(snapshots, 'snapshots.lock.json')}).\n`);
    // Bytes, hashes and the layout others read.
    const entry = lock.pages.find((p) => p.revision === '2025-11-25' && p.page === 'client/elicitation')!;
    const upstream = await readFile(join(MIRROR, 'docs/specification/2025-11-25/client/elicitation.mdx'));
    expect(entry).toMatchObject({ via: 'dir', path: 'docs/specification/2025-11-25/client/elicitation.mdx', sha256: sha256(upstream), size: upstream.length, etag: null, lastModified: null });
    expect(entry.retrievedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(await readFile(snapshotPath(snapshots, '2025-11-25', 'client/elicitation'))).toEqual(upstream);
    expect(snapshotPath(snapshots, 'draft', 'schema.json')).toBe(join(snapshots, 'draft', 'schema.json'));
    expect(await readFile(join(snapshots, 'draft', 'schema.json'))).toEqual(await readFile(join(MIRROR, 'schema/draft/schema.json')));
  });

  it('a second run changes nothing, not even the lock\'s bytes', async () => {
    const before = await folderState(snapshots);
    const run = await cli(['snapshot', '--from', MIRROR, '--snapshots', snapshots]);
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/0 fetched, \d+ unchanged, 0 failed; lock unchanged/);
    expect(await folderState(snapshots)).toEqual(before);
  });

  it('takes the mirror from SPECDELTA_MIRROR when no source flag is given', async () => {
    const run = await cli(['snapshot', '--snapshots', snapshots, '--revision', 'latest', '--page', 'index'], { env: { SPECDELTA_MIRROR: MIRROR } });
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/^1 pages from .*refs\/main: 0 fetched, 1 unchanged/);
  });

  it('takes several revisions and pages, repeated or comma-separated', async () => {
    const run = await cli(['snapshot', '--from', MIRROR, '--snapshots', snapshots, '--revision', '2025-06-18,2025-11-25', '--revision', 'draft', '--page', 'client/elicitation', '--page', 'schema.json']);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toMatch(/^6 pages from /);
  });

  it('--check reports local files that no longer match the lock (exit 1), and only reads', async () => {
    const clean = await cli(['snapshot', '--check', '--snapshots', snapshots]);
    expect(clean.code).toBe(0);
    expect(clean.out).toMatch(/local files: all match the lock\n {2}upstream: not checked/);

    const edited = snapshotPath(snapshots, '2025-06-18', 'client/sampling');
    const deleted = snapshotPath(snapshots, 'draft', 'schema.json');
    const original = await readFile(edited);
    const originalSchema = await readFile(deleted);
    await writeFile(edited, 'edited locally\n');
    await rm(deleted);
    const before = await folderState(snapshots);
    const run = await cli(['snapshot', '--check', '--snapshots', snapshots, '--no-color']);
    expect(run.code).toBe(1);
    expect(run.out).toMatch(/modified {2}2025-06-18\/client\/sampling {2}\(sha256 [0-9a-f]{12}…, locked [0-9a-f]{12}…\)/);
    expect(run.out).toMatch(/missing {3}draft\/schema\.json/);
    expect(run.out).toMatch(/Drift: 2 local, 0 upstream\./);
    expect(await folderState(snapshots)).toEqual(before);

    // With the mirror as source, the upstream side is checked too (and is clean).
    const upstream = await cli(['snapshot', '--check', '--from', MIRROR, '--snapshots', snapshots, '--format', 'json']);
    expect(upstream.code).toBe(1);
    const report = JSON.parse(upstream.out);
    expect(report.local).toHaveLength(2);
    expect(report.upstream.pages).toEqual([]);
    expect(report.upstream.revisions).toEqual([]);

    // --frozen restores exactly the locked bytes, and leaves the lock alone.
    const lockBefore = await readFile(join(snapshots, 'snapshots.lock.json'));
    const frozen = await cli(['snapshot', '--frozen', '--from', MIRROR, '--snapshots', snapshots]);
    expect(frozen.code, frozen.err).toBe(0);
    expect(frozen.out).toMatch(/2 fetched, \d+ unchanged, 0 failed; lock unchanged \(--frozen\)/);
    expect(await readFile(edited)).toEqual(original);
    expect(await readFile(deleted)).toEqual(originalSchema);
    expect(await readFile(join(snapshots, 'snapshots.lock.json'))).toEqual(lockBefore);
  });

  it('--frozen without a source fetches mirror-locked pages from the raw host at the locked commit', async () => {
    const lock = await readLock(snapshots);
    const commit = JSON.parse(await readFile(join(MIRROR, '..', '..', 'refs.json'), 'utf8')).main.commit;
    expect(new Set(lock.pages.map((p) => p.commit))).toEqual(new Set([commit])); // known from the mirror's refs.json
    const file = snapshotPath(snapshots, '2025-06-18', 'index');
    const original = await readFile(file);
    await rm(file);
    const server = await startRawServer();
    try {
      server.aliases.set(commit, 'main');
      const run = await runSnapshot({ frozen: true, snapshots, rawRoot: server.url }, captureIO());
      expect(run).toBe(0);
      expect(server.requests.map((r) => r.path)).toEqual([`/${commit}/docs/specification/2025-06-18/index.mdx`]);
      expect(await readFile(file)).toEqual(original);

      // A page locked from a local folder at an unknown commit needs the folder again.
      const lockFile = join(snapshots, 'snapshots.lock.json');
      const saved = await readFile(lockFile, 'utf8');
      await writeFile(lockFile, saved.replace(`"commit": "${commit}"`, '"commit": null'));
      await rm(file);
      const refused = await cli(['snapshot', '--frozen', '--snapshots', snapshots]);
      expect(refused.code).toBe(2);
      expect(refused.err).toMatch(/was locked from a local source \(.*\) at an unknown commit; pass --from DIR or --git DIR to fetch it again\.\n$/);
      expect((await cli(['snapshot', '--frozen', '--from', MIRROR, '--snapshots', snapshots])).code).toBe(0);
      await writeFile(lockFile, saved);
    } finally {
      await server.close();
    }
  });
});

describe('specdelta revisions', () => {
  it('lists the locked revisions, latest and draft, as text', async () => {
    const run = await cli(['revisions', '--snapshots', snapshots]);
    expect(run.code).toBe(0);
    const lines = run.out.trim().split('\n');
    expect(lines.slice(0, 6).map((l) => l.split(/\s+/).slice(0, 2).join(' '))).toEqual([
      '2024-11-05 superseded',
      '2025-03-26 superseded',
      '2025-06-18 superseded',
      '2025-11-25 superseded',
      '2026-07-28 latest',
      'draft draft',
    ]);
    expect(lines[6]).toMatch(/^\(6 revisions from .*snapshots\.lock\.json; latest 2026-07-28, draft draft\)$/);
  });

  it('asks a source with --from, as JSON', async () => {
    const run = await cli(['revisions', '--from', MIRROR, '--format', 'json']);
    expect(run.code).toBe(0);
    const data = JSON.parse(run.out);
    expect(data.latest).toBe('2026-07-28');
    expect(data.draft).toBe('draft');
    expect(data.revisions.map((r: { id: string }) => r.id)).toEqual(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28', 'draft']);
    expect(data.revisions.find((r: { id: string }) => r.id === '2025-11-25').pages).toBe((await mdxCount('2025-11-25')) + 1);
  });

  it('asks the source when there is no lock', async () => {
    const run = await cli(['revisions', '--snapshots', join(dir, 'none')], { env: { SPECDELTA_MIRROR: MIRROR } });
    expect(run.code).toBe(0);
    expect(run.out).toMatch(/2026-07-28 +latest/);
  });
});
