import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clearDiffCache } from '../../src/diff/index.ts';
import { diffRevisionPages } from '../../src/revision/revisions.ts';
import { pageIds } from '../../src/input/spec-tree.ts';
import { parsePage, withTreeScope } from '../../src/model/index.ts';
import { charactersParsed } from '../../src/model/tree-cache.ts';
import { diffMirrorRevisions } from '../helpers/mirror-revisions.ts';
import { mirrorAvailable, specPages } from '../../harness/paths.ts';

/**
 * Issue 13: a whole-revision diff reads each text once; the passes across pages (a page
 * split off an older one is diffed against its source section) reuse what was read.
 */
describe.runIf(mirrorAvailable())('a whole-revision diff parses each text once', () => {
  const [oldRev, newRev] = ['2025-11-25', '2026-07-28'];
  const pages = { old: pageIds(join(specPages, oldRev)), new: pageIds(join(specPages, newRev)) };
  const text = (side: 'old' | 'new', page: string) => readFileSync(join(specPages, side === 'old' ? oldRev : newRev, `${page}.mdx`), 'utf8');
  const texts = [...pages.old.map((p) => text('old', p)), ...pages.new.map((p) => text('new', p))];
  const total = texts.reduce((sum, t) => sum + t.length, 0);

  it('reads next to nothing after the pages themselves (2025-11-25 → 2026-07-28, which splits pages)', () => {
    clearDiffCache();
    withTreeScope(() => texts.forEach((t) => parsePage(t)));
    const pagesRead = charactersParsed();
    // Pages alone (no schema to settle the reference page against): every text is read as it is.
    const { changes } = diffRevisionPages({ oldPages: pages.old, newPages: pages.new, text, labels: { old: oldRev, new: newRev } });
    expect(changes.some((c) => c.page !== undefined && c.before?.['page'] !== undefined && c.before['page'] !== c.page)).toBe(true);
    // Only the split pages' title lines and the lines before their first sub-heading are new text.
    expect(charactersParsed() - pagesRead).toBeLessThan(total * 0.005);
    clearDiffCache();
  });

  it('with the schema, leaves the reference page\'s sections the schema reported on unread (settled-by-schema.ts)', async () => {
    clearDiffCache();
    await diffMirrorRevisions(oldRev, newRev);
    // The reference page is two thirds of both revisions' text; more than half of it is
    // sections of definitions this pair's schema diff reported on.
    expect(charactersParsed()).toBeLessThan(total * 0.7);
    clearDiffCache();
  });
});
