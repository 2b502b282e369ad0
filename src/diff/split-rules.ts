import type { Rule } from '../model/index.ts';
import { strength } from '../model/rules.ts';
import { contentWords, shareFoundIn } from './content-words.ts';
import type { DiffContext } from './context.ts';

/**
 * A sentence that stated two duties, split into two sentences ("X SHOULD update the threshold
 * and the random values MUST not be modified." → "X SHOULD update the threshold. The random
 * values MUST not be modified."): the older sentence pairs with the half that kept most of its
 * words, which has lost the stronger keyword, and the other half reads as a new rule. Read
 * whole, nothing was weakened and nothing is new: the two halves are compared as one with the
 * older sentence. The other half is one of the same paragraph, carries the keyword the pair
 * lost, and says what the older sentence said (nearly all its words are the older sentence's).
 */
const TAKEN_SHARE = 0.75;

export function joinSplitRules(pairs: readonly [Rule, Rule][], added: readonly Rule[], ctx: DiffContext): { pairs: [Rule, Rule][]; added: Rule[] } {
  const taken = new Set<Rule>();
  const joined = pairs.map(([before, after]): [Rule, Rule] => {
    if (strength(after.keyword) >= strength(before.keyword)) return [before, after];
    const words = contentWords(before.text);
    const half = added.find((r) => !taken.has(r) && r.sectionId === after.sectionId && r.line === after.line && ctx.oldToNew.get(before.sectionId) === r.sectionId &&
      strength(r.keyword) === strength(before.keyword) && shareFoundIn(contentWords(r.text), words) >= TAKEN_SHARE);
    if (!half) return [before, after];
    taken.add(half);
    // The halves in the older sentence's order.
    const at = (r: Rule) => {
      const found = before.text.toLowerCase().indexOf(r.text.toLowerCase().slice(0, 20));
      return found < 0 ? Number.MAX_SAFE_INTEGER : found;
    };
    const [first, second] = at(half) < at(after) ? [half, after] : [after, half];
    return [before, { ...after, text: `${first.text} ${second.text}`, keyword: before.keyword, keywords: [...first.keywords, ...second.keywords] }];
  });
  return { pairs: joined, added: added.filter((r) => !taken.has(r)) };
}
