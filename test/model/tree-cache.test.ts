import { afterEach, describe, expect, it } from 'vitest';
import { clearPageCache, parsePage, parsePagePair } from '../../src/model/index.ts';
import { cachedTree, charactersParsed, clearTreeCache, withTreeScope } from '../../src/model/tree-cache.ts';

/**
 * The tree scope: within one pair (or revision), a section both texts hold is parsed once,
 * even when the pair is larger than the across-calls budget and a sequential scan would
 * evict each old section before its twin in the new text is read. A small budget stands in
 * for the real 2 M characters.
 */

const BUDGET = 5_000;

/** `n` distinct sections of about 500 characters each. */
function sections(n: number, salt: string): string[] {
  return Array.from({ length: n }, (_, i) => `## Part ${salt}${i}\n\n${`Words of part ${salt}${i} go here. `.repeat(15)}\n`);
}

afterEach(() => clearTreeCache());

describe('tree cache', () => {
  it('parses a section shared by both sides of a pair larger than the budget once', () => {
    const shared = sections(60, 's'); // ~30 K characters: six times the budget
    const oldText = ['# Page\n', ...shared, ...sections(2, 'o')].join('\n');
    const newText = ['# Page\n', ...shared, ...sections(2, 'n')].join('\n');
    clearPageCache();
    clearTreeCache(BUDGET);
    parsePagePair(oldText, newText);
    // The new side parses only the sections the old one lacks.
    expect(charactersParsed()).toBeLessThan(oldText.length * 1.05);

    // Without the scope, the budget evicts each old section before the new side reaches it.
    clearPageCache();
    clearTreeCache(BUDGET);
    parsePage(oldText);
    parsePage(newText);
    expect(charactersParsed()).toBeGreaterThan(oldText.length * 1.9);
  });

  it('holds trees until the outermost scope ends, then keeps only what the budget holds', () => {
    clearTreeCache(BUDGET);
    const big = `${'x '.repeat(1_500)}\n`; // each over half the budget: two cannot both stay
    const other = `${'y '.repeat(1_500)}\n`;
    withTreeScope(() => {
      cachedTree(big);
      withTreeScope(() => cachedTree(other)); // an inner scope ending lets nothing go
      const before = charactersParsed();
      cachedTree(big);
      expect(charactersParsed()).toBe(before);
    });
    // Outside a scope only the budget holds: `other` evicted `big`.
    const before = charactersParsed();
    cachedTree(other);
    expect(charactersParsed()).toBe(before);
    cachedTree(big);
    expect(charactersParsed()).toBe(before + big.length);
  });

  it('gives the same documents inside a scope as outside', () => {
    const text = '# T\n\n## A\n\nSome *text* [link][l].\n\n## B\n\n[l]: https://example.com\n';
    clearPageCache();
    const plain = parsePage(text);
    clearPageCache();
    const paired = parsePagePair(text, `${text}\nMore.\n`);
    expect(paired.old).toEqual(plain);
  });
});
