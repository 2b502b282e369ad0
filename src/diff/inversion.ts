import { diffArrays } from 'diff';
import { normalizeText } from './similarity.ts';

/**
 * Does the newer wording say the opposite of the older one? Only when a negation came or
 * went in front of words both versions state: "require that the server" became "do not
 * require that the server". A negation that arrives with new words ("does not enforce
 * that servers stay within roots", added beside unrelated text) negates something the
 * older text never said, so the two are not one statement inverted.
 */
const NEGATION_WORDS = new Set(['not', 'no', 'never', 'cannot', 'without', 'neither', 'nor']);
const FILLERS = new Set(['a', 'an', 'the', 'of', 'to', 'and', 'or', 'is', 'be', 'it']);
/** How many words after a negation make up the statement it negates. */
const NEGATED_SPAN = 3;

function words(text: string): string[] {
  return normalizeText(text.replace(/n['’]t\b/gi, ' not')).split(' ').filter(Boolean);
}

export function isInversion(before: string, after: string): boolean {
  const a = words(before);
  const b = words(after);
  const parts = diffArrays(a, b);
  let ai = 0;
  let bi = 0;
  for (const part of parts) {
    const count = part.value.length;
    if (part.added || part.removed) {
      const [own, start, other] = part.added ? [b, bi, a] : [a, ai, b];
      for (let k = start; k < start + count; k++) {
        if (NEGATION_WORDS.has(own[k]!) && statesUnnegated(own.slice(k + 1, k + 1 + NEGATED_SPAN), other)) return true;
      }
    }
    if (!part.added) ai += count;
    if (!part.removed) bi += count;
  }
  return false;
}

/** Does `text` contain `phrase` (with content words in it), not itself negated? */
function statesUnnegated(phrase: string[], text: string[]): boolean {
  if (phrase.length < NEGATED_SPAN || phrase.every((w) => FILLERS.has(w) || NEGATION_WORDS.has(w))) return false;
  for (let i = 0; i + phrase.length <= text.length; i++) {
    if (phrase.every((w, j) => text[i + j] === w) && !NEGATION_WORDS.has(text[i - 1] ?? '')) return true;
  }
  return false;
}
