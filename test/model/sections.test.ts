import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageIds, revisionFolders } from '../../src/input/spec-tree.ts';
import { parseMarkdown } from '../../src/model/markdown.ts';
import { parseSections } from '../../src/model/sections.ts';
import { splitSections } from '../../src/model/split.ts';
import { fixturesDir, mirrorAvailable, specPages } from '../../harness/paths.ts';

/**
 * Parsing a page section by section must give exactly the blocks, lines and diagnostics
 * that parsing it as one document gives (`sectioned: false`, the same walk over one tree).
 */
function expectSameBothWays(text: string): void {
  expect(parseMarkdown(text)).toEqual(parseMarkdown(text, { sectioned: false }));
}

describe('sectioned parsing', () => {
  const tricky = readFileSync(join(fixturesDir, 'model/sections-tricky.mdx'), 'utf8');

  it('cuts only before headings that no open block swallows', () => {
    const firstLines = splitSections(tricky).map((s) => s.firstLine);
    const headingAt = (words: string) => tricky.split('\n').findIndex((l) => l.startsWith('#') && l.includes(words)) + 1;
    expect(firstLines).toEqual([
      1,
      headingAt('Fenced code holds'),
      headingAt('An HTML block runs'),
      headingAt('A comment runs'),
      headingAt('A list whose item'),
      headingAt('Setext and tables'),
      headingAt('right after a table'),
      headingAt('after the quote'),
      headingAt('A closing section'),
      headingAt('inside a Note'),
    ]);
  });

  it('reads the tricky fixture exactly as one document', () => {
    const sectioned = parseMarkdown(tricky);
    expect(sectioned).toEqual(parseMarkdown(tricky, { sectioned: false }));
    // Definitions in a later section still make links and footnote calls in earlier ones.
    const intro = sectioned.blocks.find((b) => b.type === 'text' && b.text.startsWith('Intro'));
    expect(intro).toMatchObject({ text: 'Intro with a reference link and a footnote call.', line: 6 });
    expect(sectioned.blocks.at(-1)).toMatchObject({ type: 'text', text: 'Last words MUST stay.', line: tricky.split('\n').indexOf('Last words MUST stay.') + 1 });
  });

  it('reads CRLF line endings the same way', () => {
    expectSameBothWays(tricky.replace(/\n/g, '\r\n'));
  });

  it('falls back to one piece when a cut would split an open block, and stays exact', () => {
    // The first fence belongs to the list item and is closed by the unindented line; the
    // scan cannot tell, pairs the next two fences wrongly and would cut inside real code.
    const text = '# A\n\n- item\n  ```\nclosed by this line\n```\n# inside code\n```\n\n# B\n\ntext\n';
    expectSameBothWays(text);
    expect(parseMarkdown(text).blocks.map((b) => b.type)).toEqual(['heading', 'text', 'code', 'text', 'code', 'heading', 'text']);
  });
});

const describeMirror = mirrorAvailable() ? describe : describe.skip;

describeMirror('sectioned parsing on the real pages', () => {
  const revisions = mirrorAvailable() ? revisionFolders(specPages) : [];
  const pages = (revision: string) => pageIds(join(specPages, revision)).map((page) => ({ page, text: readFileSync(join(specPages, revision, `${page}.mdx`), 'utf8') }));

  it.each(revisions)('every page of %s reads the same as one document', (revision) => {
    let cut = 0;
    for (const { page, text } of pages(revision)) {
      const parts = splitSections(text).length;
      cut += parts - 1;
      // No cut on a real page needs the fallback: each section is parsed on its own.
      expect(parseSections(text), page).toHaveLength(parts);
      expect(parseMarkdown(text), page).toEqual(parseMarkdown(text, { sectioned: false }));
    }
    expect(cut).toBeGreaterThan(0);
  });

  it('the pages of a revision concatenated read the same as one document', () => {
    const released = revisions.filter((r) => r !== 'draft').at(-2)!;
    expectSameBothWays(pages(released).map((p) => p.text).join(''));
  }, 60_000);
});
