import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runSnapshot } from '../../src/cli/commands/snapshot.ts';
import { runRevisions } from '../../src/cli/commands/revisions.ts';
import { InputError } from '../../src/core/errors.ts';
import { readLock } from '../../scraper/index.ts';
import { captureIO, cli, closedPort, folderState, MIRROR, removeDir, tempDir } from './helpers.ts';

/**
 * Bad input: one clear sentence on stderr, exit 2, nothing overwritten. Through main()
 * (exit code and stderr as users see them) and through the command functions (which
 * throw an InputError for main to print).
 */
let dir: string;
let snapshots: string;
const mirror = ['--from', MIRROR];

function oneSentence(err: string): string {
  // Retry notices may come first (progress output); the error itself is one line.
  const lines = err.split('\n').filter((line) => line !== '' && !/^\s+retrying /.test(line));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^specdelta: [^\n]+\.$/);
  expect(err).not.toMatch(/\bat .*\.ts:\d+/);
  return lines[0]!;
}

beforeEach(async () => {
  dir = await tempDir();
  snapshots = join(dir, 'snapshots');
});

afterEach(async () => {
  await removeDir(dir);
});

/** A small good snapshot to protect. */
async function seed(): Promise<Map<string, string>> {
  const run = await cli(['snapshot', ...mirror, '--snapshots', snapshots, '--revision', '2025-11-25', '--page', 'client/elicitation', '--quiet']);
  expect(run.code, run.err).toBe(0);
  return folderState(snapshots);
}

describe('snapshot: bad input', () => {
  it('unknown revision', async () => {
    const before = await seed();
    const run = await cli(['snapshot', ...mirror, '--snapshots', snapshots, '--revision', '1999-01-01']);
    expect(run.code).toBe(2);
    expect(oneSentence(run.err)).toMatch(/^specdelta: revision 1999-01-01 is not known to .*refs\/main \(known: 2024-11-05, 2025-03-26, 2025-06-18, 2025-11-25, 2026-07-28, draft\)\.$/);
    expect(await folderState(snapshots)).toEqual(before);
    await expect(runSnapshot({ from: MIRROR, snapshots, revision: ['1999-01-01'] }, captureIO())).rejects.toThrow(InputError);
  });

  it('unknown page', async () => {
    const before = await seed();
    const run = await cli(['snapshot', ...mirror, '--snapshots', snapshots, '--revision', '2025-11-25', '--page', 'client/elicitations']);
    expect(run.code).toBe(2);
    expect(oneSentence(run.err)).toBe('specdelta: revision 2025-11-25 has no page client/elicitations (did you mean client/elicitation?).');
    expect(await folderState(snapshots)).toEqual(before);
    const anywhere = await cli(['snapshot', ...mirror, '--snapshots', snapshots, '--page', 'no/such/page']);
    expect(oneSentence(anywhere.err)).toBe('specdelta: no revision has a page no/such/page.');
    // A page that exists in a later revision only.
    const later = await cli(['snapshot', ...mirror, '--snapshots', snapshots, '--revision', '2025-06-18', '--page', 'basic/patterns/mrtr']);
    expect(oneSentence(later.err)).toMatch(/^specdelta: revision 2025-06-18 has no page basic\/patterns\/mrtr/);
    expect(await folderState(snapshots)).toEqual(before);
  });

  it('unreachable host (a closed port on 127.0.0.1)', async () => {
    const before = await seed();
    const port = await closedPort();
    const run = await cli(['snapshot', '--base-url', `http://127.0.0.1:${port}/main`, '--snapshots', snapshots, '--retries', '1', '--retry-delay', '1']);
    expect(run.code).toBe(2);
    expect(oneSentence(run.err)).toBe(
      `specdelta: cannot reach 127.0.0.1:${port} (connection refused) to fetch http://127.0.0.1:${port}/main/docs/docs.json (gave up after 2 attempts).`,
    );
    expect(run.err).toMatch(/retrying .*docs\.json: cannot reach/);
    expect(await folderState(snapshots)).toEqual(before);
  });

  it('a lock file that is not valid JSON', async () => {
    await seed();
    const lockFile = join(snapshots, 'snapshots.lock.json');
    await writeFile(lockFile, '{ "lockfileVersion": 1, "revisions": [\n');
    const before = await folderState(snapshots);
    for (const extra of [[], ['--frozen'], ['--check']]) {
      const run = await cli(['snapshot', ...mirror, '--snapshots', snapshots, ...extra]);
      expect(run.code).toBe(2);
      expect(oneSentence(run.err)).toMatch(/^specdelta: .*snapshots\.lock\.json is not valid JSON \(.*\); restore it from git or delete it and run `specdelta snapshot` again\.$/);
    }
    expect(await folderState(snapshots)).toEqual(before);
    await expect(readLock(snapshots)).rejects.toThrow(InputError);
    await expect(runRevisions({ snapshots }, captureIO())).rejects.toThrow(/is not valid JSON/);
  });

  const edits: Array<[string, (lock: any) => void, RegExp]> = [
    ['a hash that is not a sha256', (l) => (l.pages[0].sha256 = 'abc'), /pages\[0\]\.sha256 must be 64 lowercase hex characters/],
    ['a page of a revision it does not list', (l) => (l.pages[0].revision = '2030-01-01'), /pages\[0\]\.revision must name one of the revisions/],
    ['a page id that leaves the folder', (l) => (l.pages[0].page = '../../etc/passwd'), /pages\[0\]\.page must be a page id/],
    ['an unknown status', (l) => (l.revisions[0].status = 'current'), /revisions\[0\]\.status must be one of latest, superseded, draft/],
    ['two latest revisions', (l) => l.revisions.forEach((r: any) => (r.status = 'latest')), /more than one revision is marked latest/],
    ['a missing field', (l) => delete l.pages[0].url, /pages\[0\]\.url must be a non-empty string/],
    ['a wrong version', (l) => (l.lockfileVersion = 2), /lockfileVersion must be 1/],
    ['an array at the top', (l) => ((l as any).__array = true), /the top level must be an object/],
  ];
  for (const [name, edit, message] of edits) {
    it(`a lock edited by hand: ${name}`, async () => {
      await seed();
      const lockFile = join(snapshots, 'snapshots.lock.json');
      const lock = JSON.parse(await readFile(lockFile, 'utf8'));
      edit(lock);
      await writeFile(lockFile, lock.__array ? '[]' : JSON.stringify(lock, null, 2));
      const before = await folderState(snapshots);
      const run = await cli(['snapshot', ...mirror, '--snapshots', snapshots]);
      expect(run.code).toBe(2);
      expect(oneSentence(run.err)).toMatch(message);
      expect(run.err).toMatch(/is not a valid lock file: /);
      expect(await folderState(snapshots)).toEqual(before);
      await expect(readLock(snapshots)).rejects.toThrow(InputError);
    });
  }

  it('a mirror folder that does not exist, and conflicting sources', async () => {
    const missing = await cli(['snapshot', '--from', join(dir, 'nope'), '--snapshots', snapshots]);
    expect(oneSentence(missing.err)).toMatch(/^specdelta: the mirror directory .*nope does not exist\.$/);
    const both = await cli(['snapshot', '--from', MIRROR, '--git', dir, '--snapshots', snapshots]);
    expect(both.code).toBe(2);
    expect(oneSentence(both.err)).toBe('specdelta: choose one source: --from and --git cannot be used together.');
    const ref = await cli(['snapshot', '--ref', 'main', '--snapshots', snapshots]);
    expect(oneSentence(ref.err)).toBe('specdelta: --ref only applies to a git clone given with --git DIR.');
    const url = await cli(['snapshot', '--base-url', 'ftp://example.com/x', '--snapshots', snapshots]);
    expect(oneSentence(url.err)).toBe('specdelta: --base-url ftp://example.com/x must be an http:// or https:// URL.');
    const flags = await cli(['snapshot', '--frozen', '--check', '--snapshots', snapshots]);
    expect(flags.code).toBe(2);
    expect(await folderState(snapshots)).toEqual(new Map());
  });

  it('--frozen and --check without a lock', async () => {
    for (const flag of ['--frozen', '--check']) {
      const run = await cli(['snapshot', flag, ...mirror, '--snapshots', snapshots]);
      expect(run.code).toBe(2);
      expect(oneSentence(run.err)).toMatch(/snapshots\.lock\.json/);
    }
    expect(await folderState(snapshots)).toEqual(new Map());
  });

  it('a snapshot folder path that is a file', async () => {
    await mkdir(dir, { recursive: true });
    await writeFile(snapshots, 'not a folder');
    const run = await cli(['snapshot', ...mirror, '--snapshots', snapshots, '--revision', '2025-11-25', '--page', 'index']);
    expect(run.code).toBe(2);
    expect(oneSentence(run.err)).toMatch(/snapshots is a file, not a folder for snapshots\.$/);
    expect(await readFile(snapshots, 'utf8')).toBe('not a folder');
  });
});
