import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { describe, expect, it } from 'vitest';
import { pageIds, revisionFolders } from '../../src/input/spec-tree.ts';
import { footnoteCallsOnlyWithDefinitions } from '../../src/model/footnote-calls.ts';
import { GFM_PARTS, gfmParts, gfmPartsIn } from '../../src/model/gfm-parts.ts';
import { splitSections } from '../../src/model/split.ts';
import { charactersParsed, clearTreeCache, parseTree } from '../../src/model/tree-cache.ts';
import { mirrorAvailable, repoRoot, specPages } from '../../harness/paths.ts';

/**
 * A text is read with only the GFM parts it may hold (gfm-parts.ts): the trees must be the
 * ones the whole of remark-gfm gives, and each part must still be there when its telltale is.
 */

const wholeGfm = unified().use(remarkParse).use(remarkGfm).use(footnoteCallsOnlyWithDefinitions).use(remarkFrontmatter, ['yaml']).freeze();

function withoutPart(name: string) {
  const bit = GFM_PARTS.findIndex((part) => part.name === name);
  return unified().use(remarkParse).use(gfmParts, ~(1 << bit) & ((1 << GFM_PARTS.length) - 1)).use(footnoteCallsOnlyWithDefinitions).use(remarkFrontmatter, ['yaml']).freeze();
}

/** Each part: a text that holds it, read by every path the part's telltale decides. */
const HOLDS: Record<string, string[]> = {
  'autolink literal': ['See www.example.com today.', 'Mail someone@example.com.', 'At https://example.com/a.', 'Escaped www\\.example\\.com still links.', 'A reference &#64;: a&#64;example.com.'],
  footnote: ['A call[^1].\n\n[^1]: The note.'],
  strikethrough: ['Not ~~this~~ but that.'],
  table: [
    '| a | b |\n| - | - |\n| 1 | 2 |',
    'a | b\n--|--\n1 | 2',
    '| a |\n| :-: |',
    '> | a | b |\n> |:--|--:|\n> | 1 | 2 |',
    '- item\n\n  a | b\n  -- | --\n  1 | 2',
    '1. a | b\n   ---|---',
    '| a | b |\r\n|\t-\t|\t-\t|\r\n| 1 | 2 |',
    '[^1]\n\n[^1]: a | b\n    --|--',
  ],
  'task list item': ['- [ ] open\n- [x] done'],
};

describe('GFM read part by part', () => {
  it('names every part remark-gfm has', () => {
    expect(Object.keys(HOLDS).sort()).toEqual(GFM_PARTS.map((p) => p.name).sort());
  });

  for (const [name, texts] of Object.entries(HOLDS)) {
    it(`keeps ${name} where its telltale is, and reads it as remark-gfm does`, () => {
      const without = withoutPart(name);
      for (const text of texts) {
        // The part matters for this text (without it the tree differs)…
        expect(without.parse(text)).not.toEqual(wholeGfm.parse(text));
        // …and the part chooser keeps it.
        expect(parseTree(text)).toEqual(wholeGfm.parse(text));
      }
    });
  }

  it('reads a literal autolink wherever inline text holds one, however the text hides it', () => {
    const texts = [
      '![see www.example.com](/img.png)',
      '[www.example.com](https://example.com)',
      'WWW.EXAMPLE.COM and HTTPS://EXAMPLE.COM/A',
      '*someone@example.com*, _x_someone@example.com',
      '| a | b |\n| - | - |\n| www.example.com | 2 |',
      'A www&#46;example.com and a&#64;example.com by reference.',
      '<https://example.com> and https://example.com/x',
      'Text ~~www.example.com~~ struck.',
      'See[^1].\n\n[^1]: Mail someone@example.com.',
      'www.example.com/`code` and http://example.com/*a*',
      '# www.example.com\n\nBody.',
    ];
    for (const text of texts) expect(parseTree(text), text).toEqual(wholeGfm.parse(text));
  });

  it('reads front matter where a document opens with it, and nowhere else', () => {
    const texts = ['---\ntitle: A\n---\n\nBody.', '\uFEFF---\ntitle: A\n---\nBody.', ' ---\ntitle: A\n---\n', 'Body.\n\n---\ntitle: A\n---\n', '## Heading\n\n---\n\n- a\n- b\n'];
    for (const text of texts) expect(parseTree(text), JSON.stringify(text)).toEqual(wholeGfm.parse(text));
    expect(parseTree(texts[1]!).children[0]?.type).toBe('yaml');
  });

  it('reads a text once when its autolink telltales are only where no literal can be', () => {
    const text = 'A [link](https://example.com/a), `someone@example.com`, <span title="a@b.c">x</span> &amp; [ref].\n\n[ref]: https://example.com/b';
    expect(gfmPartsIn(text)).not.toBe(0);
    clearTreeCache();
    expect(parseTree(text)).toEqual(wholeGfm.parse(text));
    expect(charactersParsed()).toBe(text.length);
  });

  // The test's timeout is the budget (no clock is read): a telltale that backtracks over a
  // line costs its square, most of a minute here.
  it('looks for telltales in time linear in a hostile line', () => {
    const table = 1 << GFM_PARTS.findIndex((part) => part.name === 'table');
    for (const line of [' '.repeat(200_000), '- '.repeat(100_000), '> '.repeat(100_000), '1. '.repeat(70_000), ': '.repeat(100_000)]) {
      expect(gfmPartsIn(`| a |\n${line}x`) & table).toBe(0);
    }
  });

  it('leaves a part out where nothing could start it', () => {
    expect(gfmPartsIn('Plain words, a [link](/spec/page) and `code`.')).toBe(0);
    expect(gfmPartsIn('A union `string | number`.\n\n```ts\ntype A = B | C;\n```\n')).toBe(0);
    expect(gfmPartsIn('| a |\n| - |')).not.toBe(0);
    expect(gfmPartsIn('| a |')).toBe(0);
  });

  it.runIf(mirrorAvailable())('gives remark-gfm’s tree for every section of every revision of the real spec', () => {
    let sections = 0;
    let leftOut = 0;
    for (const revision of revisionFolders(specPages)) {
      for (const page of pageIds(join(specPages, revision))) {
        for (const { text } of splitSections(readFileSync(join(specPages, revision, `${page}.mdx`), 'utf8'))) {
          sections += 1;
          if (gfmPartsIn(text) !== (1 << GFM_PARTS.length) - 1) leftOut += 1;
          expect(parseTree(text), `${revision}/${page}`).toEqual(wholeGfm.parse(text));
        }
      }
    }
    // Most sections are read with fewer parts: what the choice is for.
    expect(leftOut / sections).toBeGreaterThan(0.9);
  }, 180_000); // every section of six revisions, twice parsed: a long test on a busy machine

  it('gives remark-gfm’s tree for every Markdown fixture of ours', () => {
    const dir = join(repoRoot, 'fixtures');
    const texts = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => /\.mdx?$/.test(file))
      .map((file) => readFileSync(join(dir, file), 'utf8'));
    expect(texts.length).toBeGreaterThan(20);
    for (const text of texts) expect(parseTree(text)).toEqual(wholeGfm.parse(text));
  });
});
