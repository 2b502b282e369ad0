import { describe, expect, it } from 'vitest';
import { dice, likelyPairs, pairUp } from '../../src/diff/similarity.ts';
import { seededRandom } from '../helpers/hostile.ts';

/**
 * likelyPairs narrows which pairs a pairing scores. It may keep pairs that cannot qualify;
 * it must never drop one that can: checked against every pair of random word sets, with a
 * few very common words (as real paragraphs have) and many rare ones.
 */

function randomSets(random: () => number, count: number): Set<string>[] {
  return Array.from({ length: count }, () => {
    const set = new Set<string>();
    const size = Math.floor(random() * 14);
    for (let k = 0; k < size; k++) {
      // A quarter of the words from 4 common ones, the rest from 60 rarer ones.
      set.add(random() < 0.25 ? `common${Math.floor(random() * 4)}` : `word${Math.floor(random() * 60)}`);
    }
    return set;
  });
}

describe('likelyPairs', () => {
  for (const minDice of [0.3, 0.45, 0.5, 0.6, 0.9]) {
    it(`keeps every pair whose Dice reaches ${minDice}`, () => {
      const random = seededRandom(Math.round(minDice * 100));
      const olds = randomSets(random, 120);
      const news = randomSets(random, 140);
      const likely = likelyPairs(olds, news, minDice);
      let qualifying = 0;
      let kept = 0;
      olds.forEach((a, i) => {
        const partners = new Set(likely[i]);
        kept += partners.size;
        news.forEach((b, j) => {
          if (dice(a, b) < minDice) return;
          qualifying += 1;
          expect(partners.has(j), `old ${i} and new ${j}: Dice ${dice(a, b)}`).toBe(true);
        });
      });
      expect(qualifying).toBeGreaterThan(0);
      // What it is for: far fewer pairs than all of them.
      expect(kept).toBeLessThan(olds.length * news.length * 0.6);
    });
  }

  it('pairs two empty sets (their Dice is 1)', () => {
    expect(likelyPairs([new Set(), new Set(['a'])], [new Set(['a']), new Set()], 0.5)).toEqual([[1], [0]]);
  });

  it('gives pairUp the same pairs as scoring every pair', () => {
    const random = seededRandom(7);
    const olds = randomSets(random, 80);
    const news = randomSets(random, 90);
    const score = (a: Set<string>, b: Set<string>) => dice(a, b);
    const everyPair = pairUp(olds, news, { key: null, score, threshold: 0.5 });
    const narrowed = pairUp(olds, news, { key: null, score, threshold: 0.5, alike: { old: (a) => a, new: (b) => b, minDice: 0.5 } });
    expect(narrowed).toEqual(everyPair);
    expect(everyPair.pairs.length).toBeGreaterThan(5);
  });
});
