import { diffWordsWithSpace } from 'diff';
import { describe, expect, it } from 'vitest';
import { firstDifference } from '../../src/records/quote.ts';
import { seededRandom } from '../helpers/hostile.ts';

/**
 * firstDifference compares only the tokens two wordings share from the start; it must name
 * the place a whole word diff's first edit starts, as it did when it ran one.
 */
function byWholeDiff(before: string, after: string): { before: number; after: number } {
  let b = 0;
  let a = 0;
  for (const part of diffWordsWithSpace(before, after)) {
    if (part.added || part.removed) return { before: b, after: a };
    b += part.value.length;
    a += part.value.length;
  }
  return { before: 0, after: 0 };
}

const PIECES = ['the', 'client', 'MUST', 'send', 'é', 'naïve', '`id`', ' ', '  ', '\t', '\n', '\r\n', '.', ',', '(', ')', '-', '—', '😀', 'x1', '_'];

function randomText(random: () => number): string {
  let text = '';
  const length = Math.floor(random() * 12);
  for (let k = 0; k < length; k++) text += PIECES[Math.floor(random() * PIECES.length)];
  return text;
}

describe('firstDifference', () => {
  it('finds where a whole word diff starts its first edit, on random texts and their edits', () => {
    const random = seededRandom(8174);
    for (let n = 0; n < 4000; n++) {
      const before = randomText(random);
      // Half the pairs share a start, as rewordings do.
      const after = random() < 0.5 ? before.slice(0, Math.floor(random() * (before.length + 1))) + randomText(random) : randomText(random);
      expect(firstDifference(before, after), JSON.stringify([before, after])).toEqual(byWholeDiff(before, after));
    }
  });

  it('points at the first changed word of a reworded rule', () => {
    const before = 'Servers MUST respond with an error when the request is malformed.';
    const after = 'Servers MUST respond with a JSON-RPC error when the request is malformed.';
    expect(firstDifference(before, after)).toEqual({ before: 26, after: 26 });
    expect(firstDifference(before, before)).toEqual({ before: 0, after: 0 });
  });
});
