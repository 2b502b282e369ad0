/**
 * The few English cue words the reading of page text rests on, kept in one place: the
 * words that open an illustration ("For example, …") or an algorithm's assertion ("Assert:
 * …"), and the words by which a sentence points back at the one before it ("If they differ,
 * …", "It MUST …"). Everything else is read from the page's structure.
 */

/** Openers of an illustration: the sentence shows a case of what was said, it states nothing new. */
const EXAMPLE_OPENERS = ['for example', 'for instance', 'e\\.g\\.', 'as an example', 'by way of example', 'examples?:'];
const EXAMPLE_OPENING = new RegExp(`^[\\W_]*(?:${EXAMPLE_OPENERS.join('|')})(?=[\\s,:]|$)`, 'i');

/** True when the sentence opens as an example ("For example, a document … MUST be rejected."). */
export function opensAsExample(sentence: string): boolean {
  return EXAMPLE_OPENING.test(sentence);
}

/**
 * A sentence about an example shown beside it ("This example is valid as the field may be
 * omitted.", "In the example below, the variable may be used because …"): it says why the
 * example reads as it does; its keywords describe the example, they bind no one. Only an
 * example pointed at ("this", "these", "the … below/above"), not one a rule is about ("The
 * example MUST be valid JSON").
 */
const ABOUT_EXAMPLE = /^[\W_]*(?:in\s+)?(?:(?:this|these|that|those|each)\s+(?:\w+\s+)?examples?\b|the\s+(?:(?:above|following|preceding|previous|next|last|first|second)\s+examples?|examples?\s+(?:above|below))\b)/i;

export function describesExample(sentence: string): boolean {
  return ABOUT_EXAMPLE.test(sentence);
}

/**
 * An algorithm's assertion step ("Assert: {type} must exist."): it states what holds at that
 * step of the algorithm, a precondition the algorithm relies on, not a duty of any party.
 */
const ASSERTION = /^[\W_]*assert\s*:/i;

export function isAssertion(sentence: string): boolean {
  return ASSERTION.test(sentence);
}

/**
 * A note or a definition: a paragraph that opens with "Note:" (or "Notes:"), or with the "::"
 * that marks a definition in spec-md ("\:: A *list* is an ordered collection of values which
 * may contain duplicates."). What it says explains; its lower-case "may" describes.
 */
const NOTE = /^[\W_]*notes?\s*:|^\s*::\s/i;

export function isNote(text: string): boolean {
  return NOTE.test(text);
}

/**
 * Words that stand for something said before: pronouns, and determiners whose noun was
 * named before ("This header MUST …", "Such requests …").
 */
const ANAPHORS = ['they', 'it', 'this', 'these', 'those', 'such', 'its', 'their', 'them'] as const;
/** Words that may come before the pointing word without giving the sentence a subject of its own ("If they …", "In that case …"). */
const CONNECTIVES = ['if', 'when', 'whenever', 'unless', 'once', 'while', 'because', 'since', 'and', 'but', 'so', 'then', 'in', 'for', 'with'];
/** Words that point back on their own, with no pronoun ("Otherwise, the client MUST …"). */
const BACK_REFERENCES = ['otherwise', 'in that case', 'in this case', 'in such cases?', 'if so', 'if not'];
/**
 * "It is RECOMMENDED that …" points at nothing (an empty "it"), and "This specification …"
 * points at the page itself, not at the sentence before.
 */
const EMPTY_IT = 'it\\s+is\\s+(?:not\\s+)?(?:strongly\\s+)?(?:required|recommended|optional|necessary|important|possible|permitted|allowed)\\b';
const SELF_REFERENCE = '(?:this|these)\\s+(?:specifications?|documents?|sections?|pages?|versions?|revisions?)\\b';

const POINTING = new RegExp(
  `^[\\W_]*(?:(?:${BACK_REFERENCES.join('|')})\\b|(?:(?:${CONNECTIVES.join('|')})\\s+)?(?:${ANAPHORS.join('|')})\\b)`,
  'i',
);
const NOT_POINTING = new RegExp(`^[\\W_]*(?:${EMPTY_IT}|(?:(?:${CONNECTIVES.join('|')})\\s+)?${SELF_REFERENCE})`, 'i');

/** True when the sentence's subject is a word pointing back at the sentence before it. */
export function pointsBack(sentence: string): boolean {
  return POINTING.test(sentence) && !NOT_POINTING.test(sentence);
}

/**
 * Words by which a text retires what it names ("Codes defined by earlier versions remain
 * reserved … MUST NOT emit these codes:", "`-32002` — replaced by `-32602`"): a code listed
 * under them is named to be left alone, not defined.
 */
const RETIREMENT = /\b(?:retired|no longer (?:used|emitted|defined|valid|supported)|(?:not|never) be reused|replaced by|superseded by|MUST NOT (?:emit|use|send|return|allocate)|SHALL NOT (?:emit|use|send|return))\b/i;

/** "no code … is retired", "not replaced by": a negated retirement retires nothing. */
const NEGATED_RETIREMENT = /\b(?:no|not|never|none)\b[^.;:]*\b(?:retired|replaced by|superseded by)\b/i;

/** True when the text retires the names it lists. */
export function retires(text: string): boolean {
  return RETIREMENT.test(text) && !NEGATED_RETIREMENT.test(text);
}
