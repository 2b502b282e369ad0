import { describe, expect, it } from 'vitest';
import { tripleKeyFor } from '../../src/revision/split-pages.ts';

describe('the split-source search keys word triples', () => {
  it('as one exact number while the vocabulary allows it, else as a string: distinct triples, distinct keys', () => {
    for (const vocabulary of [3, 200_000, 300_000]) {
      const key = tripleKeyFor(vocabulary);
      const last = vocabulary - 1;
      const triples: [number, number, number][] = [[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0], [last, last, last], [last, last, last - 1], [last - 1, last, last]];
      const keys = triples.map(([a, b, c]) => key(a, b, c));
      expect(new Set(keys).size).toBe(triples.length);
      expect(typeof keys[0]).toBe(vocabulary <= 200_000 ? 'number' : 'string');
    }
  });
});
