import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../harness/run-cli.ts';
import { expectInputError } from '../helpers/input-error.ts';
import { tempTree } from '../helpers/temp-tree.ts';

/**
 * Issue 25, case 2: every path and page id read from the lock and the config is checked
 * as command-line input is (input/ids.ts), so none of them reaches outside the source or
 * the revision folder.
 */

const { dir: tmp, write } = tempTree('specdelta-lock-paths-');

const SECRET = '# Secret\n\nTOP SECRET MUST stay here.\n';

describe('a lock entry whose path leaves the source', () => {
  it('snapshot --frozen --from DIR refuses the lock in one sentence and copies nothing', async () => {
    const mirror = join(tmp, 'frozen/mirror');
    const snapshots = join(tmp, 'frozen/snapshots');
    write(join(tmp, 'frozen/secret.mdx'), SECRET);
    write(join(mirror, 'docs/specification/2025-01-01/index.mdx'), '# Index\n\nServers MUST answer.\n');
    expect((await runCli(['snapshot', '--from', mirror, '--snapshots', snapshots, '--quiet'], { cwd: tmp })).code).toBe(0);

    // A lock edited to fetch a file beside the mirror, with that file's hash so nothing else gives it away.
    const lockFile = join(snapshots, 'snapshots.lock.json');
    const lock = JSON.parse(readFileSync(lockFile, 'utf8')) as { pages: { path: string; sha256: string; size: number }[] };
    lock.pages[0]!.path = '../secret.mdx';
    lock.pages[0]!.sha256 = createHash('sha256').update(SECRET).digest('hex');
    lock.pages[0]!.size = SECRET.length;
    writeFileSync(lockFile, JSON.stringify(lock, null, 2));
    rmSync(join(snapshots, '2025-01-01/index.mdx'));

    const result = await runCli(['snapshot', '--frozen', '--from', mirror, '--snapshots', snapshots], { cwd: tmp });
    expectInputError(result, /^specdelta: \S*snapshots\.lock\.json is not a valid lock file: pages\[0\]\.path "\.\.\/secret\.mdx" must be a path inside the source, like docs\/specification\/2025-11-25\/index\.mdx \(it has a "\." or "\.\." segment\);/);
    expect(existsSync(join(snapshots, '2025-01-01/index.mdx'))).toBe(false);
  });

  it('a commit that could be read as an option is refused too', async () => {
    const snapshots = join(tmp, 'commit/snapshots');
    const mirror = join(tmp, 'commit/mirror');
    write(join(mirror, 'docs/specification/2025-01-01/index.mdx'), '# Index\n');
    expect((await runCli(['snapshot', '--from', mirror, '--snapshots', snapshots, '--quiet'], { cwd: tmp })).code).toBe(0);
    const lockFile = join(snapshots, 'snapshots.lock.json');
    writeFileSync(lockFile, readFileSync(lockFile, 'utf8').replace('"commit": null', '"commit": "--output=/tmp/x"'));
    const result = await runCli(['snapshot', '--frozen', '--snapshots', snapshots], { cwd: tmp });
    expectInputError(result, /pages\[0\]\.commit must be a full commit hash/);
  });
});

describe('paths and page ids in specdelta.config.json', () => {
  const dir = join(tmp, 'config');
  write(join(dir, 'a/p.mdx'), '# P\n\nServers MUST do x.\n');
  write(join(dir, 'b/p.mdx'), '# P\n\nServers MUST do y.\n');
  write(join(dir, 'schema.json'), JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', definitions: {} }));

  it.each([
    ['schema', '"../schema.json"', /"schema" must be a path inside the revision folder, like schemas\/spec\.yaml \("\.\.\/schema\.json" is not: it has a "\." or "\.\." segment\)/],
    ['schema', '"/etc/passwd"', /"schema" must be a path inside the revision folder.*it starts with a slash/],
    ['changelog', '"../../notes/**"', /"changelog" must be a page id or glob inside the revision folder, like guide\/\*\* .*"\." or "\.\." segment/],
    ['informative', '["ok/**", "../x"]', /"informative" must be a list of page globs, each page id or glob inside the revision folder/],
  ])('%s: %s is refused in one sentence', async (key, value, message) => {
    writeFileSync(join(dir, 'specdelta.config.json'), `{ "${key}": ${value} }`);
    const result = await runCli(['diff', 'a', 'b'], { cwd: dir });
    expectInputError(result, message);
  });
});
