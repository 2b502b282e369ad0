import { scanText } from './scan.ts';
import { normalizeName } from './tokens.ts';

/**
 * JSON Schema's own vocabulary, as the spec uses it: the keywords its schema documents are
 * written in (every key of a schema object that is not a property's or a definition's name:
 * `$ref`, `anyOf`, `allOf`, `const`, `enum`, …), and the names its pages list beside such a
 * keyword where a sentence calls them keywords ("composition keywords (`oneOf`, `anyOf`,
 * `allOf`, `not`)"). The spec cites JSON Schema from its first revision and defines none of
 * these: a name among them dates no text, even where a later revision's schema lets a type
 * carry it as a property (an elicitation enum's `oneOf`). Used by the fingerprint builder only.
 */

/** Keys whose values are maps from names to schemas: their keys are names, not keywords. */
const NAME_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependentSchemas']);

/** The keywords one schema document is written in (normalized). */
export function schemaDocumentKeywords(schemaText: string): Set<string> {
  const out = new Set<string>();
  let root: unknown;
  try {
    root = JSON.parse(schemaText) as unknown;
  } catch {
    return out;
  }
  const walk = (node: unknown, names: boolean, depth: number): void => {
    if (depth > 200) return;
    if (Array.isArray(node)) {
      for (const item of node) walk(item, false, depth + 1);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node as Record<string, unknown>)) {
      // Under a name map each key is a name and each value a schema; elsewhere each key is a keyword.
      if (!names) out.add(key);
      walk(value, !names && NAME_MAPS.has(key), depth + 1);
    }
  };
  walk(root, false, 0);
  return out;
}

/** A sentence that calls what it lists keywords ("composition keywords (…)", "the keywords `x` and `y`"). */
const KEYWORD_WORD = /\bkeywords?\b/i;

/**
 * Names a page lists as keywords beside a known keyword: in a sentence that says "keyword",
 * the inline code names of each parenthesis or list run that holds one of `known`.
 */
export function listedKeywords(text: string, known: Set<string>): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const span of scanText(text).spans) {
    const sentence = span.sentence;
    if (span.context !== 'inline' || sentence === undefined || seen.has(sentence) || !KEYWORD_WORD.test(sentence)) continue;
    seen.add(sentence);
    // The runs of inline code joined by commas, slashes, "and"/"or": a list of names.
    for (const run of sentence.match(CODE_RUN) ?? []) {
      const names = [...run.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.trim());
      if (names.length >= 2 && names.some((n) => known.has(normalizeName(n)))) out.push(...names);
    }
  }
  return out;
}
const CODE_RUN = /`[^`\n]+`(?:\s*(?:,|\/|\bor\b|\band\b|,\s*(?:or|and)\b)\s*`[^`\n]+`)+/g;
