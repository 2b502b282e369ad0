import type { Features } from './features.ts';
import { within, type RecordFacts } from './facts.ts';
import type { ImpactDecision } from './impact.ts';

/**
 * A new duty that names nothing new itself ("To prevent this attack, the server MUST …")
 * but stands in a new section whose other duties all hang on one feature this revision
 * adds (each about the new mode, named there) is about that feature too: the section is
 * about it, and the sentence points back at it. It binds only who adopts the feature.
 * Two such sibling duties at least, and none that binds everyone, so a section that mixes
 * old and new behaviour keeps its breaking duties.
 */
export function siblingFeature(f: RecordFacts, decision: ImpactDecision, facts: readonly RecordFacts[], decisions: ReadonlyMap<number, ImpactDecision>, features: Features): ImpactDecision | null {
  if (decision.impact !== 'breaking' || decision.rule === 'config' || f.change.kind !== 'rule' || f.direction !== 'added') return null;
  const section = features.pages.get(f.page)?.sections.find((s) => within(f.path, s) && s.length === f.path.length);
  if (!section) return null;
  const siblings = facts.filter((g) => g !== f && g.change.kind === 'rule' && g.direction === 'added' && g.sidePage === f.sidePage && g.path.length === f.path.length && within(g.path, section));
  const binding = siblings.map((g) => decisions.get(g.index)!).filter((d) => d.impact === 'breaking' || d.impact === 'opt-in');
  const feature = binding[0]?.feature;
  if (binding.length < 2 || !feature || !binding.every((d) => d.impact === 'opt-in' && d.feature === feature)) return null;
  return { impact: 'opt-in', rule: decision.rule, reason: `A duty of “${section.at(-1)}”, a section this revision adds whose other duties all hang on ${feature}: it binds only implementations that adopt it.`, feature };
}
