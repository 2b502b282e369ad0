import { describe, expect, it } from 'vitest';
import { mentionedLabels } from '../../src/model/link-labels.ts';
import { parseMarkdown } from '../../src/model/markdown.ts';
import { charactersParsed, clearSectionCache } from '../../src/model/sections.ts';

/**
 * A page parsed by sections hands each section the definitions it uses from other sections.
 * Handing every section every definition made the parser's input grow with sections ×
 * definitions: 4 MB of concatenated spec pages parsed 4.2 M characters where 1 MB parsed 0.9 M.
 */

/** `n` sections; each defines a link label and a footnote, and uses the previous section's. */
function pageOf(n: number): string {
  const parts = ['---\ntitle: Many sections\n---\n\nIntro text.\n'];
  for (let i = 0; i < n; i++) {
    const previous = i === 0 ? null : i - 1;
    parts.push(
      `## Part ${i}\n\n` +
        (previous === null ? 'The first part.\n\n' : `See [part ${previous}][label-${previous}] and its note[^note-${previous}].\n\n`) +
        `[label-${i}]: https://example.com/${i}\n\n[^note-${i}]: The note of part ${i}.\n`,
    );
  }
  return parts.join('\n');
}

function charactersToParse(text: string): number {
  clearSectionCache();
  parseMarkdown(text);
  return charactersParsed();
}

describe('definitions shared between sections', () => {
  it('resolve a link and a footnote call defined in another section, as one document does', () => {
    const text = pageOf(4);
    const sectioned = parseMarkdown(text);
    expect(sectioned).toEqual(parseMarkdown(text, { sectioned: false }));
    expect(sectioned.blocks.filter((b) => b.type === 'text').map((b) => b.text)).toContain('See part 2 and its note.');
  });

  it('resolve a label that wraps inside a blockquote, as one document does', () => {
    const text = '# One\n\n> Read [the long\n> label] first.\n\n# Two\n\n[the long label]: https://example.com\n';
    const sectioned = parseMarkdown(text);
    expect(sectioned).toEqual(parseMarkdown(text, { sectioned: false }));
    expect(sectioned.blocks).toContainEqual(expect.objectContaining({ type: 'text', text: 'Read the long label first.' }));
  });

  it('cost the parser characters in proportion to the page: 4× the sections, about 4× the characters', () => {
    const small = pageOf(100);
    const large = pageOf(400);
    const parsedLarge = charactersToParse(large);
    const parsedRatio = parsedLarge / charactersToParse(small);
    // Every section borrows one definition, so the ratio stays at the input's (about 4×);
    // all definitions in every section made it about 16×.
    expect(parsedRatio).toBeLessThan((large.length / small.length) * 1.1);
    // Each section here is read twice: on its own, then with the definition it borrows.
    expect(parsedLarge).toBeLessThan(large.length * 2.5);
  });
});

describe('mentionedLabels', () => {
  it('gives every bracketed label, footnote calls with and without their caret, folded like CommonMark labels', () => {
    expect([...mentionedLabels('A [Link  Text][The Ref], a [shortcut], a call[^1].')]).toEqual(['linktext', 'theref', 'shortcut', '^1', '1']);
  });

  it('skips escaped brackets and keeps escapes in the label, which CommonMark matches as written', () => {
    expect([...mentionedLabels('\\[not] [a\\]b] [outer [inner] text]')]).toEqual(['a\\]b', 'inner']);
  });

  it('drops blockquote markers and line breaks inside a label', () => {
    expect([...mentionedLabels('> [the long\n> label]')]).toEqual(['thelonglabel']);
  });
});
