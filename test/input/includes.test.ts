import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderTree } from '../../src/input/revision-tree.ts';
import { diffRevisionFolders } from '../../src/revision/revisions.ts';
import { fixturesDir } from '../../harness/paths.ts';
import { runCli } from '../../harness/run-cli.ts';

/**
 * Pages assembled from parts (fixtures/revisions/includes): Jekyll's include and
 * include_relative, MDX imports of local files. A page is diffed as the assembled text, a part
 * is no page of its own, and nothing is read outside the spec's folder.
 */
const dir = join(fixturesDir, 'revisions/includes');

describe('includes', () => {
  it('parts are read into the page that includes them, and are not pages themselves', () => {
    const tree = folderTree(join(dir, 'new'));
    expect(tree.pages).toEqual(['limits-page', 'spec']);
    const spec = tree.text('spec');
    expect(spec).toContain('Servers **MUST** sign every widget they send.');
    expect(spec).toContain('A widget has a name.');
    // A path that leaves the folder is left as written (and said on stderr).
    expect(spec).toContain('{% include_relative ../../../README.md %}');
    const limits = tree.text('limits-page');
    expect(limits).toContain('A server **MUST** refuse a widget');
    expect(limits).not.toMatch(/^import Limits/m);
    // An include shown in a code block is an example, not an include.
    expect(limits).toContain("import Example from './parts/example.mdx'");
  });

  it('a change inside a part is a change of the page that includes it', async () => {
    const { changes } = await diffRevisionFolders({ dir: join(dir, 'old'), label: 'old' }, { dir: join(dir, 'new'), label: 'new' });
    expect(changes.map((c) => [c.page, c.id])).toEqual([['limits-page', 'rule-strengthened'], ['spec', 'required-rule-added']]);
  });

  it('a page diffed on its own is assembled from its folder too', async () => {
    const json = JSON.parse((await runCli(['diff', join(dir, 'old/spec.md'), join(dir, 'new/spec.md'), '--format', 'json'])).stdout);
    expect(json.changes.map((c: { id: string; subject: string }) => [c.id, c.subject])).toEqual([['required-rule-added', 'Servers MUST sign every widget they send.']]);
  });
});
