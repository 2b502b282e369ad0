import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clearDiffCache } from '../../src/diff/index.ts';
import { diffRevisionTrees, type RevisionDiff } from '../../src/revision/revisions.ts';
import { folderTree, memoryTree, type RevisionTree } from '../../src/input/revision-tree.ts';
import { usePageStore } from '../../src/model/index.ts';
import { mirrorAvailable, specMain, specPages } from '../../harness/paths.ts';

/**
 * The page cache on disk (src/model/page-store.ts): a revision diff with pages read by an
 * earlier run gives exactly the records of a run that parsed everything, and parses only
 * the pages it had not seen.
 */

/** Several whole-revision diffs each: minutes on a loaded machine, seconds on an idle one. */
const WHOLE_REVISIONS_MS = 240_000;

const dirs: string[] = [];
afterEach(() => {
  usePageStore(null);
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function cacheDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'specdelta-page-store-'));
  dirs.push(dir);
  return dir;
}

/** Every entry the store holds, across its code-version folders. */
function entries(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.v8'));
}

function revision(name: string): RevisionTree {
  const tree = folderTree(join(specPages, name), { label: name, schema: join(specMain, 'schema', name, 'schema.json') });
  return memoryTree(tree.label, tree.source, new Map(tree.pages.map((p) => [p, tree.text(p)])), tree.schema());
}

/** A run with nothing cached, in memory or on disk. */
async function uncached(a: RevisionTree, b: RevisionTree): Promise<RevisionDiff> {
  usePageStore(null);
  clearDiffCache();
  return diffRevisionTrees(a, b);
}

describe.skipIf(!mirrorAvailable())('page cache', () => {
  it('a one-page pull request against the draft, the base read before: the same records, and only the edited page parsed', async () => {
    const draft = revision('draft');
    // The page of median size gains a rule (a typical pull request).
    const page = [...draft.pages].sort((a, b) => draft.text(a).length - draft.text(b).length)[Math.floor(draft.pages.length / 2)]!;
    const texts = new Map(draft.pages.map((p) => [p, draft.text(p)]));
    texts.set(page, `${draft.text(page)}\n\nImplementations MUST log every request they reject.\n`);
    const head = memoryTree('head', 'head', texts, draft.schema());
    const expected = await uncached(draft, head);
    expect(expected.changes).toHaveLength(1);
    expect(expected.changes[0]).toMatchObject({ page, kind: 'rule', action: 'added', subject: 'Implementations MUST log every request they reject.' });

    const dir = cacheDir();
    usePageStore(dir);
    clearDiffCache();
    await diffRevisionTrees(draft, draft);
    expect(entries(dir)).toHaveLength(new Set(draft.pages.map((p) => draft.text(p))).size);

    clearDiffCache();
    expect(await diffRevisionTrees(draft, head)).toEqual(expected);
    expect(entries(dir)).toHaveLength(new Set(draft.pages.map((p) => draft.text(p))).size + 1);
  }, WHOLE_REVISIONS_MS);

  it('two revisions that differ on most pages: the same records, pages and diagnostics from cached pages as from parsed ones; a broken entry is parsed again', async () => {
    const [old, now] = [revision('2026-07-28'), revision('draft')];
    const expected = await uncached(old, now);
    const dir = cacheDir();
    usePageStore(dir);
    clearDiffCache();
    expect(await diffRevisionTrees(old, now)).toEqual(expected);
    const written = entries(dir);
    expect(written.length).toBeGreaterThan(now.pages.length);
    clearDiffCache();
    expect(await diffRevisionTrees(old, now)).toEqual(expected);
    expect(entries(dir)).toEqual(written);

    for (const name of written) writeFileSync(join(dir, name), 'not a document');
    clearDiffCache();
    expect(await diffRevisionTrees(old, now)).toEqual(expected);
  }, WHOLE_REVISIONS_MS);
});
