import { stemmer } from 'stemmer';

/**
 * Significant words for matching an item with no identifier to records by what both talk
 * about: lower-cased, stemmed (Porter: "elicitation" and "elicit" meet), function words
 * and RFC 2119 keywords dropped, camelCase names split into their words. How significant
 * a shared word is depends on how rare it is among the records (match.ts), so no list of
 * domain words is needed here.
 */

const FUNCTION_WORDS = new Set(
  ('a an the of to in on for and or by with as at is are be been being this that these those it its from into than then ' +
    'not no nor but if so such can will would should could may might must shall do does did has have had was were ' +
    'all any each every some other more most also only now when where which who whom what how why via per about ' +
    'their there they them our we you your i e g eg ie etc use used using new add added adds')
    .split(' '),
);

const RFC_2119 = /\b(?:MUST|SHALL|SHOULD|MAY|REQUIRED|RECOMMENDED|OPTIONAL)(?: NOT)?\b/g;

/** Stems seen before: a revision's pages repeat the same few thousand words. */
const stems = new Map<string, string>();

function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) stems.set(word, (stem = stemmer(word)));
  return stem;
}

export function wordsIn(text: string): Set<string> {
  const plain = text
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(RFC_2119, ' ')
    // camelCase and PascalCase names into words: "ElicitResult" → "Elicit Result".
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
  const found = new Set<string>();
  for (const word of plain.split(/[^\p{L}\p{N}]+/u)) {
    if (word.length < 3 || /^\d+$/.test(word) || FUNCTION_WORDS.has(word)) continue;
    found.add(stemOf(word));
  }
  return found;
}
