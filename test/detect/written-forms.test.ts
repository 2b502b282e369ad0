import { beforeAll, describe, expect, it } from 'vitest';
import { detectRevision } from '../../src/detect/detect.ts';
import type { FingerprintData } from '../../src/detect/fingerprints.ts';
import { listedKeywords, schemaDocumentKeywords } from '../../src/detect/schema-keywords.ts';
import { testFingerprints } from '../../harness/detect-corpus.ts';

/** Round 4's patterns (bench/which-fresh-4.md), each as a general rule on texts of our own. */

let data: FingerprintData;
beforeAll(async () => {
  data = await testFingerprints();
}, 120_000);

const tokens = (text: string) => detectRevision(text, data).evidence.map((e) => e.token);

describe('a revision named by its date in words', () => {
  const latest = latestInWords();
  it('is the same mention as its id, with or without the year where a revision word follows', () => {
    for (const text of [`Released on ${latest.words}, it changes little.\n`, `Read the ${latest.short} spec first.\n`, `The ${latest.dayFirst} release is out.\n`]) {
      expect(tokens(text), text).toContain(latest.id);
    }
  });

  it('is not a mention without the year and a revision word, or with another year', () => {
    expect(tokens(`We met on ${latest.short} to plan.\n`)).not.toContain(latest.id);
    expect(tokens(`${latest.short}, 1999 was a Tuesday.\n`)).not.toContain(latest.id);
  });
});

/** The newest dated revision's id in the words a writer would use, read from the fingerprints' own ids. */
function latestInWords(): { id: string; words: string; short: string; dayFirst: string } {
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const lazy = { id: '', words: '', short: '', dayFirst: '' };
  beforeAll(() => {
    const id = data.revisions.filter((r) => r.date !== null).at(-1)!.id;
    const [y, m, d] = id.split('-').map(Number) as [number, number, number];
    Object.assign(lazy, { id, words: `${months[m - 1]} ${d}, ${y}`, short: `${months[m - 1]} ${d}`, dayFirst: `${d} ${months[m - 1]} ${y}` });
  });
  return lazy;
}

describe("JSON Schema's own vocabulary", () => {
  it("is read from the keys a schema document is written in, not its properties' names", () => {
    const keywords = schemaDocumentKeywords(JSON.stringify({ $schema: 'x', definitions: { Thing: { type: 'object', properties: { widgetId: { type: 'string' }, oneOf: { anyOf: [{ const: 1 }] } } } } }));
    expect([...keywords].sort()).toEqual(['$schema', 'anyOf', 'const', 'definitions', 'properties', 'type']);
  });

  it('grows by the names a sentence lists as keywords beside a known one', () => {
    const known = new Set(['anyof']);
    expect(listedKeywords('Composition keywords (`oneOf`, `anyOf`, `not`) are allowed.\n', known)).toEqual(['oneOf', 'anyOf', 'not']);
    expect(listedKeywords('The fields `oneOf` and `widgetId` are set.\n', known)).toEqual([]);
    expect(listedKeywords('Keywords like `widgetId` and `gadgetId` matter.\n', known)).toEqual([]);
  });

  it('dates no text', () => {
    for (const name of ['oneOf', 'allOf', 'anyOf', '$ref', 'not']) expect(tokens(`Clients may reject \`${name}\` in a schema.\n`)).not.toContain(name);
  });
});
