import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cacheName, fromTree } from '../../src/detect/load.ts';
import { staticImportGraph } from '../helpers/static-imports.ts';
import { detectFixtures } from '../../harness/detect-corpus.ts';

/**
 * `which` runs once per text: the fingerprints' cache must be found without reading and
 * hashing every page of the spec (megabytes, more than the detection costs). A tree whose
 * files keep their sizes and modification times keeps the digest recorded for them; any
 * edit that touches a file's time or size is read again.
 */
const work = mkdtempSync(join(tmpdir(), 'specdelta-fp-cache-'));
const spec = join(work, 'spec');
const cacheDir = join(work, 'cache');
cpSync(join(detectFixtures, 'mini-spec'), spec, { recursive: true });
const page = join(spec, '2031-01-01/widgets.mdx');

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the fingerprints cache', () => {
  it('builds once, then answers from the cache, recording the digest of the tree as it was stamped', async () => {
    const built = await fromTree(spec, 'spec', { cacheDir });
    expect(built.origin).toBe('spec (built)');
    const stamps = readdirSync(cacheDir).filter((n) => n.startsWith('tree-stamp-'));
    expect(stamps).toHaveLength(1);
    expect(JSON.parse(readFileSync(join(cacheDir, stamps[0]!), 'utf8'))).toMatchObject({ digest: built.data.source.digest });
    const again = await fromTree(spec, 'spec', { cacheDir });
    expect(again.origin).toBe('spec (cached)');
    expect(again.data).toEqual(built.data);
  });

  it('trusts sizes and times: the pages are not read again while they are unchanged', async () => {
    // A whole second, which utimes sets exactly (a file's own time has nanoseconds).
    const time = Math.floor(statSync(page).mtimeMs / 1000) - 60;
    utimesSync(page, time, time);
    const before = await fromTree(spec, 'spec', { cacheDir });
    // Same size, same time, other bytes: only a stat-only check misses this; it shows nothing was read.
    const text = readFileSync(page, 'utf8');
    writeFileSync(page, text.replace(/[a-z]/, (c) => (c === 'x' ? 'y' : 'x')));
    utimesSync(page, time, time);
    const after = await fromTree(spec, 'spec', { cacheDir });
    expect(after.origin).toBe('spec (cached)');
    expect(after.data.source.digest).toBe(before.data.source.digest);
    writeFileSync(page, text);
  });

  it('keeps one stamp per tree, and names cache files without node:crypto', async () => {
    expect(readdirSync(cacheDir).filter((n) => n.startsWith('tree-stamp-'))).toHaveLength(1);
    expect(cacheName('a')).toMatch(/^[0-9a-f]{14}$/);
    expect(cacheName('a')).not.toBe(cacheName('b'));
    expect(staticImportGraph('src/detect/load.ts').packages).not.toContain('node:crypto');
  });

  it('reads the tree again when a page changes, and rebuilds', async () => {
    const before = await fromTree(spec, 'spec', { cacheDir });
    writeFileSync(page, `${readFileSync(page, 'utf8')}\nServers MUST spin widgets gently.\n`);
    const after = await fromTree(spec, 'spec', { cacheDir });
    expect(after.origin).toBe('spec (built)');
    expect(after.data.source.digest).not.toBe(before.data.source.digest);
  });
});
