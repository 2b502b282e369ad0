import type { Rule, SpecDocument } from '../model/index.ts';
import { isNegative, strength } from '../model/rules.ts';
import { compareActors } from './actors.ts';
import { boundNearby } from './bound-nearby.ts';
import { sameSubject } from './same-subject.ts';
import type { ChangeDraft, ChangeSide } from '../records/change.ts';
import { listParts, ruleUnits } from './list-rules.ts';
import { dutyGrowth } from './obligation-growth.ts';
import { sameDuty } from './same-duty.ts';
import { leadInPointsAt, pointedSection } from './pointer-rules.ts';
import { restatedFrom } from './restated-standard.ts';
import { clip } from '../records/quote.ts';
import { KEYWORD_WORDS } from './rule-words.ts';
import { subjectOf } from './rule-subject.ts';
import { spellsOutGrammar } from './grammar-rules.ts';
import { joinSplitRules } from './split-rules.ts';
import { pairRulesRewrittenInPlace } from './rules-in-place.ts';
import { bothSections, sectionById, sectionPair, type DiffContext, type Emit } from './context.ts';
import { dice, isCosmeticRewording, madeOnDemand, normalizeText, pairUp, sameWording, tokens } from './similarity.ts';


/** How alike two rules' content words must be to pair, and what staying in the same section adds. */
const SAME_RULE = 0.6;
const SAME_SECTION_BONUS = 0.1;

function content(rule: Rule): Set<string> {
  return new Set(tokens(rule.text).filter((t) => !KEYWORD_WORDS.has(t)));
}

/**
 * Rules pair when they say the same thing, whatever their keyword: identical wording
 * first, then the most similar wording above a threshold, with a small preference for
 * rules that stayed in the same section.
 */
export function diffRules(ctx: DiffContext, emit: Emit): void {
  // A lead-in and its bullets are compared as one rule (list-rules.ts).
  const oldRules = ruleUnits(ctx.old);
  const newRules = ruleUnits(ctx.new);
  // Word sets only for the rules left to pair by wording: most pair by their text first.
  const contentOf = madeOnDemand(content);
  const byWording = pairUp(oldRules, newRules, {
    key: (r) => `${r.keyword}\u0000${normalizeText(r.text)}`,
    score: (o, n) => dice(contentOf(o), contentOf(n)) + (ctx.oldToNew.get(o.sectionId) === n.sectionId ? SAME_SECTION_BONUS : 0),
    threshold: SAME_RULE,
    prefer: (o, n) => ctx.oldToNew.get(o.sectionId) === n.sectionId,
    alike: { old: contentOf, new: contentOf, minDice: SAME_RULE - SAME_SECTION_BONUS },
  });
  // Rules rewritten in place: same section, keyword and subject, too few shared words (rules-in-place.ts).
  const inPlace = pairRulesRewrittenInPlace(byWording.removed, byWording.added, (rule) => ctx.oldToNew.get(rule.sectionId));
  // A sentence with two duties split in two: its weaker half paired, its stronger half a sentence of its own (split-rules.ts).
  const joined = joinSplitRules([...byWording.pairs, ...inPlace.pairs], inPlace.added, ctx);
  // Rules paired by shared words whose keywords point opposite ways are one rule inverted only when they speak of the same subject (same-subject.ts).
  const pairs = joined.pairs.filter(([before, after]) => isNegative(before.keyword) === isNegative(after.keyword) || sameSubject(before, after));
  const apart = joined.pairs.filter((pair) => !pairs.includes(pair));
  const added = [...joined.added, ...apart.map(([, after]) => after)];
  const removed = [...inPlace.removed, ...apart.map(([before]) => before)];

  const emitAdded = (rule: Rule) => {
    const pointsAt = pointedSection(rule, ctx.new) ?? introducesTable(rule, ctx.new);
    const spellsOut = pointsAt ? null : leadInPointsAt(rule, ctx.new);
    const grammar = pointsAt || spellsOut ? null : spellsOutGrammar(rule, ctx.new);
    const restated = pointsAt || spellsOut || grammar ? null : restatedFrom(rule, ctx.old);
    const where = (section: string) => (section.startsWith('the ') ? section : `“${section}”`);
    emit({
      id: strength(rule.keyword) === 3 ? 'required-rule-added' : 'rule-added',
      subject: rule.text, key: normalizeText(rule.text),
      section: sectionPair(ctx, 'new', rule.sectionId), before: null, after: ruleSide(rule, headingIn(ctx.new, rule)),
      // A sentence pointing at duties the page states elsewhere adds none (pointer-rules.ts); nor does a bullet of a list whose lead-in points.
      ...(pointsAt ? { level: 'editorial' as const, levelReason: `it only points at the duties of ${where(pointsAt)} on the same page: it adds none of its own` } : {}),
      ...(spellsOut ? { level: 'editorial' as const, levelReason: `its list's lead-in points at the duties of ${where(spellsOut)} on the same page: it spells one of them out` } : {}),
      ...(grammar ? { level: 'non-breaking' as const, levelReason: `it says in words what its section's grammar production of ${grammar} defines: that production's change, if any, is reported as its own` } : {}),
      // A duty another document states, to which the old revision already bound the same parties (restated-standard.ts).
      ...(restated ? { level: 'editorial' as const, levelReason: `it restates what the document it cites requires, and the old revision already bound ${rule.actors.join(' and ')} to that document: “${clip(restated.text, 160)}”` } : {}),
    });
  };
  for (const rule of added) emitAdded(rule);
  for (const rule of removed) {
    emit({
      id: strength(rule.keyword) === 3 ? 'required-rule-removed' : 'rule-removed',
      subject: rule.text, key: normalizeText(rule.text),
      section: sectionPair(ctx, 'old', rule.sectionId), before: ruleSide(rule, headingIn(ctx.old, rule)), after: null,
    });
  }
  for (const [before, after] of pairs) {
    const grown = bulletsAdded(before, after);
    if (grown) {
      for (const item of grown) emitAdded(item);
      continue;
    }
    const verdict = classifyPair(before, after, ctx);
    if (!verdict) continue;
    emit({
      ...verdict, subject: after.text, key: normalizeText(before.text),
      section: bothSections(ctx, before.sectionId, after.sectionId), before: ruleSide(before, headingIn(ctx.old, before)), after: ruleSide(after, headingIn(ctx.new, after)),
    });
  }
}

/**
 * A rule that only introduces a table of fields ("All requests MUST include the following
 * parameters:") states its duties through the table: each field's requiredness is reported
 * by the field records, so the sentence adds none of its own.
 */
function introducesTable(rule: Rule, doc: SpecDocument): string | null {
  if (!/:\s*$/.test(rule.text)) return null;
  const table = doc.fields.find((f) => f.origin === 'table' && f.sectionId === rule.sectionId && f.line > rule.line && f.line <= rule.line + 4);
  return table ? 'the table of fields below it' : null;
}

/**
 * A list that kept its lead-in and every bullet and only gained bullets: the new bullets
 * are the change, each a new rule quoted with its lead-in (nothing else about the list moved).
 */
function bulletsAdded(before: Rule, after: Rule): Rule[] | null {
  const was = listParts(before);
  const now = listParts(after);
  if (!was || !now || normalizeText(was.head?.text ?? '') !== normalizeText(now.head?.text ?? '')) return null;
  const had = new Set(was.items.map((i) => normalizeText(i.text)));
  const kept = now.items.filter((i) => had.has(normalizeText(i.text)));
  if (kept.length !== was.items.length || kept.length === now.items.length) return null;
  return now.items.filter((i) => !had.has(normalizeText(i.text)));
}

type Verdict = Pick<ChangeDraft, 'id' | 'level' | 'levelReason' | 'detail'>;

/** The one record a paired rule deserves, most consequential first; null when nothing changed. */
function classifyPair(before: Rule, after: Rule, ctx: DiffContext): Verdict | null {
  if (isNegative(before.keyword) !== isNegative(after.keyword)) {
    return exceptionRestated(before.text, after.text) ? { id: 'rule-reworded', detail: { how: 'the old exception ("unless …") restated as a permission ("MAY … if …")' } } : { id: 'rule-inverted' };
  }
  if (strength(after.keyword) > strength(before.keyword)) {
    // The older text already bound the same duty with the stronger keyword beside it: nobody is newly bound.
    const bound = boundNearby(before, after, ctx.old);
    if (bound) {
      return {
        id: 'rule-strengthened', level: 'non-breaking', detail: { boundBy: clip(bound.text, 120) },
        levelReason: `the older text already bound it with ${bound.keyword} in the same section: “${clip(bound.text, 160)}”`,
      };
    }
    return { id: 'rule-strengthened' };
  }
  if (strength(after.keyword) < strength(before.keyword)) return { id: 'rule-weakened' };
  const actors = before.actors.length && after.actors.length ? compareActors(before.actors, after.actors) : null;
  if (actors) {
    if (actors.newlyBound.length) return { id: 'rule-actor-changed' };
    return {
      id: 'rule-actor-changed', level: 'non-breaking',
      levelReason: `${before.actors.join(' and ')} already included ${after.actors.join(' and ')}: the rule binds fewer parties, nobody new must comply`,
    };
  }
  if (!sameWording(before.text, after.text)) {
    if (isCosmeticRewording(before.text, after.text)) return { id: 'rule-reworded' };
    // Who must do what, and when, is the same: a reference updated, a subject spelled out, a clause moved (same-duty.ts).
    const same = sameDuty(before.text, after.text);
    if (same) return { id: 'rule-reworded', detail: { how: same } };
    return absoluteRuleAsksMore(before, after) ?? { id: 'rule-changed' };
  }
  if (ctx.oldToNew.get(before.sectionId) !== after.sectionId) return { id: 'rule-moved' };
  if (!sameWording(before.example ?? '', after.example ?? '')) return { id: 'rule-example-changed' };
  return null;
}

/**
 * "X SHOULD NOT do A unless C" kept only its exception: "X MAY do A if C" allows what the
 * old rule already allowed, under the same condition. Not an inversion, whatever became of
 * the rest of the old rule (its other duties, if any, are told where they went).
 */
function exceptionRestated(before: string, after: string): boolean {
  const exception = /\bunless\s+([^.;]+)/i.exec(before);
  const condition = /\b(?:if|when|once)\s+([^.;]+)/i.exec(after);
  if (!exception || !condition || !/\bMAY\b/.test(after) || !/\bNOT\b/.test(before)) return false;
  return dice(tokens(exception[1]!), tokens(condition[1]!)) >= RESTATED;
}

const RESTATED = 0.6;

/** An absolute rule reworded to name things it did not name is breaking: an implementation that met the old wording may miss the new. */
function absoluteRuleAsksMore(before: Rule, after: Rule): Verdict | null {
  if (strength(after.keyword) < 3) return null;
  const brought = dutyGrowth(before.text, after.text);
  if (brought.length === 0) return null;
  return { id: 'rule-changed', level: 'breaking', levelReason: `the ${after.keyword} now names what it did not (${brought.slice(0, 6).join(', ')}): meeting the old wording may not meet the new` };
}

/** One side of a rule record: its text and keyword, the parties it binds, the lead-in it inherits from, what it is about when it names nothing (`heading`: its section's). */
export function ruleSide(rule: Rule, heading?: string | null): ChangeSide {
  const s: ChangeSide = { text: rule.text, line: rule.line, keyword: rule.keyword };
  const about = subjectOf(rule, heading);
  if (about) s.about = about;
  if (rule.actor) s.actor = rule.actor;
  if (rule.actors.length > 1) s.actors = rule.actors;
  if (rule.leadIn) s.leadIn = rule.leadIn;
  if (rule.example) s.example = rule.example;
  return s;
}

function headingIn(doc: SpecDocument, rule: Rule): string | null {
  return sectionById(doc, rule.sectionId)?.heading ?? null;
}
