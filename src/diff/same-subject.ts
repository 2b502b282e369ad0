import type { Rule } from '../model/index.ts';
import { contentWords, sameWord } from './content-words.ts';

/**
 * Whether two rules speak of the same subject: the noun their main clause's keyword binds
 * ("the `errors` entry in the response may …" is about an entry; "then that response position
 * must not …" about a position). Rules paired across a rewrite only by shared words, whose
 * keywords point opposite ways, are one rule inverted only when they do; a rule
 * whose subject is a pronoun or left to its lead-in names none, and is not held apart.
 */
export function sameSubject(a: Rule, b: Rule): boolean {
  const ones = subjectPhrases(a.text, a.keyword);
  const others = subjectPhrases(b.text, b.keyword);
  if (ones.length === 0 || others.length === 0) return true;
  return ones.some((one) => others.some((other) => alike(one, other)));
}

/** Same head noun, most words shared, or one's head qualifying the other ("Brackets MUST NOT …" / "Portions … within brackets MUST …"). */
function alike(one: Subject, other: Subject): boolean {
  if (sameWord(one.head, other.head)) return true;
  if (other.words.some((w) => sameWord(w, one.head)) || one.words.some((w) => sameWord(w, other.head))) return true;
  const shared = one.words.filter((w) => other.words.some((o) => sameWord(w, o))).length;
  return shared / Math.min(one.words.length, other.words.length) >= SHARED_SUBJECT;
}

/** The share of the shorter subject's words the other must have when their heads differ. */
const SHARED_SUBJECT = 0.67;

const KEYWORD = /\b(?:must|shall|should|may|required|recommended)\b/gi;
/** Where a clause starts inside the words before the keyword: the subject is what follows the last one. */
const CLAUSE_START = /(?:[,;:(.]|\b(?:then|but|while|when|whenever|if|unless|once|since|because|although|though)\b)/gi;
const PREPOSITION = /^(?:in|of|on|at|for|within|to|from|with|by|inside|under|over|across)$/i;

interface Subject {
  /** The noun the keyword binds: the subject's last content word before a prepositional phrase. */
  head: string;
  /** All the subject's content words, its qualifiers too. */
  words: string[];
}

/**
 * The subject of each clause that carries the rule's keyword (the one its pairing compares; a
 * rule may be two sentences, "This reservoir MUST … This implementation MUST …"). A clause
 * whose subject is a pronoun or nothing gives none.
 */
function subjectPhrases(text: string, keyword: string): Subject[] {
  const all: { keyword: string; subject: Subject }[] = [];
  let from = 0;
  for (const match of text.matchAll(KEYWORD)) {
    // Asides in parentheses ("(e.g. {packet})") are no part of the subject.
    const before = text.slice(from, match.index).replace(/\([^()]*\)/g, ' ');
    from = match.index + match[0].length;
    const said = `${match[0]}${/^\s+not\b/i.test(text.slice(from)) ? ' not' : ''}`.toUpperCase();
    let start = 0;
    for (const boundary of before.matchAll(CLAUSE_START)) start = boundary.index + boundary[0].length;
    const phrase = before.slice(start).trim().split(/\s+/);
    const at = phrase.findIndex((w, i) => i > 0 && PREPOSITION.test(w));
    const head = nouns(at < 0 ? phrase : phrase.slice(0, at)).at(-1);
    if (head !== undefined) all.push({ keyword: said, subject: { head, words: nouns(phrase) } });
  }
  const own = all.filter((s) => s.keyword === keyword);
  return (own.length ? own : all).map((s) => s.subject);
}

/** Words of a clause's opening that name nothing ("after which it …"). */
const NOT_NAMES = new Set(['after', 'before', 'during', 'until', 'which', 'whose', 'whom', 'it', 'its', 'instead', 'always', 'also', 'only', 'still']);

function nouns(words: readonly string[]): string[] {
  return contentWords(words.join(' ')).filter((w) => !NOT_NAMES.has(w));
}
