import type { Rfc2119Keyword } from '../model/index.ts';
import { isNegative, sentences } from '../model/rules.ts';
import { catalogEntry } from '../records/catalog.ts';
import type { ChangeDraft } from '../records/change.ts';
import { isNote } from '../model/cue-words.ts';
import { inSection } from '../model/document.ts';
import { contentWords, MIN_CONTENT_WORDS, shareFoundIn } from './content-words.ts';
import type { DiffContext } from './context.ts';
import { sameSection } from './prose-become-rule.ts';
import { sectionLabel } from './section-paths.ts';

/**
 * A rule rewritten as a plain sentence ("This may in turn also cancel the stream" → "This in
 * turn also cancels the stream, …") is one change: the rule's record, which says what the
 * paragraph now reads (`before.nowProse`). Without it the paragraph that took the sentence in
 * reads as reworded from whatever prose stood beside the rule, and the rule as removed with
 * nothing in its place. A paragraph takes a removed rule in when it sits in the rule's section
 * (on either side), nearly all the rule's content words are in its new wording (nearly all of
 * what it asked, from its keyword on, too), and its older wording (if it had one) did not have
 * them. The paragraph's own record joins the rule's.
 */
const TAKEN_SHARE = 0.75;
/** The share of a rule's words a paragraph keeps when it keeps what the rule asked but not whom (a subject left out). */
const SUBJECT_DROPPED_SHARE = 0.6;

export function foldRulesIntoProse(drafts: readonly ChangeDraft[], ctx: DiffContext): ChangeDraft[] {
  const prose = drafts
    .filter((d) => (d.id === 'prose-changed' || d.id === 'prose-added') && d.after)
    .map((paragraph) => ({ paragraph, now: wordsOf(paragraph.after!.text), was: paragraph.before ? wordsOf(paragraph.before.text) : [] }));
  const matches: { rule: ChangeDraft; paragraph: ChangeDraft; share: number; note: boolean }[] = [];
  for (const rule of drafts) {
    if (!isRemovedRule(rule)) continue;
    const words = wordsOf(rule.before!.text);
    if (words.length < MIN_CONTENT_WORDS) continue;
    // What the rule asked (its words from the keyword on) must be there too, not only what it was about.
    const asked = wordsOf(askedPart(rule.before!.text));
    for (const { paragraph, now, was } of prose) {
      // A sentence moved into a note one heading up ("Note: …" in the parent section) moved there.
      const note = !sameSection(rule, paragraph) && isNote(paragraph.after!.text) && noteAbove(rule, paragraph, ctx);
      if (!note && !sameSection(rule, paragraph)) continue;
      const share = shareFoundIn(words, now);
      if (note && (share < MOVED_SHARE || shareFoundIn(asked, now) < MOVED_SHARE)) continue;
      // Guidance that names no one may drop the rule's subject ("Implementations SHOULD NOT store
      // X in Y" → "Y is not appropriate for X"): what it asked, said again, is enough when it
      // asked enough words to tell.
      const askedShare = shareFoundIn(asked, now);
      const taken = share >= TAKEN_SHARE || (asked.length > MIN_CONTENT_WORDS && share >= SUBJECT_DROPPED_SHARE);
      if (!taken || askedShare < TAKEN_SHARE || shareFoundIn(words, was) >= TAKEN_SHARE || (was.length > 0 && shareFoundIn(asked, was) >= TAKEN_SHARE)) continue;
      // A prohibition said as a plain sentence still says "not" (or "avoid", "never"…).
      if (isNegative(String(rule.before!.keyword) as Rfc2119Keyword) && !NEGATION.test(paragraph.after!.text)) continue;
      matches.push({ rule, paragraph, share, note });
    }
  }
  // Best match first; a rule became one paragraph, a paragraph took in one rule.
  matches.sort((a, b) => b.share - a.share);
  const joined = new Map<ChangeDraft, ChangeDraft>();
  const dropped = new Set<ChangeDraft>();
  for (const { rule, paragraph, note } of matches) {
    if (joined.has(rule) || dropped.has(paragraph)) continue;
    dropped.add(paragraph);
    const now = paragraph.after!.text;
    if (note) {
      joined.set(rule, {
        ...rule,
        id: 'rule-moved',
        level: 'editorial',
        levelReason: `the sentence moved, nearly word for word, into a note of "${paragraph.section.new}", the section above it`,
        section: { old: rule.section.old, new: paragraph.section.new },
        after: { text: now, line: paragraph.after!.line },
        detail: { as: 'a note' },
      });
      continue;
    }
    joined.set(rule, { ...rule, before: { ...rule.before!, nowProse: now, nowProseAt: whereTaken(contentWords(rule.before!.text), now), nowProseLine: paragraph.after!.line } });
  }
  return drafts.filter((d) => !dropped.has(d)).map((d) => joined.get(d) ?? d);
}

/** A sentence moved into a note keeps nearly all its words, and all of what it asked. */
const MOVED_SHARE = 0.85;

/** The paragraph's section (in NEW) is one of the sections above the rule's (in OLD): its parent, or higher. */
function noteAbove(rule: ChangeDraft, paragraph: ChangeDraft, ctx: DiffContext): boolean {
  const ruleSection = ctx.old.sections.find((s) => sectionLabel(ctx.old, s) === rule.section.old);
  const noteSection = ctx.new.sections.find((s) => sectionLabel(ctx.new, s) === paragraph.section.new);
  const noteWas = noteSection ? ctx.newToOld.get(noteSection.id) : undefined;
  return ruleSection !== undefined && noteWas !== undefined && noteWas !== ruleSection.id && inSection(ruleSection.id, noteWas);
}

const NEGATION = /\b(?:not|no|never|none|nor|neither|without|avoids?|avoiding|cannot)\b|n't\b/i;

/** Content words, a compound's parts as words of their own ("child-process startup" says child, process, startup). */
export function wordsOf(text: string): string[] {
  return contentWords(text.replace(/(?<=[\p{L}])-(?=[\p{L}])/gu, ' '));
}

/** A rule's words from its first keyword (of any case) on. */
function askedPart(text: string): string {
  const at = text.search(/\b(?:must|shall|should|may|required|recommended|optional)\b/i);
  return at < 0 ? text : text.slice(at);
}

/** Where in the paragraph the rule's words went: the start of the sentence holding most of them. */
function whereTaken(words: readonly string[], paragraph: string): number {
  let best = { at: 0, share: -1 };
  let from = 0;
  for (const sentence of sentences(paragraph)) {
    const at = paragraph.indexOf(sentence, from);
    from = at < 0 ? from : at + sentence.length;
    const share = shareFoundIn(words, contentWords(sentence));
    if (at >= 0 && share > best.share) best = { at, share };
  }
  return best.at;
}

function isRemovedRule(draft: ChangeDraft): boolean {
  const entry = catalogEntry(draft.id);
  return entry.kind === 'rule' && entry.action === 'removed' && draft.before !== null;
}
