import { isNegative, strength } from '../model/rules.ts';
import type { Rfc2119Keyword } from '../model/document.ts';
import { wordsBrought } from '../diff/obligation-growth.ts';
import type { RecordFacts } from './facts.ts';

/**
 * An absolute duty reworded to ask for parts of the protocol this revision adds ("MUST
 * support the base protocol and lifecycle" → "MUST support the base protocol, versioning,
 * and the message patterns", each of the last a new page) makes them mandatory for every
 * implementation it bound: breaking, however many old words it exchanged for them. What
 * the revision adds is read from its pages: a page that came (not one split off an old
 * page), named by its last segment, a folder's index page by its folder.
 */

/** Each word naming a page this revision adds, with that page. */
export function newPageWords(facts: readonly RecordFacts[], split: ReadonlySet<number>): Map<string, string> {
  const words = new Map<string, string>();
  for (const f of facts) {
    if (f.change.id !== 'page-added' || split.has(f.index) || f.change.informative) continue;
    const segments = f.change.subject.split('/');
    const name = segments.at(-1) === 'index' ? segments.at(-2) : segments.at(-1);
    for (const word of (name ?? '').toLowerCase().split(/[^a-z0-9]+/)) if (word.length >= 4 && !words.has(stem(word))) words.set(stem(word), f.change.subject);
  }
  return words;
}

/** The new pages a reworded absolute rule now asks for, by the words it brought; empty when it asks for none. */
export function newPartsAsked(f: RecordFacts, pages: ReadonlyMap<string, string>): string[] {
  const { change } = f;
  if (change.kind !== 'rule' || f.direction !== 'changed' || pages.size === 0) return [];
  const [before, after] = [change.before?.keyword, change.after?.keyword] as [Rfc2119Keyword | undefined, Rfc2119Keyword | undefined];
  // A prohibition that names something new forbids it; it asks no one to take it up.
  if (!before || !after || strength(before) < 3 || strength(after) < 3 || isNegative(after)) return [];
  const asked = wordsBrought(change.before!.text, change.after!.text).map((w) => pages.get(stem(w))).filter((p): p is string => p !== undefined);
  return [...new Set(asked)];
}

/** A word's first letters, so "patterns" meets the page `patterns` and "versioning" `versioning`. */
function stem(word: string): string {
  return word.toLowerCase().slice(0, 6);
}
