import { describe, expect, it } from 'vitest';
import type { ProseBlock, SpecDocument } from '../../src/model/index.ts';
import { PlacedIndex, stillStated, type Placed } from '../../src/revision/moved-prose.ts';
import { normalizeText, tokens } from '../../src/diff/similarity.ts';

/**
 * A removed paragraph is compared only with the new paragraphs the word index offers; the
 * paragraph found must be the one reading every paragraph finds: the same words, nearly
 * the same words, or a longer paragraph that contains it whole (cut mid-word too).
 */

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function placedOf(text: string, page: string, line: number): Placed {
  const block = { text, line, sectionId: '' } as unknown as ProseBlock;
  return { page, doc: {} as SpecDocument, block, normalized: normalizeText(text), words: new Set(tokens(text)) };
}

describe('finding where a removed paragraph is still stated, through the word index', () => {
  it('finds what reading every paragraph finds', () => {
    const next = random(11);
    const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
    // Many long words: a word added in an edit is new to the paragraph, and a stretch cut from a
    // paragraph holds few whole words (its cut ends are the rarest, found in no paragraph).
    const vocabulary = Array.from({ length: 1500 }, (_, i) => `${'abcdefghij'.slice(0, 4 + (i % 7))}${i}${i % 5 === 0 ? 's' : ''}`);
    const common = vocabulary.slice(0, 40);
    const sentence = (n: number) => Array.from({ length: n }, () => pick(next() < 0.5 ? common : vocabulary)).join(' ');
    const placed = Array.from({ length: 300 }, (_, i) => placedOf(`${sentence(2 + Math.floor(next() * 40))}.`, `p${i % 6}`, i));
    const removed: string[] = [];
    for (let k = 0; k < 400; k++) {
      const source = pick(placed).block.text;
      const words = source.replace(/\.$/, '').split(' ');
      const roll = next();
      if (roll < 0.2) removed.push(source);
      else if (roll < 0.45) {
        // Nearly the same words: one dropped or one added.
        if (next() < 0.5 && words.length > 1) words.splice(Math.floor(next() * words.length), 1);
        else words.splice(Math.floor(next() * (words.length + 1)), 0, pick(vocabulary));
        removed.push(words.join(' '));
      } else if (roll < 0.75) {
        // A stretch of a longer paragraph, cut anywhere, even inside a word.
        const start = Math.floor(next() * source.length * 0.3);
        removed.push(source.slice(start, start + 40 + Math.floor(next() * 40)));
      } else removed.push(sentence(1 + Math.floor(next() * 30)));
    }
    removed.push('a-single-very-long-hyphenated-identifier-of-more-than-forty-characters');
    const index = new PlacedIndex(placed);
    const everything = { candidates: () => placed };
    let found = 0;
    for (const text of removed) {
      const page = `p${Math.floor(next() * 6)}`;
      const expected = stillStated(text, everything, page);
      if (expected) found += 1;
      expect(stillStated(text, index, page)).toBe(expected);
    }
    expect(found).toBeGreaterThan(100);
  });
});
