/**
 * Whether a spec's RFC 2119 keywords count in lower case too. RFC 8174 says only capitals
 * are normative, and that is the default; some specs declare otherwise next to their RFC
 * 2119 reference ("These key words may appear in lowercase and still retain their
 * meaning"). The declaration is read from the spec's own words, or set by its config.
 */

export type KeywordCase = 'uppercase' | 'any-case';

export interface ParseOptions {
  /** Unset: read from the page's own declaration (keywordCaseDeclared). */
  keywordCase?: KeywordCase;
}

const REFERENCE = /\b(?:RFC\s*2119|RFC\s*8174|BCP\s*14)\b/gi;
const ANY_CASE = /\b(?:lower[- ]?case|regardless of (?:their )?(?:letter )?case|in any case|case[- ]insensitive(?:ly)?)\b/i;

/** 'any-case' when the text declares, beside its RFC 2119 reference, that lower-case keywords count. */
export function keywordCaseDeclared(text: string): KeywordCase {
  for (const match of text.matchAll(REFERENCE)) {
    const around = text.slice(Math.max(0, match.index - 400), match.index + 400);
    if (ANY_CASE.test(around)) return 'any-case';
  }
  return 'uppercase';
}

/** The case of a whole revision: any page's declaration holds for all of them (it sits in one conformance section). */
export function keywordCaseOfPages(texts: Iterable<string>): KeywordCase {
  for (const text of texts) if (keywordCaseDeclared(text) === 'any-case') return 'any-case';
  return 'uppercase';
}
