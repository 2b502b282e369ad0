import { KEYWORD_WORDS } from './rule-words.ts';
import { STOPWORDS, tokens } from './similarity.ts';
import { sameDuty } from './same-duty.ts';

/**
 * What a reworded absolute rule (MUST, SHALL, REQUIRED) now requires that it did not: the
 * content words its new wording brings that the old wording never used ("support the
 * base protocol and lifecycle" → "support the base protocol, versioning, and the message
 * patterns" brings versioning, message, pattern). A rule that only lost words asks less,
 * and one that says the same things in another order asks the same.
 *
 * Only what the rule asks for counts: the words after its keyword. Words before it say
 * whom or what it binds, and more of them bind less ("Responses MUST" → "Result responses
 * MUST"). And a word exchanged for another ("for the current request" → "for the current
 * operation", "the POST request" → "the HTTP POST") rewords the duty without adding one:
 * the rule asks more only when it brings words and drops none, brings at least two words
 * more than it dropped, a keyword more (a second duty in the sentence), or a name in code it did not name.
 */
export function dutyGrowth(before: string, after: string): string[] {
  // The same duty told another way (a reference, a spelled-out subject, a moved clause) asks nothing more.
  if (sameDuty(before, after)) return [];
  // A parenthesis that states no duty of its own explains the rule ("(the entire list in the case of a list position)"): it asks nothing.
  // (A condition or an alternative it brings still narrows when the rule applies.)
  const [askedBefore, askedAfter] = [asked(before), asked(after)];
  const brought = newlyRequired(askedBefore, withoutAsides(askedAfter), askedAfter);
  if (keywordCount(after) > keywordCount(before)) return brought.length > 0 ? brought : ['a second duty'];
  const dropped = newlyRequired(withoutAsides(askedAfter), askedBefore);
  // A protocol name exchanged for another (`-32011` → `-32013`) changes what must be done, however few words moved.
  // A name the old wording wrote as plain words (`id`, `400 Bad Request` where it said id, 400 Bad Request) is the same name set in code.
  const named = new Set([...askedBefore.matchAll(/`([^`]+)`/g)].map((m) => m[1]));
  const plainBefore = ` ${askedBefore.replace(/`/g, '').toLowerCase().replace(/\s+/g, ' ')} `;
  const isNewName = (name: string) => !named.has(name) && !plainBefore.includes(` ${name.toLowerCase()}`);
  if ([...askedAfter.matchAll(/`([^`]+)`/g)].some((m) => isNewName(m[1]!))) return brought.length > 0 ? brought : ['another name'];
  // A quantifier over what is asked that the old wording lacked ("follow the X specification" → "support both mechanisms") asks for every one where one did.
  const quantified = (text: string) => tokens(text).some((word) => QUANTIFIERS.has(word));
  if (brought.length > 0 && quantified(askedAfter) && !quantified(askedBefore)) return brought;
  // Words only added ("greet clients" → "greet clients by name") ask for more; words exchanged reword.
  return (brought.length > 0 && dropped.length === 0) || brought.length - dropped.length >= 2 ? brought : [];
}

const QUANTIFIERS = new Set(['both', 'all', 'every', 'each']);

/**
 * Every content word a reworded rule now asks for that its old wording did not, whether or
 * not it dropped others: what dutyGrowth weighs, for a reader that knows more of the
 * revision than the two sentences (words naming what the revision adds).
 */
export function wordsBrought(before: string, after: string): string[] {
  return newlyRequired(asked(before), withoutAsides(asked(after)), asked(after));
}

const KEYWORD = /\b(?:MUST(?: NOT)?|SHALL(?: NOT)?|REQUIRED|SHOULD(?: NOT)?|RECOMMENDED|MAY|OPTIONAL)\b/g;

function keywordCount(text: string): number {
  return text.match(KEYWORD)?.length ?? 0;
}

/** A parenthesis of plain words (no keyword of any case, no name in code): an aside that explains or qualifies, never a duty of its own. */
function withoutAsides(text: string): string {
  return text.replace(/\s*\(([^()]*)\)/g, (aside, inner: string) => (/\b(?:must|shall|should|may|required|recommended|optional)\b|`/i.test(inner) ? aside : ''));
}

/**
 * What a rule asks for: its words from its first keyword on. A spec that writes its keywords
 * in lower case has none in capitals: its first keyword word is where the asking starts (the
 * words before it say whom or what it binds: "Any non-repeatable directives … must not").
 */
function asked(text: string): string {
  const at = text.search(KEYWORD);
  if (at >= 0) return text.slice(at);
  const lower = text.search(/\b(?:must|shall|should|may|required|recommended|optional)\b/i);
  return lower < 0 ? text : text.slice(lower);
}

/** The words `after` asks for that `before` did not; none when `whole` (the full new wording) brings a condition or an alternative. */
function newlyRequired(before: string, after: string, whole = after): string[] {
  const had = new Set(tokens(before));
  // A condition or an alternative the old wording lacked ("when …", "or report …") narrows when the rule applies: not more asked.
  if (tokens(whole).some((word) => RELAXING.has(word) && !had.has(word))) return [];
  const stems = new Set([...had].map(stem));
  const brought = new Set<string>();
  for (const word of tokens(after)) {
    if (had.has(word) || stems.has(stem(word)) || STOPWORDS.has(word) || KEYWORD_WORDS.has(word) || CONNECTIVES.has(word) || word.length < 4) continue;
    brought.add(word);
  }
  return [...brought];
}

const RELAXING = new Set(['or', 'if', 'when', 'unless', 'except', 'only']);

/** Words that join or frame a sentence and ask for nothing ("Additionally, …", "as outlined in"). */
const CONNECTIVES = new Set(['additionally', 'also', 'however', 'therefore', 'furthermore', 'moreover', 'note', 'outlined', 'described', 'defined', 'specified', 'above', 'below', 'following', 'whether', 'does', 'their', 'these', 'those', 'then', 'when', 'where', 'which', 'while']);

/** A word's first letters: "implementor" and "implementations" ask for the same party. */
function stem(word: string): string {
  return word.slice(0, 6);
}
