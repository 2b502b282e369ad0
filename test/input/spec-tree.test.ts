import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareLockedRevisions, isRevisionFolder, lockedRevisions, openSpecTree, pageIds, revisionFolders, stripPageExtension, type SpecRevision } from '../../src/input/spec-tree.ts';

/** The one reader of a spec's folders (input/spec-tree.ts): one rule for revisions and pages. */
describe('the spec tree', () => {
  const root = mkdtempSync(join(tmpdir(), 'specdelta-spec-tree-'));
  const page = (path: string) => {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), '# Page\n');
  };

  it('takes dates, versions, editions, numbered drafts and draft as revisions; branch-like names only in a known layout', () => {
    for (const name of ['2025-11-25', 'v1.2.0', '1.0.0-rc.1', 'June2018', 'draft-ietf-x-08', 'draft']) expect(isRevisionFolder(name)).toBe(true);
    for (const name of ['main', 'next', 'HEAD', 'images', '.git']) expect(isRevisionFolder(name)).toBe(false);
    expect(isRevisionFolder('main', { knownLayout: true })).toBe(true);
    expect(isRevisionFolder('images', { order: ['images'] })).toBe(true);
    expect(isRevisionFolder('2025-11-25', { match: '^v' })).toBe(false);
  });

  it('lists revision folders in release order, and upstream keeps its branch-like draft', () => {
    for (const rev of ['v1.10.0', 'v1.9.0', 'main', 'images']) page(`plain/${rev}/index.md`);
    expect(revisionFolders(join(root, 'plain'))).toEqual(['v1.9.0', 'v1.10.0']);
    for (const rev of ['2025-06-18', '2024-11-05', 'next']) page(`upstream/docs/specification/${rev}/index.mdx`);
    return openSpecTree(join(root, 'upstream')).then((tree) => {
      expect(tree.revisions).toEqual([
        { id: '2024-11-05', date: '2024-11-05', status: 'superseded' },
        { id: '2025-06-18', date: '2025-06-18', status: 'latest' },
        { id: 'next', date: null, status: 'draft' },
      ]);
    });
  });

  it('counts .md, .markdown and .mdx pages in any case, and strips the extension one way', () => {
    for (const file of ['a.md', 'b.MDX', 'c/d.markdown', 'e.txt', 'f.html']) page(`pages/${file}`);
    expect(pageIds(join(root, 'pages'))).toEqual(['a', 'b', 'c/d']);
    expect(['guide/intro.md', 'x.mdx', 'y.markdown', 'z.json'].map(stripPageExtension)).toEqual(['guide/intro', 'x', 'y', 'z.json']);
  });

  it("reads a lock's revisions in its order: dated, then undated, drafts last", () => {
    const revisions: SpecRevision[] = [
      { id: 'draft', date: null, status: 'draft' },
      { id: 'next', date: null, status: 'superseded' },
      { id: '2025-01-01', date: '2025-01-01', status: 'latest' },
    ];
    expect(lockedRevisions({ revisions }).sort(compareLockedRevisions).map((r) => r.id)).toEqual(['2025-01-01', 'next', 'draft']);
  });
});
