import { describe, expect, it } from 'vitest';
import { mentions } from '../../src/diff/terms.ts';
import { seededRandom } from '../helpers/hostile.ts';

/** The plain reading `mentions` must agree with: the token between two non-name characters (or the text's ends). */
function mentionsByPattern(haystack: string, token: string): boolean {
  const escaped = token.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  return new RegExp(`(^|[^\\w$])${escaped}($|[^\\w$])`).test(haystack);
}

describe('a term named in the records that cover it', () => {
  it('is a whole name, not part of a longer one', () => {
    expect(mentions('field-added lamp.brightness', 'lamp.brightness')).toBe(true);
    expect(mentions('field-added lamp.brightnessLevel', 'lamp.brightness')).toBe(false);
    expect(mentions('$lamp', 'lamp')).toBe(false);
    expect(mentions('lamp$', 'lamp')).toBe(false);
    expect(mentions('xlamp lamp', 'lamp')).toBe(true);
    expect(mentions('-32602', '-32602')).toBe(true);
  });

  it('agrees with the pattern on random texts, overlapping and empty tokens included', () => {
    const alphabet = ['a', 'b', '_', '$', '.', '-', ' ', '\n', '/', '1', 'é', '\u{1F600}'];
    const next = seededRandom(7);
    const random = (n: number) => Math.floor(next() * n);
    const text = (length: number) => Array.from({ length }, () => alphabet[random(alphabet.length)]).join('');
    for (let i = 0; i < 20_000; i++) {
      const haystack = text(random(24));
      const token = i % 3 === 0 ? haystack.slice(random(haystack.length + 1), random(haystack.length + 1) + 3) : text(random(4));
      expect(mentions(haystack, token), `${JSON.stringify(haystack)} ${JSON.stringify(token)}`).toBe(mentionsByPattern(haystack, token));
    }
  });
});
