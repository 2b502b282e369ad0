import { sentences } from '../model/rules.ts';
import { catalogEntry } from '../records/catalog.ts';
import type { ChangeDraft } from '../records/change.ts';
import { shareFoundIn } from './content-words.ts';
import { sameSection } from './prose-become-rule.ts';
import { wordsOf } from './rule-become-prose.ts';

/**
 * A removed rule of two halves, a plain statement and a duty ("The caller owns the retry
 * loop. Libraries MUST NOT retry on their own."), whose plain half the newer text keeps as a
 * paragraph of its own ("The calling code stays in charge of the retry loop."): that paragraph
 * is the rule's first half kept, not a new paragraph. The rule's record says what it now
 * reads (`before.halfNowProse`); the paragraph has no record of its own. Only a new paragraph
 * of the rule's section whose words and the plain half's are mostly the same.
 */
const SAME_SHARE = 0.6;
/** A plain half of fewer content words says too little to be recognised in another sentence. */
const MIN_WORDS = 6;
const KEYWORD = /\b(?:must|shall|should|may|required|recommended|optional)\b/i;

export function foldPlainHalvesOfRules(drafts: readonly ChangeDraft[]): ChangeDraft[] {
  const added = drafts.filter((d) => d.id === 'prose-added' && d.after);
  if (added.length === 0) return [...drafts];
  const joined = new Map<ChangeDraft, ChangeDraft>();
  const dropped = new Set<ChangeDraft>();
  for (const rule of drafts) {
    const entry = catalogEntry(rule.id);
    if (entry.kind !== 'rule' || entry.action !== 'removed' || !rule.before || rule.before['nowProse']) continue;
    const plain = sentences(rule.before.text).filter((s) => !KEYWORD.test(s)).join(' ');
    const words = wordsOf(plain);
    if (words.length < MIN_WORDS) continue;
    const paragraph = added.find((p) => !dropped.has(p) && sameSection(rule, p) && alike(words, wordsOf(p.after!.text)));
    if (!paragraph) continue;
    dropped.add(paragraph);
    joined.set(rule, { ...rule, before: { ...rule.before, halfNowProse: paragraph.after!.text, halfNowProseLine: paragraph.after!.line } });
  }
  return drafts.filter((d) => !dropped.has(d)).map((d) => joined.get(d) ?? d);
}

function alike(a: readonly string[], b: readonly string[]): boolean {
  return shareFoundIn(a, b) >= SAME_SHARE && shareFoundIn(b, a) >= SAME_SHARE;
}
