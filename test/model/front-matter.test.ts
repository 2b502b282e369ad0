import { describe, expect, it } from 'vitest';
import { clearPageCache, parsePage } from '../../src/model/index.ts';

/** Front matter is read once per text (a memo); every page that holds it still gets its title and its warning. */
describe('front matter', () => {
  it('gives each page its title, from the same front matter read once', () => {
    clearPageCache();
    const front = '---\ntitle: "Sampling: the client side"\n---\n';
    expect(parsePage(`${front}\n# One\n\nFirst page.\n`).title).toBe('Sampling: the client side');
    expect(parsePage(`${front}\n# Two\n\nSecond page.\n`).title).toBe('Sampling: the client side');
  });

  it('warns on every page whose front matter is not YAML, not only the first', () => {
    clearPageCache();
    const front = '---\ntitle: [unclosed\n---\n';
    for (const body of ['First page.', 'Second page.']) {
      const doc = parsePage(`${front}\n${body}\n`);
      expect(doc.title).toBeNull();
      expect(doc.diagnostics.filter((d) => /front matter is not valid YAML/.test(d.message))).toHaveLength(1);
    }
    expect(parsePage('---\ntitle: Fine\n---\n\nThird page.\n').diagnostics.some((d) => /front matter/.test(d.message))).toBe(false);
  });
});
