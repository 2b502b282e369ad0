import { catalogEntry } from '../records/catalog.ts';
import type { ChangeDraft } from '../records/change.ts';
import { contentWords, MIN_CONTENT_WORDS, shareFoundIn, wordsFoundIn } from './content-words.ts';

/**
 * Words split off a sentence that was reworded ("…authoritative for satisfying the current
 * request" → "…for the current operation." + "These scopes are required to satisfy the
 * current request.") are part of that rewording, not a new paragraph. A new paragraph is
 * split off when it sits in the reworded sentence's new section, nearly all its content
 * words come from the older wording, and it carries words that wording lost. The reworded
 * record keeps the paragraph (`after.splitOff`).
 */
const TAKEN_SHARE = 0.8;

export function foldSplitOffProse(drafts: readonly ChangeDraft[]): ChangeDraft[] {
  const reworded = drafts.filter(isReworded);
  const gaining = new Map<ChangeDraft, string[]>();
  const dropped = new Set<ChangeDraft>();
  for (const prose of drafts) {
    if (prose.id !== 'prose-added' || !prose.after || prose.section.new === null) continue;
    const words = contentWords(prose.after.text);
    if (words.length < MIN_CONTENT_WORDS) continue;
    // The sentence it took most of its words from, when several of its section were reworded.
    const sources = reworded.filter((r) => r.section.new === prose.section.new && splitFrom(words, r));
    const source = sources.sort((a, b) => takenFrom(words, b) - takenFrom(words, a))[0];
    if (!source) continue;
    dropped.add(prose);
    gaining.set(source, [...(gaining.get(source) ?? []), prose.after.text]);
  }
  return drafts
    .filter((d) => !dropped.has(d))
    .map((d) => (gaining.has(d) ? { ...d, after: { ...d.after!, splitOff: gaining.get(d)! } } : d));
}

/** A rule or paragraph on both sides whose wording changed. */
export function isReworded(draft: ChangeDraft): boolean {
  const kind = catalogEntry(draft.id).kind;
  return (kind === 'rule' || kind === 'prose') && draft.before !== null && draft.after !== null && draft.before.text !== draft.after.text;
}

/** The share of `words` the older wording had. */
function takenFrom(words: readonly string[], reworded: ChangeDraft): number {
  return shareFoundIn(words, contentWords(reworded.before!.text));
}

/** Nearly all of `words` were in the older wording, and some of them are words the rewording lost. */
function splitFrom(words: readonly string[], reworded: ChangeDraft): boolean {
  if (takenFrom(words, reworded) < TAKEN_SHARE) return false;
  const was = contentWords(reworded.before!.text);
  const now = contentWords(reworded.after!.text);
  const lost = was.filter((w) => wordsFoundIn([w], now).length === 0);
  return wordsFoundIn(words, lost).length > 0;
}
