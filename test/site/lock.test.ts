import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { siteInputProblem } from '../../site/lib/lock.ts';
import { cli, MIRROR, removeDir, tempDir } from '../scraper/helpers.ts';

/**
 * `npm run build` checks its snapshots before Astro starts (astro.config.mjs) and prints
 * siteInputProblem's sentence. For a bad lock that is exactly what the CLI prints for the
 * same folder; the build itself was run once by hand against such a lock (exit 2, that one
 * line, no stack trace): too slow for every test run.
 */
let dir: string;
let snapshots: string;
beforeEach(async () => {
  dir = await tempDir();
  snapshots = join(dir, 'snapshots');
});
afterEach(async () => {
  await removeDir(dir);
});

async function cliSentence(): Promise<string> {
  const run = await cli(['revisions', '--snapshots', snapshots]);
  expect(run.code).toBe(2);
  return run.err;
}

describe('the site build refuses unreadable snapshots with one sentence', () => {
  const badLocks: Array<[string, string]> = [
    ['not JSON', '{"lockfileVersion": 1, "revisions": ['],
    ['JSON but not a lock', JSON.stringify({ lockfileVersion: 1, revisions: [{ id: '2025-11-25', date: '2025-11-25', status: 'newest' }], pages: [] })],
    ['a page id that leaves the folder', JSON.stringify({ lockfileVersion: 1, revisions: [{ id: 'r', date: null, status: 'draft' }], pages: [{ revision: 'r', page: '../../x' }] })],
  ];
  for (const [name, text] of badLocks) {
    it(`a lock that is ${name}: the CLI's sentence`, async () => {
      await mkdir(snapshots, { recursive: true });
      await writeFile(join(snapshots, 'snapshots.lock.json'), text);
      const problem = siteInputProblem(snapshots);
      expect(problem).toMatch(/snapshots\.lock\.json is (not valid JSON|not a valid lock file: ).*; restore it from git or delete it and run `specdelta snapshot` again\.$/);
      expect(`specdelta: ${problem}\n`).toBe(await cliSentence());
    });
  }

  it('no lock, a locked page missing, a commit left unfinished; null for a good folder', async () => {
    expect(siteInputProblem(snapshots)).toMatch(/^the site is built from .*snapshots\.lock\.json, which does not exist; run `node bin\/specdelta\.js snapshot` first/);
    const seeded = await cli(['snapshot', '--from', MIRROR, '--snapshots', snapshots, '--revision', '2025-11-25', '--page', 'client/elicitation', '--quiet']);
    expect(seeded.code, seeded.err).toBe(0);
    expect(siteInputProblem(snapshots)).toBeNull();
    await mkdir(join(snapshots, '.snapshot-staging'), { recursive: true });
    await writeFile(join(snapshots, '.snapshot-staging', 'journal.json'), '{}');
    expect(siteInputProblem(snapshots)).toMatch(/is partway through an interrupted snapshot commit .*journal\.json\); run `node bin\/specdelta\.js snapshot --frozen` to finish it/);
    await removeDir(join(snapshots, '.snapshot-staging'));
    await removeDir(join(snapshots, '2025-11-25'));
    expect(siteInputProblem(snapshots)).toMatch(/^1 locked page\(s\) are missing from .*snapshots \(first: 2025-11-25\/client\/elicitation\.mdx\)/);
  });
});
