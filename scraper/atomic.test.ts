import { chmod, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from './atomic.ts';
import { mapLimit } from './pool.ts';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'specdelta-atomic-'));
});
afterEach(async () => {
  await chmod(dir, 0o755).catch(() => undefined);
  await rm(dir, { recursive: true, force: true });
});

describe('writeFileAtomic', () => {
  it('creates folders, replaces the file, and leaves no temporary file', async () => {
    const file = join(dir, 'a', 'b', 'page.mdx');
    await writeFileAtomic(file, 'one');
    await writeFileAtomic(file, 'two');
    expect(await readFile(file, 'utf8')).toBe('two');
    expect(await readdir(join(dir, 'a', 'b'))).toEqual(['page.mdx']);
  });

  it('on failure leaves the old file as it was', async () => {
    const file = join(dir, 'page.mdx');
    await writeFile(file, 'old');
    // The target is a folder: rename fails after the temp file was written.
    const target = join(dir, 'folder');
    await writeFileAtomic(join(target, 'x'), 'x');
    await expect(writeFileAtomic(target, 'new')).rejects.toThrow();
    expect((await readdir(dir)).sort()).toEqual(['folder', 'page.mdx']);
    expect(await readFile(file, 'utf8')).toBe('old');
  });
});

describe('mapLimit', () => {
  it('keeps order and never runs more than the limit at once', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapLimit([5, 1, 4, 2, 3, 0], 2, async (n) => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, n * 3));
      running -= 1;
      return n * 10;
    });
    expect(out).toEqual([50, 10, 40, 20, 30, 0]);
    expect(peak).toBe(2);
  });
});
