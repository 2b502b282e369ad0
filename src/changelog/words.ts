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

/** Stems seen before: a revision's pages repeat the same few thousand words. */
const stems = new Map<string, string>();

function stemOf(word: string): string {
  let stem = stems.get(word);
  if (stem === undefined) stems.set(word, (stem = stemmer(word)));
  return stem;
}

export function wordsIn(text: string): Set<string> {
  // One pass over the text's runs of letters and digits (no copies of the whole text): a revision's
  // pages are read whole for the words most of them use, and one of them may be a megabyte.
  const urls = text.includes('://') ? urlSpans(text) : [];
  let nextUrl = 0;
  const found = new Set<string>();
  for (const match of text.matchAll(WORD_RUN)) {
    const at = match.index;
    while (nextUrl < urls.length && urls[nextUrl]![1] <= at) nextUrl += 1;
    if (nextUrl < urls.length && urls[nextUrl]![0] <= at) continue;
    const run = match[0];
    if (RFC_2119_WORD.has(run) && isKeywordAt(text, at, run)) continue;
    // camelCase and PascalCase names into words: "ElicitResult" → "Elicit Result".
    const parts = /[a-z0-9][A-Z]|[A-Z][A-Z][a-z]/.test(run) ? run.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').split(' ') : [run];
    for (const part of parts) {
      const word = part.toLowerCase();
      if (word.length < 3 || /^\d+$/.test(word) || FUNCTION_WORDS.has(word)) continue;
      found.add(stemOf(word));
    }
  }
  return found;
}

const WORD_RUN = /[\p{L}\p{N}]+/gu;
const URL_PATTERN = /\bhttps?:\/\/\S+/g;
const RFC_2119_WORD = new Set(['MUST', 'SHALL', 'SHOULD', 'MAY', 'REQUIRED', 'RECOMMENDED', 'OPTIONAL', 'NOT']);

/** Where the text's URLs stand, as [start, end) offsets in order: their words say nothing. */
function urlSpans(text: string): [number, number][] {
  return [...text.matchAll(URL_PATTERN)].map((m) => [m.index, m.index + m[0].length]);
}

/** An RFC 2119 keyword standing as one (`MUST`, and `NOT` only right after one: "MUST NOT"), not inside a longer word. */
function isKeywordAt(text: string, at: number, run: string): boolean {
  if (run !== 'NOT') return true;
  return /\b(?:MUST|SHALL|SHOULD|MAY|REQUIRED|RECOMMENDED|OPTIONAL) $/.test(text.slice(Math.max(0, at - 13), at));
}
