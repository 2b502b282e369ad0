import { catalogEntry } from '../records/catalog.ts';
import type { ChangeDraft } from '../records/change.ts';
import { contentWords, MIN_CONTENT_WORDS, shareFoundIn } from './content-words.ts';

/**
 * A plain sentence rewritten into a rule ("servers send X" → "servers MAY … by sending X")
 * is one change: the new rule is its record, and the sentence it replaced is not also
 * "removed". The removed paragraph must sit in the rule's section (on either side) and
 * nearly all its content words must be in the rule; the rule keeps the paragraph's words
 * (`after.wasProse`).
 */
const TAKEN_SHARE = 0.75;

export function foldProseIntoRules(drafts: readonly ChangeDraft[]): ChangeDraft[] {
  // Each added rule's content words once, not once per removed paragraph it is compared with.
  const rules = drafts.filter((d) => isAddedRule(d)).map((rule) => ({ rule, words: contentWords(rule.after!.text) }));
  const matches: { prose: ChangeDraft; rule: ChangeDraft; share: number }[] = [];
  for (const prose of drafts) {
    if (prose.id !== 'prose-removed' || !prose.before) continue;
    const words = contentWords(prose.before.text);
    if (words.length < MIN_CONTENT_WORDS) continue;
    for (const { rule, words: ruleWords } of rules) {
      if (!sameSection(prose, rule)) continue;
      const share = shareFoundIn(words, ruleWords);
      if (share >= TAKEN_SHARE) matches.push({ prose, rule, share });
    }
  }
  // Best match first; a rule restates one paragraph, a paragraph became one rule.
  matches.sort((a, b) => b.share - a.share);
  const restated = new Map<ChangeDraft, ChangeDraft>();
  const dropped = new Set<ChangeDraft>();
  for (const { prose, rule } of matches) {
    if (dropped.has(prose) || restated.has(rule)) continue;
    dropped.add(prose);
    restated.set(rule, { ...rule, after: { ...rule.after!, wasProse: prose.before!.text } });
  }
  return drafts.filter((d) => !dropped.has(d)).map((d) => restated.get(d) ?? d);
}

function isAddedRule(draft: ChangeDraft): boolean {
  const entry = catalogEntry(draft.id);
  return entry.kind === 'rule' && entry.action === 'added' && draft.after !== null;
}

/** The same section: by its older heading, or its newer one (a section renamed or moved keeps one of them). */
export function sameSection(a: ChangeDraft, b: ChangeDraft): boolean {
  return (a.section.old !== null && a.section.old === b.section.old) || (a.section.new !== null && a.section.new === b.section.new);
}
