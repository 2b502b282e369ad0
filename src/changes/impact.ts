import { strength } from '../model/rules.ts';
import { catalogEntry } from '../records/catalog.ts';
import type { ChangeLevel } from '../records/change.ts';
import type { Outlines, RecordFacts } from './facts.ts';
import { mandatesOf as mandatesIn, type Mandate } from '../records/mandates.ts';
import { featureOf, type Features } from './features.ts';
import { keywordOf } from './facts.ts';
import { samePlace } from './describe.ts';
import { newPartsAsked } from './new-parts.ts';
import { IMPACTS, impactRank, type Impact, type ImpactOverrides } from './unit.ts';

/**
 * The impact of each record, then of a change: the most severe of its records'. A record's
 * impact is its level, except that
 * - the spec's config may set the impact of any catalog id (`impacts` in
 *   specdelta.config.json), as API diff tools let a team decide what breaks it;
 * - a breaking duty that hangs on something this revision adds is opt-in (features.ts);
 * - a rule that moved and was reworded is not a new duty where it arrived nor a lost one
 *   where it left: it is as severe as what changed in its strength.
 */

export interface ImpactDecision {
  impact: Impact;
  /** The catalog id whose rule gave it, or `config`. */
  rule: string;
  reason: string;
  feature: string | null;
  /** The party the decision binds, when it is not the record's own actor (a new message a new duty makes that party implement). */
  actor?: string;
}

const FROM_LEVEL: Record<ChangeLevel, Impact> = { breaking: 'breaking', 'non-breaking': 'non-breaking', editorial: 'editorial' };

export function recordImpact(f: RecordFacts, features: Features, moved: { to: ReadonlyMap<number, number>; from: ReadonlyMap<number, number>; emptied: ReadonlySet<number>; hollow: ReadonlySet<number>; split: ReadonlySet<number> }, facts: readonly RecordFacts[], overrides: ImpactOverrides): ImpactDecision {
  const { change } = f;
  const override = overrides[change.id];
  if (override) return { impact: override, rule: 'config', reason: `The spec's config sets ${change.id} to ${override}.`, feature: null };

  if (moved.split.has(f.index)) return { impact: 'editorial', rule: change.id, reason: 'The section moved to a page of its own; what changed in its text has its own records.', feature: null };
  if (moved.hollow.has(f.index)) return { impact: 'editorial', rule: change.id, reason: 'The section is a new heading over text that moved into it: the moved text says what changed.', feature: null };
  if (moved.emptied.has(f.index)) return { impact: 'editorial', rule: change.id, reason: 'The section went because its sections moved elsewhere on the page: nothing in it was lost.', feature: null };
  const arrivedAs = moved.from.get(f.index);
  if (arrivedAs !== undefined) {
    return { impact: 'editorial', rule: change.id, reason: 'The rule moved: where it arrived says what changed.', feature: null };
  }
  const cameFrom = moved.to.get(f.index);
  if (cameFrom !== undefined) {
    const before = keywordOf(facts[cameFrom]!);
    const after = keywordOf(f);
    if (strength(after) > strength(before)) {
      return { impact: 'breaking', rule: change.id, reason: `The rule moved and was strengthened from ${before} to ${after}: behaviour that was allowed may now be a violation.`, feature: null };
    }
    const how = samePlace(facts[cameFrom]!, f) ? 'was rewritten where it stands' : 'moved to another section and was reworded';
    return { impact: 'non-breaking', rule: change.id, reason: `The rule ${how}; it keeps its ${after} (it was ${before}), so no duty is new.`, feature: null };
  }

  const level = FROM_LEVEL[change.level];
  const why = change.levelReason || catalogEntry(change.id).why;
  const parts = level === 'breaking' ? [] : newPartsAsked(f, features.newPages);
  if (parts.length > 0) {
    return { impact: 'breaking', rule: change.id, reason: `The ${keywordOf(f)} now asks for what this revision adds (${parts.join(', ')}): every implementation it binds must take it up.`, feature: null };
  }
  if (level === 'breaking') {
    const feature = featureOf(f, features);
    if (feature && namesOldBehaviour(feature, features)) {
      return { impact: 'non-breaking', rule: change.id, reason: `Met by what conforming implementations already do: ${feature} names the behaviour the old revision had, now one alternative among new ones.`, feature: null };
    }
    if (feature) {
      return { impact: 'opt-in', rule: change.id, reason: `A duty only for implementations that adopt ${feature}, which this revision adds; others stay conformant.`, feature };
    }
  }
  return { impact: level, rule: change.id, reason: why, feature: null };
}

/** A feature that is an old behaviour given a name (an alternative that carries on an old shape): not something to adopt. */
function namesOldBehaviour(feature: string, features: Features): boolean {
  const word = /^[`“](.*)[`”]$/.exec(feature)?.[1]?.toLowerCase();
  return word !== undefined && features.heirs.has(word);
}

/** A change's impact: the most severe of its records' (counted records first: an informative page's records only decide a change of their own). */
export function changeImpact(members: readonly RecordFacts[], decisions: ReadonlyMap<number, ImpactDecision>, lead?: RecordFacts): ImpactDecision & { record: number } {
  const counted = members.filter((m) => !m.change.informative);
  // On a tie the record the change is titled after gives the reason.
  const pool = [...(counted.length > 0 ? counted : members)].sort((a, b) => (a === lead ? -1 : b === lead ? 1 : 0));
  let best: (ImpactDecision & { record: number }) | null = null;
  for (const m of pool) {
    const decision = decisions.get(m.index)!;
    if (!best || impactRank(decision.impact) < impactRank(best.impact)) best = { ...decision, record: m.index };
  }
  return best ?? { impact: IMPACTS[3], rule: '', reason: '', feature: null, record: -1 };
}

/**
 * A new message (a request, a notification) that a new unconditional duty makes a party
 * implement ("Servers MUST implement `x`", in an added rule or on a page that came) is no
 * option for that party: every one that conformed must now implement it.
 */
export function mandatedMessage(f: RecordFacts, mandates: ReadonlyMap<string, Mandate>): ImpactDecision | null {
  if (f.change.kind !== 'message' || f.direction !== 'added') return null;
  const mandate = f.about.map((name) => mandates.get(name)).find((m) => m !== undefined);
  if (!mandate) return null;
  return { impact: 'breaking', rule: f.change.id, reason: `A new duty makes it part of every implementation it binds: "${mandate.text}"`, feature: null, ...(mandate.actor ? { actor: mandate.actor } : {}) };
}

/** The new unconditional duties to implement a name: from added rules, and from the pages that came. */
export function mandatesOf(facts: readonly RecordFacts[], outlines: Outlines | undefined): Map<string, Mandate> {
  const mandates = new Map<string, Mandate>();
  for (const f of facts) {
    if (f.direction !== 'added' || f.change.informative) continue;
    if (f.change.kind === 'rule' && !f.change.after?.['leadIn']) {
      const actors = f.change.after?.['actors'];
      const actor = typeof f.change.after?.actor === 'string' ? f.change.after.actor : Array.isArray(actors) && typeof actors[0] === 'string' ? actors[0] : null;
      for (const m of mandatesIn(f.change.after?.text ?? '', actor)) if (!mandates.has(m.name)) mandates.set(m.name, m);
    } else if (f.change.id === 'page-added') {
      for (const m of outlines?.(f.sidePage, 'new')?.mandates ?? []) if (!mandates.has(m.name)) mandates.set(m.name, m);
    }
  }
  return mandates;
}
