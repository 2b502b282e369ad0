import { RFC2119_KEYWORDS, type Rfc2119Keyword } from './document.ts';
import type { KeywordCase } from './keyword-case.ts';
import { partiesOf, partyName, spellOutParties, type Parties } from './parties.ts';
import { sentenceSpans, type SentenceEnd } from '../core/sentences.ts';

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
  for (const match of keywordMatches(text, keywordCase)) found.push(match[1]!.replace(/\s+/, ' ').toUpperCase() as Rfc2119Keyword);
  return found;
}

/**
 * The keywords of a text as matches: every capitalised one; in lower case (a spec that says
 * so) only where the word states a requirement. Not "no change was required" (what happened),
 * not "specify how the value should be interpreted" (a question the sentence asks about the
 * document), not "the key words must and should" (words named, not used).
 */
function keywordMatches(text: string, keywordCase: KeywordCase): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  for (const match of text.matchAll(patternFor(keywordCase))) {
    const word = match[1]!;
    if (word !== word.toUpperCase() && !statesRequirement(text, match.index, word)) continue;
    out.push(match as RegExpExecArray);
  }
  return out;
}

/** Lower-case "required", "recommended", "optional" state a requirement only as "is/are (not) …". */
const ADJECTIVE = /^(?:required|recommended|not\s+recommended|optional)$/i;
const STATED_ADJECTIVE = /\b(?:is|are|be|remains?)\s+(?:not\s+|also\s+|always\s+|therefore\s+)?$/i;
/** An indirect question, or the document speaking of itself, before the verb in its clause. */
const NOT_A_DUTY = /\b(?:how|whether|what|why|who)\b[^.;:!?]*$|\b(?:this|the)\s+(?:document|specification|spec|section|chapter|appendix|protocol)\s+(?:needs?|wants?|has|tries|aims?|intends?|defines?|describes?|specifies?|explains?)\b[^.;:!?]*$/i;

/**
 * A lower-case "may" before a verb of happening ("This may occur due to …", "may continue to
 * evolve", "Faults may arise …") says what can come about: a possibility, which permits no
 * one. A permission names something a party may do ("A client may retry", "may be omitted", "may continue the stream").
 */
const POSSIBILITY = /^\s+(?:also\s+|still\s+|well\s+|even\s+|sometimes\s+|eventually\s+|therefore\s+|thus\s+)*(?:occur|happen|arise|result|evolve|continue\s+to\s+(?:evolve|change|grow|develop|expand)|vary|differ|exist|emerge|become|seem|take\s+place|or\s+may\s+not|be\s+(?:due|because|caused|the\s+result))\w*\b/i;

/**
 * A lower-case keyword inside a clause that describes a situation, after the sentence's own
 * clause ("Repeatable directives are useful when the same directive should be used …",
 * "`stale` is true if the entry should no longer be read", "situations where an input may be
 * one of many"): the keyword is part of the condition, it binds no one. Only when the
 * when-/if-/where-clause opens after words of the sentence's own clause (not at its start, nor
 * after a comma: "If present, X must …" binds) and nothing between it and the keyword is a
 * verb of its own or a clause's end ("where order is implicit … should preserve" binds).
 */
const DESCRIBING_CLAUSE = /[\p{L}\p{N}})`_*]\s+(?:when|whenever|if|unless|where|wherever)\s+(?:(?!(?:is|are|was|were|be|been|being|has|have|had|does|do|did|can|could|will|would|then)\b)[^\s,;:.!?()]+\s+){0,8}$/iu;

/**
 * "may have different …", "may have (semantic) meaning": what can be so of a thing, like
 * "may differ"; it permits no one ("These two definitions may have different meaning:").
 */
const MAY_HAVE_DIFFERENCE = /^\s+have\s+(?:a\s+|an\s+)?(?:(?:different|differing|distinct|varying|other|semantic|special|no)\s+)*(?:different|differing|distinct|varying|meanings?|interpretations?|significance|effects?|consequences|implications)\b/i;

/**
 * A lower-case "may" whose subject is a piece of the spec's notation ("A grammar production
 * may specify that …", "A nonterminal may be marked optional …"): a convention saying what
 * the notation can express, which permits no party anything.
 */
const NOTATION_SUBJECT = /\b(?:grammar|productions?|non-?terminals?|notation|(?:grammar|syntax|lexical)\s+rules?|terminal\s+symbols?)\s+(?:also\s+|optionally\s+)?$/i;

function statesRequirement(text: string, at: number, word: string): boolean {
  const before = text.slice(Math.max(0, at - 120), at);
  if (word === 'may' && NOTATION_SUBJECT.test(before)) return false;
  if (word === 'may' && POSSIBILITY.test(text.slice(at + word.length, at + word.length + 60))) return false;
  if (word === 'may' && MAY_HAVE_DIFFERENCE.test(text.slice(at + word.length, at + word.length + 60))) return false;
  if (DESCRIBING_CLAUSE.test(before)) return false;
  // A word named, not used: in quotes or code ("the words “must” and “should”").
  if (/["“'‘`]/.test(text[at - 1] ?? '') && /["”'’`]/.test(text[at + word.length] ?? '')) return false;
  if (ADJECTIVE.test(word)) return STATED_ADJECTIVE.test(before);
  return !NOT_A_DUTY.test(before);
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

/**
 * Parties a normative sentence can bind, matched as the grammatical subject before the keyword:
 * the document's own (parties.ts: the generic roles, the kinds of them it names, the
 * abbreviations it defines). One word before a party qualifies it ("MCP clients", "OAuth
 * clients" are clients).
 */
const QUALIFIERS = '(?:(?:all|both|either|the|other)\\s+)*(?:[\\w-]+\\s+)?';

interface ActorPatterns {
  first: RegExp;
  joined: RegExp;
  each: RegExp;
}

const compiled = new Map<string, ActorPatterns>();

function actorPatterns(parties: Parties): ActorPatterns {
  let found = compiled.get(parties.pattern);
  if (!found) {
    const words = parties.pattern;
    found = {
      first: new RegExp(`\\b(${words})\\b`, 'i'),
      /**
       * Parties joined to the first one ("clients and servers", "clients, servers, and hosts"):
       * one subject, several parties. A list must end in "and"/"or", so "For remote servers,
       * user identification" stays one party.
       */
      joined: new RegExp(`^(?:\\s*,\\s*${QUALIFIERS}(?:${words})\\b)*\\s*,?\\s*(?:and\\/or|and|or)\\s+${QUALIFIERS}(?:${words})\\b`, 'i'),
      each: new RegExp(`\\b(${words})\\b`, 'gi'),
    };
    if (compiled.size > 64) compiled.clear();
    compiled.set(parties.pattern, found);
  }
  return found;
}

const GENERIC = partiesOf('');

/**
 * Every party a sentence's subject names: the first party named (the grammatical subject
 * far more often than the last: "For remote servers, user identification MUST …" binds
 * servers) and the parties listed with it. `parties`: the document's (parties.ts); the
 * generic roles when not given.
 */
export function actorsIn(subject: string, parties: Parties = GENERIC): string[] {
  const patterns = actorPatterns(parties);
  const textBeforeKeyword = spellOutParties(subject, parties);
  const first = patterns.first.exec(textBeforeKeyword);
  if (!first) return [];
  const found = [partyName(first[1]!)];
  const joined = patterns.joined.exec(textBeforeKeyword.slice(first.index + first[0].length));
  for (const match of joined?.[0].matchAll(patterns.each) ?? []) {
    const actor = partyName(match[1]!);
    if (!found.includes(actor)) found.push(actor);
  }
  return found;
}

/** The text before the first keyword: where a sentence names who it binds. */
export function beforeFirstKeyword(text: string, keywordCase: KeywordCase = 'uppercase'): string {
  const match = keywordMatches(text, keywordCase)[0];
  return match ? text.slice(0, match.index) : text;
}

const ABBREVIATIONS = /\b(e\.g|i\.e|ex|etc|vs|cf|approx|Dr|Mr|Ms|No|Fig)\.$/i;
/** What the word after a sentence's end starts with. */
const SENTENCE_START = /[A-Z`"(*\[]/;

/** The spec's own prose: a sentence ends at a mark followed by a space and a capital (or code, a quote, a bracket), never after an abbreviation. */
const endsProseSentence: SentenceEnd = (text, at, start) => {
  const after = text[at + 2];
  return text[at + 1] === ' ' && after !== undefined && SENTENCE_START.test(after) && !ABBREVIATIONS.test(text.slice(start, at + 1));
};

/** Sentences of a paragraph, keeping abbreviations and code spans whole (core/sentences.ts splits them). */
export function sentences(text: string): string[] {
  return sentenceSpans(text, endsProseSentence)
    .map((span) => text.slice(span.start, span.end).trim())
    .filter((sentence) => sentence !== '');
}
