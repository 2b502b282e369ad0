import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { clearDiffCache } from '../../src/diff/index.ts';
import { clearPageCache } from '../../src/model/index.ts';
import { runCli as runInProcess } from '../../harness/run-cli.ts';
import { tempTree } from '../helpers/temp-tree.ts';

/**
 * Issue 25, case 9: the page cache is read back from disk, where anything may have been
 * written. An entry that deserialises to something other than a parsed page is ignored,
 * parsed again and written over, and the run says so in one line; the records are those
 * of a run without the cache.
 */

const { dir, write } = tempTree('specdelta-page-cache-');
write(join(dir, 'a/p.mdx'), '# P\n\n## Rules\n\nServers MUST do x.\n\nClients SHOULD ask.\n');
write(join(dir, 'b/p.mdx'), '# P\n\n## Rules\n\nServers MUST do y.\n\nClients MUST ask.\n');
const cache = join(dir, 'cache');
const env = { SPECDELTA_CACHE: cache };

/** Each run as a process of its own would be: nothing parsed in memory before it. */
const runCli: typeof runInProcess = (args, options) => {
  clearPageCache();
  clearDiffCache();
  return runInProcess(args, options);
};

const entries = () => readdirSync(cache, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.v8'));

describe('a foreign page-cache entry', () => {
  it.each([
    ['an object of the wrong shape', { title: 'x', sections: 'not a list' }],
    ['a list', [1, 2, 3]],
    ['a document whose rules are not objects', { title: null, sections: [], prose: [], rules: [42], codeBlocks: [], messages: [], fields: [], capabilities: [], errorCodes: [], terms: [], diagnostics: [] }],
  ])('%s is ignored and rewritten, with one line saying so', async (_name, foreign) => {
    const expected = await runCli(['diff', 'a', 'b', '--format', 'json'], { cwd: dir, env: { SPECDELTA_CACHE: 'off' } });
    expect(expected.code).toBe(0);
    expect((await runCli(['diff', 'a', 'b', '--format', 'json'], { cwd: dir, env })).stdout).toBe(expected.stdout);
    expect(entries()).toHaveLength(2);
    for (const name of entries()) writeFileSync(join(cache, name), serialize(foreign));

    const result = await runCli(['diff', 'a', 'b', '--format', 'json'], { cwd: dir, env });
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(expected.stdout);
    expect(result.stderr).toMatch(/^specdelta: the page cache \S+ held entries that are not parsed pages \(foreign or damaged\); they were ignored, and are parsed and written again\.\n$/);

    const again = await runCli(['diff', 'a', 'b', '--format', 'json'], { cwd: dir, env });
    expect(again.stdout).toBe(expected.stdout);
    expect(again.stderr).toBe('');
  });
});
