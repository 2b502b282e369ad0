import { KEYWORD_WORDS } from './rule-words.ts';
import { normalizeText, STOPWORDS, tokens } from './similarity.ts';

/**
 * The words of a sentence that say what it is about, for asking whether one sentence was
 * made out of another: function words, anaphors and RFC 2119 keywords left out, since a
 * sentence rewritten into a rule (or split off one) keeps its content, not its glue.
 */
const FUNCTION_WORDS = new Set([
  ...STOPWORDS,
  'these', 'those', 'they', 'them', 'their', 'there', 'here', 'such',
  'are', 'was', 'were', 'been', 'being', 'has', 'have', 'had', 'do', 'does', 'can', 'could', 'will', 'would',
  'from', 'into', 'which', 'who', 'what', 'when', 'where', 'if', 'then', 'than', 'so', 'also', 'any', 'each', 'all',
]);

/** A sentence of fewer content words ("See below:") says too little to be matched with another. */
export const MIN_CONTENT_WORDS = 3;

export function contentWords(text: string): string[] {
  // Function words are dropped before the plural "s" is ("this" is not the plural of "thi").
  const kept = normalizeText(text).split(' ').filter((w) => w && !FUNCTION_WORDS.has(w) && !KEYWORD_WORDS.has(w));
  return [...new Set(tokens(kept.join(' ')))];
}

/**
 * One word in two inflections ("send" / "sending", "satisfy" / "satisfying"): equal, or
 * one extends the other by a short ending. Short words must match exactly ("use" ≠ "user").
 */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 4 && long.length - short.length <= 3 && long.startsWith(short);
}

/** The words of `words` that `within` has too (in any inflection). */
export function wordsFoundIn(words: readonly string[], within: readonly string[]): string[] {
  return words.filter((w) => within.some((o) => sameWord(w, o)));
}

/** The share of `words` that `within` has too: 1 when every content word was taken from it. */
export function shareFoundIn(words: readonly string[], within: readonly string[]): number {
  return words.length === 0 ? 0 : wordsFoundIn(words, within).length / words.length;
}
