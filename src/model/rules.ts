import { RFC2119_KEYWORDS, type Rfc2119Keyword } from './document.ts';
import type { KeywordCase } from './keyword-case.ts';

/**
 * RFC 2119 / RFC 8174 reading of sentences: which keywords a sentence carries (upper
 * case only: RFC 8174 says lower-case "must" is ordinary English, unless the spec declares
 * otherwise: keyword-case.ts), how strong they are, and which party they bind.
 */

const KEYWORD_PATTERN = new RegExp(`\\b(${RFC2119_KEYWORDS.map((k) => k.replace(' ', '\\s+')).join('|')})\\b`, 'g');
const ANY_CASE_PATTERN = new RegExp(KEYWORD_PATTERN.source, 'gi');

function patternFor(keywordCase: KeywordCase): RegExp {
  return keywordCase === 'any-case' ? ANY_CASE_PATTERN : KEYWORD_PATTERN;
}

export function keywordsIn(text: string, keywordCase: KeywordCase = 'uppercase'): Rfc2119Keyword[] {
  const found: Rfc2119Keyword[] = [];
  for (const match of text.matchAll(patternFor(keywordCase))) found.push(match[1]!.replace(/\s+/, ' ').toUpperCase() as Rfc2119Keyword);
  return found;
}

/** 3 absolute, 2 recommendation, 1 permission. */
export function strength(keyword: Rfc2119Keyword): number {
  switch (keyword) {
    case 'MUST': case 'MUST NOT': case 'SHALL': case 'SHALL NOT': case 'REQUIRED':
      return 3;
    case 'SHOULD': case 'SHOULD NOT': case 'RECOMMENDED': case 'NOT RECOMMENDED':
      return 2;
    default:
      return 1;
  }
}

/** Prohibitions point the other way: MUST → MUST NOT is an inversion, not a strengthening. */
export function isNegative(keyword: Rfc2119Keyword): boolean {
  return keyword.includes('NOT');
}

export function strongest(keywords: readonly Rfc2119Keyword[]): Rfc2119Keyword {
  return [...keywords].sort((a, b) => strength(b) - strength(a))[0]!;
}

/** Parties a normative sentence can bind; matched as the grammatical subject before the keyword. */
const ACTOR_PATTERN = /\b(servers?|clients?|hosts?|users?|implementations?|implementers?|receivers?|senders?|requestors?|recipients?|applications?|authorization servers?|resource servers?|proxies|proxy)\b/i;

export function actorIn(textBeforeKeyword: string): string | null {
  // The first party named is the grammatical subject far more often than the last
  // ("For remote servers, user identification MUST …" binds servers).
  const first = ACTOR_PATTERN.exec(textBeforeKeyword);
  ACTOR_PATTERN.lastIndex = 0;
  return first ? pluralize(first[1]!.toLowerCase()) : null;
}

function pluralize(noun: string): string {
  if (noun === 'proxy') return 'proxies';
  return noun.endsWith('s') || noun.endsWith('proxies') ? noun : `${noun}s`;
}

/** The text before the first keyword: where a sentence names who it binds. */
export function beforeFirstKeyword(text: string, keywordCase: KeywordCase = 'uppercase'): string {
  const pattern = patternFor(keywordCase);
  const match = new RegExp(pattern.source, pattern.flags.replace('g', '')).exec(text);
  return match ? text.slice(0, match.index) : text;
}

const ABBREVIATIONS = /\b(e\.g|i\.e|etc|vs|cf|approx|Dr|Mr|Ms|No|Fig)\.$/i;

/** Sentences of a paragraph, keeping abbreviations and code spans whole. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let current = '';
  let inCode = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    current += ch;
    if (ch === '`') inCode = !inCode;
    if (inCode || !/[.!?]/.test(ch)) continue;
    const next = text[i + 1];
    const after = text[i + 2];
    if (next !== ' ' || after === undefined || !/[A-Z`"(*\[]/.test(after)) continue;
    if (ABBREVIATIONS.test(current)) continue;
    out.push(current.trim());
    current = '';
  }
  if (current.trim()) out.push(current.trim());
  return out;
}
