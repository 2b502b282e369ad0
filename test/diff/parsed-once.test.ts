import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clearDiffCache } from '../../src/diff/index.ts';
import { listPageFiles } from '../../src/input/spec-folders.ts';
import { parsePage, withTreeScope } from '../../src/model/index.ts';
import { charactersParsed } from '../../src/model/tree-cache.ts';
import { diffMirrorRevisions } from '../helpers/mirror-revisions.ts';
import { mirrorAvailable, specPages } from '../helpers/paths.ts';

/**
 * Issue 13: a whole-revision diff reads each text once; the passes across pages (a page
 * split off an older one is diffed against its source section) reuse what was read.
 */
describe.runIf(mirrorAvailable())('a whole-revision diff parses each text once', () => {
  it('reads next to nothing after the pages themselves (2025-11-25 → 2026-07-28, which splits pages)', async () => {
    const [oldRev, newRev] = ['2025-11-25', '2026-07-28'];
    const texts = [oldRev, newRev].flatMap((rev) => listPageFiles(join(specPages, rev)).map((page) => readFileSync(join(specPages, rev, `${page}.mdx`), 'utf8')));
    const total = texts.reduce((sum, text) => sum + text.length, 0);
    clearDiffCache();
    withTreeScope(() => texts.forEach((text) => parsePage(text)));
    const pagesRead = charactersParsed();
    const changes = await diffMirrorRevisions(oldRev, newRev);
    expect(changes.some((c) => c.page !== undefined && c.before?.['page'] !== undefined && c.before['page'] !== c.page)).toBe(true);
    // Only the split pages' title lines and the lines before their first sub-heading are new text.
    expect(charactersParsed() - pagesRead).toBeLessThan(total * 0.005);
    clearDiffCache();
  });
});
