import { copyFileSync, mkdirSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixturesDir } from '../../harness/paths.ts';
import { runCli } from '../../harness/run-cli.ts';
import { tempTree } from '../helpers/temp-tree.ts';

/**
 * The same two files diffed directly and as folders give the same changes: a page diffed on
 * its own is read as a revision of one page (the same keyword convention, informative
 * judgement and revision passes). Every golden page fixture is tried both ways.
 */
const pagesDir = join(fixturesDir, 'pages');
const cases = readdirSync(pagesDir).filter((name) => existsSync(join(pagesDir, name, 'old.mdx')));
const { dir: root } = tempTree('specdelta-file-folder-');

const records = (json: string) => (JSON.parse(json) as { changes: { page?: string }[] }).changes.map(({ page: _page, ...change }) => change);
const headline = (json: string) => (JSON.parse(json) as { summary: { impact: unknown } }).summary.impact;

describe('file and folder modes agree', () => {
  it.each(cases)('%s', async (name) => {
    for (const side of ['old', 'new']) {
      mkdirSync(join(root, name, side), { recursive: true });
      copyFileSync(join(pagesDir, name, `${side}.mdx`), join(root, name, side, 'page.mdx'));
    }
    const files = await runCli(['diff', `${name}/old/page.mdx`, `${name}/new/page.mdx`, '--format', 'json'], { cwd: root });
    const folders = await runCli(['diff', `${name}/old`, `${name}/new`, '--format', 'json'], { cwd: root });
    expect(files.code).toBe(0);
    expect(folders.code).toBe(0);
    expect(records(files.stdout)).toEqual(records(folders.stdout));
    expect(headline(files.stdout)).toEqual(headline(folders.stdout));
  });
});
