import { readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openSpecTree } from '../../src/input/spec-tree.ts';
import { listConfinedFiles } from '../../src/input/confined-files.ts';
import { runCli } from '../../harness/run-cli.ts';
import { tempTree } from '../helpers/temp-tree.ts';

/**
 * Issue 25, case 1: a symbolic link inside a folder the user named never makes specdelta
 * read a file outside it. `diff A B`, `snapshot --from DIR`, the detector's spec tree and
 * config finding all read through one root-confined reader; loops end; what was skipped is
 * one line on stderr.
 */

const { dir: tmp, write } = tempTree('specdelta-links-');

const SECRET = 'TOP SECRET MUST stay here';

/** A folder `outside/` with a secret page, and folders `a/`, `b/` of a spec; `b/` has links out, a loop and a second name. */
function revisionFolders(root: string): { a: string; b: string } {
  write(join(root, 'outside/secret.mdx'), `# Secret\n\n${SECRET}.\n`);
  write(join(root, 'a/p.mdx'), '# P\n\nServers MUST do x.\n');
  write(join(root, 'a/sub/real.mdx'), '# Real\n\nClients MAY ask.\n');
  write(join(root, 'b/p.mdx'), '# P\n\nServers MUST do y.\n');
  write(join(root, 'b/sub/real.mdx'), '# Real\n\nClients MAY ask.\n');
  symlinkSync(join(root, 'outside/secret.mdx'), join(root, 'b/leak.mdx'));
  symlinkSync('../outside', join(root, 'b/out'));
  symlinkSync('..', join(root, 'b/sub/loop'));
  symlinkSync('p.mdx', join(root, 'b/alias.mdx'));
  return { a: join(root, 'a'), b: join(root, 'b') };
}

describe('a folder given to diff', () => {
  const root = join(tmp, 'diff');
  const { a, b } = revisionFolders(root);

  it('reads no file outside it, follows no loop, and says what it skipped once on stderr', async () => {
    for (const format of ['json', 'markdown', 'text']) {
      const result = await runCli(['diff', a, b, '--format', format], { cwd: root });
      expect(result.code).toBe(0);
      expect(result.stdout).not.toContain('SECRET');
      expect(result.stdout).not.toMatch(/\bleak\b/);
      expect(result.stderr).toBe(`specdelta: skipped 4 links in ${b}: alias.mdx (is a second name of a file or folder already read), leak.mdx (leaves ${b}), out (leaves ${b}), sub/loop (loops back into a folder above it).\n`);
    }
    const json = JSON.parse((await runCli(['diff', a, b, '--format', 'json'], { cwd: root })).stdout) as { pages: { page: string }[] };
    expect(json.pages.map((p) => p.page)).toEqual(['p', 'sub/real']);
  });

  it('a link to a file inside it is read, once, under its own name', () => {
    const dir = join(tmp, 'inside');
    write(join(dir, 'notes/draft.txt'), '# Draft\n');
    symlinkSync('notes/draft.txt', join(dir, 'draft.mdx'));
    expect(listConfinedFiles(dir, (p) => p.endsWith('.mdx')).files).toEqual(['draft.mdx']);
  });

  it('a config beside the folders that links elsewhere is not read', async () => {
    const dir = join(tmp, 'config');
    write(join(dir, 'a/p.mdx'), '# P\n\nServers MUST do x.\n');
    write(join(dir, 'b/p.mdx'), '# P\n\nServers MUST do y.\n');
    write(join(tmp, 'elsewhere/secret.json'), `${SECRET} and not JSON`);
    symlinkSync(join(tmp, 'elsewhere/secret.json'), join(dir, 'specdelta.config.json'));
    const result = await runCli(['diff', 'a', 'b'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(`${result.stdout}${result.stderr}`).not.toContain('SECRET');
    expect(result.stderr).toBe(`specdelta: skipped a link in ${dir}: specdelta.config.json (leaves ${dir}).\n`);
  });
});

describe('the source of snapshot --from', () => {
  it('copies no file from outside it into snapshots/, and a loop ends', async () => {
    const root = join(tmp, 'snapshot');
    const mirror = join(root, 'mirror');
    write(join(root, 'outside/secret.mdx'), `# Secret\n\n${SECRET}.\n`);
    write(join(mirror, 'docs/specification/2025-01-01/index.mdx'), '# Index\n\nServers MUST answer.\n');
    symlinkSync(join(root, 'outside/secret.mdx'), join(mirror, 'docs/specification/2025-01-01/leak.mdx'));
    symlinkSync('..', join(mirror, 'docs/specification/2025-01-01/loop'));
    const snapshots = join(root, 'snapshots');
    const result = await runCli(['snapshot', '--from', mirror, '--snapshots', snapshots, '--quiet'], { cwd: root });
    expect(result.code).toBe(0);
    const lock = JSON.parse(readFileSync(join(snapshots, 'snapshots.lock.json'), 'utf8')) as { pages: { page: string }[] };
    expect(lock.pages.map((p) => p.page)).toEqual(['index']);
    expect(readdirSync(join(snapshots, '2025-01-01'), { recursive: true })).toEqual(['index.mdx']);
    expect(result.stderr).toBe(`specdelta: skipped 2 links in mirror/docs/specification: 2025-01-01/leak.mdx (leaves mirror/docs/specification), 2025-01-01/loop (loops back into a folder above it).\n`);
  });
});

describe("the detector's spec tree", () => {
  it('lists and reads only pages inside the folder it was given', async () => {
    const root = join(tmp, 'detect');
    write(join(root, 'outside/secret.mdx'), `# Secret\n\n${SECRET}.\n`);
    write(join(root, 'spec/2025-01-01/index.mdx'), '# Index\n');
    symlinkSync(join(root, 'outside/secret.mdx'), join(root, 'spec/2025-01-01/leak.mdx'));
    symlinkSync(join(root, 'outside/secret.mdx'), join(root, 'spec/2025-01-01/schema.json'));
    const tree = await openSpecTree(join(root, 'spec'), 'spec');
    expect(await tree.pages('2025-01-01')).toEqual(['index']);
    await expect(tree.page('2025-01-01', 'leak')).rejects.toThrow(/spec has no page 2025-01-01\/leak/);
    expect(await tree.schema('2025-01-01')).toBeNull();
  });
});
