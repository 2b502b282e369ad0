import type { ChangeDraft } from '../records/change.ts';
import { contentWords, MIN_CONTENT_WORDS, shareFoundIn } from './content-words.ts';
import { sameSection } from './prose-become-rule.ts';
import { clip } from '../records/quote.ts';
import { isReworded } from './split-off-prose.ts';

/**
 * A paragraph rewritten around its content ("Errors: standard codes for cases like:" →
 * "They are returned as standard codes:") shares too few words with its new wording for the
 * paragraph pairing, so it would read as one paragraph removed and another added: one change
 * told twice, and a "removed" that a reader takes for lost content. It is one rewording when,
 * in the same section, the new paragraph takes nearly all its content words from the old one
 * and the old one's words nearly all live on in the section's new wording (that paragraph and
 * the section's other rewordings, which may have taken the rest).
 */
const TAKEN_SHARE = 0.75;
const SURVIVING_SHARE = 0.8;

export function pairRestructuredProse(drafts: readonly ChangeDraft[]): ChangeDraft[] {
  // Each added paragraph's content words, and its section's new wording, once: not once per
  // removed paragraph it is compared with.
  const addedProse = drafts
    .filter((d) => d.id === 'prose-added' && d.after)
    .map((added) => ({ added, now: contentWords(added.after!.text) }))
    .filter(({ now }) => now.length >= MIN_CONTENT_WORDS);
  const sectionWordings = new Map<ChangeDraft, string[]>();
  const sectionWordingOf = (added: ChangeDraft, now: string[]) => {
    let wording = sectionWordings.get(added);
    if (!wording) sectionWordings.set(added, (wording = [...now, ...rewordingsOf(drafts, added).flatMap((d) => contentWords(d.after!.text))]));
    return wording;
  };
  const matches: { removed: ChangeDraft; added: ChangeDraft; share: number }[] = [];
  for (const removed of drafts) {
    if (removed.id !== 'prose-removed' || !removed.before) continue;
    const was = contentWords(removed.before.text);
    if (was.length < MIN_CONTENT_WORDS) continue;
    for (const { added, now } of addedProse) {
      if (!sameSection(removed, added)) continue;
      const share = shareFoundIn(now, was);
      if (share < TAKEN_SHARE) continue;
      if (shareFoundIn(was, sectionWordingOf(added, now)) >= SURVIVING_SHARE) matches.push({ removed, added, share });
    }
  }
  // Best match first; one old paragraph became one new one.
  matches.sort((a, b) => b.share - a.share);
  const paired = new Map<ChangeDraft, ChangeDraft>();
  const dropped = new Set<ChangeDraft>();
  for (const { removed, added } of matches) {
    if (dropped.has(removed) || paired.has(added)) continue;
    dropped.add(removed);
    paired.set(added, {
      ...added,
      id: 'prose-changed',
      subject: clip(added.after!.text, 100),
      key: removed.key ?? removed.subject,
      section: { old: removed.section.old, new: added.section.new },
      before: removed.before,
    });
  }
  return drafts.filter((d) => !dropped.has(d)).map((d) => paired.get(d) ?? d);
}

/** The section's other records whose wording changed (their new wording may hold the old paragraph's other words). */
function rewordingsOf(drafts: readonly ChangeDraft[], added: ChangeDraft): ChangeDraft[] {
  return drafts.filter((d) => isReworded(d) && d.section.new === added.section.new);
}
