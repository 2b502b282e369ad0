import { describe, expect, it } from 'vitest';
import type { Change } from '../../src/records/change.ts';
import { groupStatements, sameStatement, statementOf } from '../../src/revision/repeated-arrivals.ts';

/**
 * Arrivals are grouped through an index of their words instead of comparing each with
 * every group; the groups must be exactly those of the plain reading: each arrival joins
 * the first group whose first arrival states the same.
 */

function plainGroups(arrivals: { change: Change }[]): { change: Change }[][] {
  const groups: { change: Change }[][] = [];
  for (const arrival of arrivals) {
    const group = groups.find((g) => sameStatement(statementOf(g[0]!.change), statementOf(arrival.change)));
    if (group) group.push(arrival);
    else groups.push([arrival]);
  }
  return groups;
}

/** A deterministic pseudo-random sequence, so a failure repeats. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

function arrival(text: string, page: string, id = 'rule-added'): { change: Change } {
  return { change: { id, page, after: { text } } as unknown as Change };
}

describe('grouping repeated arrivals through the word index', () => {
  it('finds the groups the plain comparison of every pair finds', () => {
    const next = random(7);
    const vocabulary = Array.from({ length: 60 }, (_, i) => `word${i}`);
    const bases = Array.from({ length: 25 }, () => Array.from({ length: 3 + Math.floor(next() * 40) }, () => vocabulary[Math.floor(next() * vocabulary.length)]!));
    const arrivals = Array.from({ length: 400 }, () => {
      const words = [...bases[Math.floor(next() * bases.length)]!];
      // Restated with a word or a few more or less, sometimes a name in code, sometimes nothing but punctuation.
      const edits = Math.floor(next() * 6);
      for (let e = 0; e < edits; e++) {
        if (next() < 0.5) words.splice(Math.floor(next() * words.length), 1);
        else words.push(vocabulary[Math.floor(next() * vocabulary.length)]!);
      }
      if (next() < 0.2) words.push(`\`name${Math.floor(next() * 3)}\``);
      const text = next() < 0.02 ? '—' : `${words.join(' ')}.`;
      return arrival(text, `page${Math.floor(next() * 5)}`, next() < 0.9 ? 'rule-added' : 'prose-added');
    });
    const plain = plainGroups(arrivals);
    expect(plain.some((g) => g.length > 1)).toBe(true);
    expect(groupStatements(arrivals)).toEqual(plain);
  });

  it('joins a long statement restated with an item more on another page', () => {
    const long = Array.from({ length: 24 }, (_, i) => `term${i}`).join(' ');
    const groups = groupStatements([arrival(`${long}.`, 'a'), arrival('Something else entirely.', 'b'), arrival(`${long} extra more.`, 'c')]);
    expect(groups.map((g) => g.map((a) => a.change.page))).toEqual([['a', 'c'], ['b']]);
  });
});
