import { KEYWORD_WORDS } from './rule-words.ts';
import { STOPWORDS, tokens } from './similarity.ts';

/**
 * What a reworded absolute rule (MUST, SHALL, REQUIRED) now requires that it did not: the
 * content words its new wording brings that the old wording never used ("support the
 * base protocol and lifecycle" → "support the base protocol, versioning, and the message
 * patterns" brings versioning, message, pattern). A rule that only lost words asks less,
 * and one that says the same things in another order asks the same.
 */
export function newlyRequired(before: string, after: string): string[] {
  const had = new Set(tokens(before));
  // A condition or an alternative the old wording lacked ("when …", "or report …") narrows when the rule applies: not more asked.
  if (tokens(after).some((word) => RELAXING.has(word) && !had.has(word))) return [];
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
