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
const ACTOR_WORDS = 'servers?|clients?|hosts?|users?|implementations?|implementers?|receivers?|senders?|requesters?|requestors?|responders?|recipients?|applications?|parties|party|peers?|authorization servers?|resource servers?|proxies|proxy';
const ACTOR_PATTERN = new RegExp(`\\b(${ACTOR_WORDS})\\b`, 'i');
const QUALIFIERS = '(?:(?:all|both|either|the|other|MCP)\\s+)*';
/**
 * Parties joined to the first one ("clients and servers", "clients, servers, and hosts"):
 * one subject, several parties. A list must end in "and"/"or", so "For remote servers,
 * user identification" stays one party.
 */
const JOINED_ACTORS = new RegExp(`^(?:\\s*,\\s*${QUALIFIERS}(?:${ACTOR_WORDS})\\b)*\\s*,?\\s*(?:and\\/or|and|or)\\s+${QUALIFIERS}(?:${ACTOR_WORDS})\\b`, 'i');

/**
 * Every party a sentence's subject names: the first party named (the grammatical subject
 * far more often than the last: "For remote servers, user identification MUST …" binds
 * servers) and the parties listed with it.
 */
export function actorsIn(textBeforeKeyword: string): string[] {
  const first = ACTOR_PATTERN.exec(textBeforeKeyword);
  if (!first) return [];
  const found = [normalizeActor(first[1]!)];
  const joined = JOINED_ACTORS.exec(textBeforeKeyword.slice(first.index + first[0].length));
  for (const match of joined?.[0].matchAll(new RegExp(`\\b(${ACTOR_WORDS})\\b`, 'gi')) ?? []) {
    const actor = normalizeActor(match[1]!);
    if (!found.includes(actor)) found.push(actor);
  }
  return found;
}

function normalizeActor(noun: string): string {
  const lower = noun.toLowerCase().replace(/\s+/g, ' ');
  if (lower === 'proxy') return 'proxies';
  if (lower === 'party') return 'parties';
  if (lower.startsWith('requestor')) return 'requesters';
  return lower.endsWith('s') || lower.endsWith('proxies') ? lower : `${lower}s`;
}

/** The text before the first keyword: where a sentence names who it binds. */
export function beforeFirstKeyword(text: string, keywordCase: KeywordCase = 'uppercase'): string {
  const pattern = patternFor(keywordCase);
  const match = new RegExp(pattern.source, pattern.flags.replace('g', '')).exec(text);
  return match ? text.slice(0, match.index) : text;
}

const ABBREVIATIONS = /\b(e\.g|i\.e|etc|vs|cf|approx|Dr|Mr|Ms|No|Fig)\.$/i;
/** What the word after a sentence's end starts with. */
const SENTENCE_START = /[A-Z`"(*\[]/;

/** Sentences of a paragraph, keeping abbreviations and code spans whole. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  // Where the sentence being read starts: a slice at each end, not a string grown per character.
  let start = 0;
  let inCode = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '`') inCode = !inCode;
    if (inCode || (ch !== '.' && ch !== '!' && ch !== '?')) continue;
    const after = text[i + 2];
    if (text[i + 1] !== ' ' || after === undefined || !SENTENCE_START.test(after)) continue;
    const current = text.slice(start, i + 1);
    if (ABBREVIATIONS.test(current)) continue;
    out.push(current.trim());
    start = i + 1;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}
