import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { describe, expect, it } from 'vitest';
import { pageIds, revisionFolders } from '../../src/input/spec-tree.ts';
import { parsePage } from '../../src/model/index.ts';
import { isJsonLang, parseJsonExample } from '../../src/model/json.ts';
import { mirrorAvailable, specPages } from '../../harness/paths.ts';

/**
 * Plain JSON examples are read by JSON.parse (json.ts): the value must be the one the
 * tolerant reader (jsonc-parser) gives, key order and negative zero included.
 */
function byJsonc(text: string): unknown {
  const errors: ParseError[] = [];
  const value = parseJsonc(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  expect(errors).toEqual([]);
  return value;
}

function expectSameValue(text: string): void {
  const [value] = parseJsonExample(text, { line: 1, bodyLine: 2 }, [])!;
  const expected = byJsonc(text);
  expect(value, text).toEqual(expected);
  expect(JSON.stringify(value), text).toBe(JSON.stringify(expected));
}

describe('JSON examples', () => {
  it('reads plain JSON to the value the tolerant reader gives', () => {
    for (const text of ['{"b": 1, "a": 2, "2": 3, "1": 4}', '{"a": 1, "a": 2}', '[-0, 1e400, 0.1, 12345678901234567890]', '"\\u00e9\\ud83d\\ude00"', '{"nested": {"x": [true, false, null]}}']) {
      expectSameValue(text);
    }
    const [zero] = parseJsonExample('-0', { line: 1, bodyLine: 2 }, [])!;
    expect(Object.is(zero, -0)).toBe(true);
  });

  it('leaves a __proto__ key to the tolerant reader', () => {
    const [value] = parseJsonExample('{"__proto__": {"polluted": true}, "a": 1}', { line: 1, bodyLine: 2 }, [])!;
    expect(value).toEqual(byJsonc('{"__proto__": {"polluted": true}, "a": 1}'));
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it.runIf(mirrorAvailable())('reads every plain JSON example of the mirror as the tolerant reader does', () => {
    let plain = 0;
    for (const revision of revisionFolders(specPages)) {
      for (const page of pageIds(join(specPages, revision))) {
        for (const block of parsePage(readFileSync(join(specPages, revision, `${page}.mdx`), 'utf8')).codeBlocks) {
          if (!isJsonLang(block.lang)) continue;
          try {
            JSON.parse(block.value);
          } catch {
            continue;
          }
          plain += 1;
          expectSameValue(block.value);
        }
      }
    }
    expect(plain).toBeGreaterThan(100);
  });
});
