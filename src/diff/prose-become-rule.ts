import { inSection } from '../model/document.ts';
import type { ProseBlock, Section } from '../model/index.ts';
import { catalogEntry } from '../records/catalog.ts';
import type { ChangeDraft } from '../records/change.ts';
import { contentWords, MIN_CONTENT_WORDS, shareFoundIn } from './content-words.ts';
import type { DiffContext } from './context.ts';

/**
 * A plain sentence rewritten into a rule ("servers send X" → "servers MAY … by sending X")
 * is one change: the new rule is its record, and the sentence it replaced is not also
 * "removed". The removed paragraph must sit in the rule's section (on either side) and
 * nearly all its content words must be in the rule; the rule keeps the paragraph's words
 * (`after.wasProse`). A rule that says no more than the paragraph did (nearly all its own
 * words were the paragraph's) states as a duty a behaviour the older revision already
 * described as a fact (not as what can or may happen): not breaking, since what conformed to
 * the described behaviour still conforms.
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
    restated.set(rule, restating(rule, prose.before!.text));
  }
  return drafts.filter((d) => !dropped.has(d)).map((d) => restated.get(d) ?? d);
}

/**
 * The same for a paragraph whose section is gone (its removal is the section's record): a
 * new absolute rule that says what a paragraph of a vanished section said, when that
 * section's nearest surviving ancestor holds the rule (a sub-section folded into its parent:
 * "#### Object" with "`x`: The set of …" became "**Object**" with "`x` must return the set of …").
 */
export function foldGoneProseIntoRules(drafts: readonly ChangeDraft[], ctx: DiffContext): ChangeDraft[] {
  const gone = ctx.old.prose.filter((p) => !ctx.oldToNew.has(p.sectionId)).map((p) => ({ p, words: contentWords(p.text) })).filter(({ words }) => words.length >= MIN_CONTENT_WORDS);
  const retitled = retitledSections(ctx);
  if (gone.length === 0 && retitled.size === 0) return [...drafts];
  const taken = new Set<ProseBlock>();
  return drafts.map((rule) => {
    if (!isAddedRule(rule) || rule.level !== undefined || rule.after!['wasProse'] !== undefined || catalogEntry(rule.id).level !== 'breaking') return rule;
    const home = innermost(ctx.new.sections, rule.after!.line ?? 0);
    if (!home) return rule;
    const ruleWords = contentWords(withoutAsides(rule.after!.text));
    const said = (words: string[]) => shareFoundIn(words, ruleWords) >= TAKEN_SHARE && shareFoundIn(ruleWords, words) >= TAKEN_SHARE;
    // A retitled section's new opening rule that says what its former title said ("Field Selections
    // on Objects, Interfaces, and Unions Types" → "Field selections must exist on Object, Interface,
    // and Union types") restates the title.
    const title = retitled.get(home.id);
    if (title && said(contentWords(title))) return restating(rule, title, `the section's former title said this ("${title}")`);
    const match = gone.find(({ p, words }) => !taken.has(p) && said(words) && survivorHolds(ctx, p.sectionId, home.id));
    if (!match) return rule;
    taken.add(match.p);
    return restating(rule, match.p.text);
  });
}

/** Newer section id → its older heading, for sections whose heading changed. */
function retitledSections(ctx: DiffContext): Map<string, string> {
  const retitled = new Map<string, string>();
  for (const [oldId, newId] of ctx.oldToNew) {
    const [before, after] = [ctx.old.sections.find((s) => s.id === oldId), ctx.new.sections.find((s) => s.id === newId)];
    if (before && after && before.heading !== after.heading && contentWords(before.heading).length >= MIN_CONTENT_WORDS) retitled.set(newId, before.heading);
  }
  return retitled;
}

/** The rule with the paragraph it restates; not breaking when it asks no more than the paragraph said. */
function restating(rule: ChangeDraft, prose: string, said = 'the older revision described this behaviour in plain prose'): ChangeDraft {
  const restated = { ...rule, after: { ...rule.after!, wasProse: prose } };
  if (catalogEntry(rule.id).level !== 'breaking' || rule.level !== undefined) return restated;
  if (shareFoundIn(contentWords(withoutAsides(rule.after!.text)), contentWords(prose)) < TAKEN_SHARE || POSSIBILITY.test(prose)) return restated;
  return { ...restated, level: 'non-breaking', levelReason: `${said}; the keyword makes it a duty, but what conformed to the description still conforms` };
}

/** Words by which prose describes what may or may not happen ("labels can carry a code"): a MUST made of it is a new duty. */
const POSSIBILITY = /\b(?:can|could|may|might|optional(?:ly)?|typically|usually|often|sometimes|generally|normally|ideally)\b/i;

/** A rule's words without its parenthetical asides ("(if none, it must be empty)"), which elaborate it. */
function withoutAsides(text: string): string {
  return text.replace(/\s*\([^()]*\)/g, '');
}

function innermost(sections: readonly Section[], line: number): Section | undefined {
  return sections.filter((s) => s.lines.start <= line && line <= s.lines.end).sort((a, b) => b.depth - a.depth)[0];
}

/** The nearest ancestor of a vanished older section that survived maps to `home` or to a section around it. */
function survivorHolds(ctx: DiffContext, oldSectionId: string, home: string): boolean {
  for (let id: string | null = oldSectionId; id !== null; id = ctx.old.sections.find((s) => s.id === id)?.parentId ?? null) {
    const survivor = ctx.oldToNew.get(id);
    if (survivor !== undefined) return inSection(home, survivor);
  }
  return false;
}

function isAddedRule(draft: ChangeDraft): boolean {
  const entry = catalogEntry(draft.id);
  return entry.kind === 'rule' && entry.action === 'added' && draft.after !== null;
}

/** The same section: by its older heading, or its newer one (a section renamed or moved keeps one of them). */
export function sameSection(a: ChangeDraft, b: ChangeDraft): boolean {
  return (a.section.old !== null && a.section.old === b.section.old) || (a.section.new !== null && a.section.new === b.section.new);
}
