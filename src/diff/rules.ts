import type { Rule } from '../model/index.ts';
import { isNegative, strength } from '../model/rules.ts';
import { compareActors } from './actors.ts';
import type { ChangeDraft, ChangeSide } from './change.ts';
import { bothSections, sectionPair, type DiffContext, type Emit } from './context.ts';
import { dice, isCosmeticRewording, normalizeText, pairUp, tokens } from './similarity.ts';

/** Words that say how binding a rule is; left out when asking whether two rules say the same thing. */
const KEYWORD_WORDS = new Set(['must', 'not', 'shall', 'should', 'may', 'required', 'recommended', 'optional']);

function content(rule: Rule): string[] {
  return tokens(rule.text).filter((t) => !KEYWORD_WORDS.has(t));
}

/**
 * Rules pair when they say the same thing, whatever their keyword: identical wording
 * first, then the most similar wording above a threshold, with a small preference for
 * rules that stayed in the same section.
 */
export function diffRules(ctx: DiffContext, emit: Emit): void {
  const oldContent = new Map(ctx.old.rules.map((r) => [r, content(r)]));
  const newContent = new Map(ctx.new.rules.map((r) => [r, content(r)]));
  const { pairs, removed, added } = pairUp(ctx.old.rules, ctx.new.rules, {
    key: (r) => `${r.keyword}\u0000${normalizeText(r.text)}`,
    score: (o, n) => dice(oldContent.get(o)!, newContent.get(n)!) + (ctx.oldToNew.get(o.sectionId) === n.sectionId ? 0.1 : 0),
    threshold: 0.6,
    prefer: (o, n) => ctx.oldToNew.get(o.sectionId) === n.sectionId,
  });

  for (const rule of added) {
    emit({
      id: strength(rule.keyword) === 3 ? 'required-rule-added' : 'rule-added',
      subject: rule.text, key: normalizeText(rule.text),
      section: sectionPair(ctx, 'new', rule.sectionId), before: null, after: ruleSide(rule),
    });
  }
  for (const rule of removed) {
    emit({
      id: strength(rule.keyword) === 3 ? 'required-rule-removed' : 'rule-removed',
      subject: rule.text, key: normalizeText(rule.text),
      section: sectionPair(ctx, 'old', rule.sectionId), before: ruleSide(rule), after: null,
    });
  }
  for (const [before, after] of pairs) {
    const verdict = classifyPair(before, after, ctx);
    if (!verdict) continue;
    emit({
      ...verdict, subject: after.text, key: normalizeText(before.text),
      section: bothSections(ctx, before.sectionId, after.sectionId), before: ruleSide(before), after: ruleSide(after),
    });
  }
}

type Verdict = Pick<ChangeDraft, 'id' | 'level' | 'levelReason'>;

/** The one record a paired rule deserves, most consequential first; null when nothing changed. */
function classifyPair(before: Rule, after: Rule, ctx: DiffContext): Verdict | null {
  if (isNegative(before.keyword) !== isNegative(after.keyword)) return { id: 'rule-inverted' };
  if (strength(after.keyword) > strength(before.keyword)) return { id: 'rule-strengthened' };
  if (strength(after.keyword) < strength(before.keyword)) return { id: 'rule-weakened' };
  const actors = before.actors.length && after.actors.length ? compareActors(before.actors, after.actors) : null;
  if (actors) {
    if (actors.newlyBound.length) return { id: 'rule-actor-changed' };
    return {
      id: 'rule-actor-changed', level: 'non-breaking',
      levelReason: `${before.actors.join(' and ')} already included ${after.actors.join(' and ')}: the rule binds fewer parties, nobody new must comply`,
    };
  }
  if (normalizeText(before.text) !== normalizeText(after.text)) {
    return { id: isCosmeticRewording(before.text, after.text) ? 'rule-reworded' : 'rule-changed' };
  }
  if (ctx.oldToNew.get(before.sectionId) !== after.sectionId) return { id: 'rule-moved' };
  return null;
}

/** One side of a rule record: its text and keyword, the parties it binds, the lead-in it inherits from. */
export function ruleSide(rule: Rule): ChangeSide {
  const s: ChangeSide = { text: rule.text, line: rule.line, keyword: rule.keyword };
  if (rule.actor) s.actor = rule.actor;
  if (rule.actors.length > 1) s.actors = rule.actors;
  if (rule.leadIn) s.leadIn = rule.leadIn;
  return s;
}
