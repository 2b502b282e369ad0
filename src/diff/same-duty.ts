import { normalizeText, STOPWORDS } from './similarity.ts';
import { beforeFirstKeyword } from '../model/rules.ts';
import { KEYWORD_WORDS } from './rule-words.ts';

/**
 * Two wordings of one rule that state the same duty: the same party must do the same thing
 * under the same condition, written another way. Three rewordings a spec makes all the time,
 * read from the two sentences themselves:
 *
 * - a reference added, dropped or updated ("as {{RFC6749}} describes", "[RFC9110], Section
 *   8.8.3", "(see Section 4)", a draft that became an RFC): where the duty is written down
 *   is not the duty;
 * - a subject spelled out or shortened: an abbreviation in one wording whose words, by their
 *   initials, stand in the other ("An AS" ↔ "An authorization server", "the WS" ↔ "the widget
 *   server");
 * - clauses moved: the same words in another order ("Before X, the client MUST do Y" ↔ "The
 *   client MUST do Y before X");
 * - a sentence tied to its new neighbours ("Additionally, …", "Also, …") or its subject
 *   written as another word of one family ("Implementations" ↔ "implementors"): a rule that
 *   moved to another page is often joined to the text around it this way.
 *
 * Returns what made them the same, or null when the duty itself differs (a party, an action,
 * an object or a condition that one wording has and the other does not).
 */
export function sameDuty(before: string, after: string): string | null {
  const reasons: string[] = [];
  let a = withoutConnective(withoutReferences(withoutExamples(before)));
  let b = withoutConnective(withoutReferences(withoutExamples(after)));
  // What a parenthesis offers as an example ("(such as `4`)" → "(such as `4` or `-4`)") illustrates the duty; it is not the duty.
  if (examplesOf(before) !== examplesOf(after)) reasons.push('only its examples changed');
  if (refsOf(before) !== refsOf(after)) {
    // A duty that is only to follow what a reference says ("MUST follow Section 4 of [X]") changes with it.
    if (asked(a) < 2 || asked(b) < 2) return null;
    reasons.push('only its references changed');
  }
  const expanded = expandAbbreviations(a, b);
  if (expanded) {
    [a, b] = [expanded.before, expanded.after];
    reasons.push(expanded.spelled.map(([short, long]) => `“${short}” is spelled out as “${long}”`).join(', '));
  }
  const wa = words(a);
  const wb = words(b);
  if (wa.join(' ') === wb.join(' ')) return reasons.length ? reasons.join('; ') : null;
  if (oneRunMoved(wa, wb)) return [...reasons, 'a clause moved'].join('; ');
  if (sameSubjectFamily(a, b)) return [...reasons, 'its subject is written as another word of the same family'].join('; ');
  return null;
}

/** A parenthesis that offers examples: "(such as …)", "(e.g. …)", "(for example …)", "(for instance …)", "(ex. …)". */
const EXAMPLE_PARENTHESIS = /\s*\((?:such\s+as|e\.\s?g\.|for\s+example|for\s+instance|ex\.)[^()]*\)/gi;

/** A text without the parentheses that only offer examples. */
export function withoutExamples(text: string): string {
  return text.replace(EXAMPLE_PARENTHESIS, '');
}

function examplesOf(text: string): string {
  return [...text.matchAll(EXAMPLE_PARENTHESIS)].map((m) => normalizeText(m[0])).join('|');
}

/** Words that only tie a sentence to the one before it. */
const CONNECTIVE = /^(?:additionally|also|furthermore|moreover|in addition|similarly|likewise|finally|further)\s*,?\s+/i;

function withoutConnective(text: string): string {
  const rest = text.replace(CONNECTIVE, '');
  return rest === text ? text : rest.charAt(0).toUpperCase() + rest.slice(1);
}

/**
 * The same words after the keyword, and before it words of one family ("implementations" ↔
 * "implementors": long words with a long common start). Only the subject is read this way:
 * after the keyword, "request" ↔ "requester" would be another duty.
 */
function sameSubjectFamily(a: string, b: string): boolean {
  const subjectA = beforeFirstKeyword(a);
  const subjectB = beforeFirstKeyword(b);
  if (subjectA === a || subjectB === b) return false;
  if (words(a.slice(subjectA.length)).join(' ') !== words(b.slice(subjectB.length)).join(' ')) return false;
  const sa = words(subjectA).map(family);
  const sb = words(subjectB).map(family);
  return sa.length > 0 && sa.join(' ') === sb.join(' ');
}

/** A long word's first nine letters: where English derivations of one word agree ("implement-ation", "implement-or"). */
function family(word: string): string {
  return word.length >= 10 ? word.slice(0, 9) : word;
}

/** How many content words a rule asks for: after its first keyword. */
function asked(text: string): number {
  const at = text.search(/\b(?:MUST|SHALL|SHOULD|REQUIRED|RECOMMENDED|MAY|OPTIONAL)\b/);
  return words(at < 0 ? text : text.slice(at)).filter((w) => !KEYWORD_WORDS.has(w)).length;
}

/** The references a text cites, in order, as one string (to tell an updated reference from none). */
function refsOf(text: string): string {
  return [...text.matchAll(REFERENCE)].map((m) => m[0].replace(/\s+/g, ' ')).join('|');
}

/**
 * Citations and pointers: kramdown-rfc's `{{RFC9110}}`, bracketed `[RFC6749]` / `[I-D.x]`,
 * "RFC 6749", a draft's name, "Section 8.8.3 of …", "(see …)".
 */
const REFERENCE = /\{\{[^{}]+\}\}|\[(?:RFC|I-D|BCP|STD)[^\]]*\]|\bRFC\s?\d{3,5}\b|\bdraft-[a-z0-9-]+|\b(?:Section|Sections|Appendix)\s+[\dA-Z][\w.]*(?:\s+(?:of|in)\b)?|\((?:see|cf\.?)\s[^)]*\)/gi;

const POINTING = /\bas\s+(?:described|defined|specified|outlined|laid\s+out|set\s+out|detailed|explained|given)\s+(?:in|by)\b/gi;

/** A text without its references, and without the words that only introduced them ("as … describes", "as described in", "per"). */
function withoutReferences(text: string): string {
  return text
    .replace(REFERENCE, ' ')
    // One way of pointing at a reference: "as laid out in" and "as outlined in" say the same.
    .replace(POINTING, 'as described in')
    .replace(/,?\s*\b(?:as\s+(?:described|defined|specified|outlined|required)\s+(?:in|by)|in\s+accordance\s+with|according\s+to|as\s+(?:describes?|defines?|specifies?|requires?)|per|see)\s*(?=[.,;]|$)/gi, '')
    .replace(/\(\s*\)/g, ' ')
    .replace(/\s+([.,;])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * `b` is `a` with one run of words moved elsewhere ("Before X, clients MUST do Y" ↔ "Clients
 * MUST do Y before X"). Two runs swapped around a word ("X before Y" ↔ "Y before X") is not:
 * that changes what comes first.
 */
function oneRunMoved(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length || a.length > 80 || [...a].sort().join(' ') !== [...b].sort().join(' ')) return false;
  const target = b.join(' ');
  for (let i = 0; i < a.length; i++) {
    for (let j = i + 1; j <= a.length; j++) {
      const run = a.slice(i, j);
      const rest = [...a.slice(0, i), ...a.slice(j)];
      for (let k = 0; k <= rest.length; k++) {
        if (k === i) continue;
        if ([...rest.slice(0, k), ...run, ...rest.slice(k)].join(' ') === target) return true;
      }
    }
  }
  return false;
}

/** The content words of a text, stemmed crudely (plural s), keywords and stop words kept: the duty's words. */
function words(text: string): string[] {
  return normalizeText(text).split(' ').filter(Boolean).map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w)).filter((w) => !STOPWORDS.has(w) || KEYWORD_WORDS.has(w));
}

/**
 * An abbreviation one text has and the other spells out: a word in capitals (2–6 letters) in
 * one, absent from the other, where the other has a run of words whose initials spell it.
 * Returns both texts with the abbreviation replaced by its words, or null.
 */
function expandAbbreviations(before: string, after: string): { before: string; after: string; spelled: [string, string][] } | null {
  const spelled: [string, string][] = [];
  let a = before;
  let b = after;
  for (const [from, to, setFrom] of [[a, b, (t: string) => (a = t)], [b, a, (t: string) => (b = t)]] as const) {
    for (const match of from.matchAll(/\b([A-Z]{2,6})s?\b/g)) {
      const short = match[1]!;
      if (new RegExp(`\\b${short}s?\\b`).test(to)) continue;
      const long = runWithInitials(to, short);
      if (!long) continue;
      spelled.push([short, long]);
      setFrom((from === a ? a : b).replace(new RegExp(`\\b${short}(s?)\\b`, 'g'), (_m, plural: string) => `${long}${plural}`));
    }
  }
  return spelled.length ? { before: a, after: b, spelled } : null;
}

/** A run of words in `text` whose initials spell `abbreviation` (case aside). */
function runWithInitials(text: string, abbreviation: string): string | null {
  const list = text.split(/[\s,;:()]+/).filter(Boolean);
  const want = abbreviation.toLowerCase();
  for (let i = 0; i + want.length <= list.length; i++) {
    const run = list.slice(i, i + want.length);
    if (run.map((w) => w[0]!.toLowerCase()).join('') === want && run.every((w) => /^[A-Za-z]/.test(w))) return run.join(' ').replace(/[.]$/, '');
  }
  return null;
}
