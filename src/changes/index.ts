import type { Change } from '../records/change.ts';
import { catalogEntry } from '../records/catalog.ts';
import { changeIdOf, distinctChangeId, homeOf, leadRecord, titleOf } from './describe.ts';
import { factsOf, type RecordFacts } from './facts.ts';
import { featuresOf } from './features.ts';
import { groupRecords } from './grouping.ts';
import { changeImpact, mandatedMessage, mandatesOf, recordImpact, type ImpactDecision } from './impact.ts';
import { partiesOf, roleOf } from './roles.ts';
import { siblingFeature } from './sibling-duties.ts';
import type { AnnouncedBy, ChangelogItemRef, GroupingOptions, SpecChange } from './unit.ts';

export * from './unit.ts';
export { partiesOf } from './roles.ts';

/**
 * Records in, changes out: every record belongs to exactly one change, and each change says
 * once what it is, whom it affects and why (see unit.ts). Changes are ordered by their first
 * record, so by position in the newer revision, like the records.
 */
export function groupChanges(changes: readonly Change[], options: GroupingOptions = {}): SpecChange[] {
  const facts = factsOf(changes, options.outlines);
  const { groups, moved, emptied, hollow, split } = groupRecords(facts, options.outlines, options.splits ?? []);
  const features = featuresOf(facts, new Set(moved.keys()), split);
  const from = new Map([...moved].map(([arrived, gone]) => [gone, arrived]));
  const decisions = new Map<number, ImpactDecision>();
  const mandates = mandatesOf(facts, options.outlines);
  for (const f of facts) {
    const decision = recordImpact(f, features, { to: moved, from, emptied, hollow, split }, facts, options.impacts ?? {});
    const mandated = decision.rule === 'config' || decision.impact === 'breaking' ? null : mandatedMessage(f, mandates);
    decisions.set(f.index, mandated ?? decision);
  }
  // Read once every duty has its own decision: a duty is judged by its section's others.
  for (const f of facts) {
    const sibling = siblingFeature(f, decisions.get(f.index)!, facts, decisions, features);
    if (sibling) decisions.set(f.index, sibling);
  }
  const parties = partiesOf(changes);
  const acknowledged = new Set(options.acknowledged ?? []);
  const itemOf = changelogIndex(options.changelog ?? []);
  // Two changes whose lead records read alike would share an id: the later one takes its lead record's fingerprint into it.
  const taken = new Set<string>();
  const uniqueId = (id: string, lead: RecordFacts) => {
    const unique = taken.has(id) ? distinctChangeId(id, lead) : id;
    taken.add(unique);
    return unique;
  };

  return groups.map((indices) => {
    const members = indices.map((i) => facts[i]!);
    const lead = leadRecord(members, hollow);
    const decision = changeImpact(members, decisions, lead);
    const { page, pages } = homeOf(members);
    const id = uniqueId(changeIdOf(lead, members), lead);
    const ordered = [lead, ...members.filter((m) => m !== lead)];
    const change: SpecChange = {
      id,
      title: withDeprecations(members.every((m) => split.has(m.index)) ? splitTitle(members) : withLoweredImpact(titleOf(lead, members), members, lead, decision), members),
      impact: decision.impact,
      reason: reasonOf(decision, lead, facts),
      rule: decision.rule,
      feature: decision.feature,
      roles: rolesOf(members, decisions, decision, parties),
      page,
      pages,
      changelog: itemOf(ordered),
      records: ordered.map((m) => m.change.fingerprint),
    };
    if (members.every((m) => m.change.informative)) change.informative = true;
    if (acknowledged.has(id)) change.acknowledged = true;
    return change;
  });
}

/** The parties that must act on the records that gave the change its impact; every party when one of those binds no one in particular. */
function rolesOf(members: readonly RecordFacts[], decisions: ReadonlyMap<number, ImpactDecision>, decision: ImpactDecision, parties: readonly string[]): string[] {
  const deciding = members.filter((m) => decisions.get(m.index)!.impact === decision.impact);
  const roles = new Set<string>();
  for (const m of deciding) {
    const actor = decisions.get(m.index)!.actor;
    const role = actor !== undefined ? (parties.find((p) => actor.toLowerCase().replace(/s$/, '') === p) ?? null) : roleOf(m.change, parties);
    if (role === null) return [...parties];
    roles.add(role);
  }
  return parties.filter((p) => roles.has(p));
}

/** The item whose confirming records the change shares most, in the changelog's order on a tie. */
function changelogIndex(items: readonly ChangelogItemRef[]): (members: readonly RecordFacts[]) => AnnouncedBy | null {
  const byRecord = new Map<string, number[]>();
  items.forEach((item, i) => {
    for (const fingerprint of item.records) {
      const list = byRecord.get(fingerprint);
      if (list) list.push(i);
      else byRecord.set(fingerprint, [i]);
    }
  });
  return (members) => {
    const votes = new Map<number, number>();
    for (const m of members) for (const i of byRecord.get(m.change.fingerprint) ?? []) votes.set(i, (votes.get(i) ?? 0) + 1);
    // An item announces the change when it names what the change is titled after, or most of what it holds:
    // a word shared with one record of many is no announcement.
    const lead = new Set(byRecord.get(members[0]!.change.fingerprint) ?? []);
    const announcing = [...votes].filter(([i, n]) => lead.has(i) || n * 2 >= members.length);
    if (announcing.length === 0) return null;
    const [best] = announcing.sort((a, b) => (lead.has(b[0]) ? 1 : 0) - (lead.has(a[0]) ? 1 : 0) || b[1] - a[1] || a[0] - b[0])[0]!;
    const { section, number, line, text } = items[best]!;
    return { section, number, line, text };
  };
}

/** The impact's reason, naming the record that gave it when that is not the one the change is titled after. */
function reasonOf(decision: ReturnType<typeof changeImpact>, lead: RecordFacts, facts: readonly RecordFacts[]): string {
  if (decision.rule === 'config') return decision.reason;
  const deciding = facts[decision.record];
  const which = deciding && deciding !== lead ? ` (${deciding.change.message.replace(/\s+Also stated at .*$/, '')})` : '';
  return `${decision.rule}${which}: ${decision.reason}`;
}

/**
 * A section that moved to a page of its own: "Section “Retention” moved to its own page
 * guide/retention." When the old section stays (only its sub-sections left), the sections
 * that moved are named instead.
 */
function splitTitle(members: readonly RecordFacts[]): string {
  const page = members.find((m) => m.change.id === 'page-added');
  const source = members.find((m) => m.change.kind === 'section' && m.change.id !== 'page-added' && m.direction === 'removed');
  const sections = members.filter((m) => m.change.kind === 'section' && m.change.id !== 'page-added' && m !== source);
  const passages = members.filter((m) => m !== page && m !== source && !sections.includes(m));
  const reworded = passages.filter((m) => m.change.action !== 'moved').length;
  const along = passages.length === 0 ? '' : `, with ${passages.length} passage${passages.length === 1 ? '' : 's'}${reworded > 0 ? ` (${reworded} reworded without a change of duty)` : ''}`;
  if (!page) return titleOf(members[0]!, members);
  if (source) return `Section “${source.change.subject}” moved to its own page ${page.change.subject}${along}.`;
  if (sections.length === 0) return titleOf(page, members);
  const named = sections.slice(0, 3).map((m) => `“${m.change.subject}”`).join(', ') + (sections.length > 3 ? ` and ${sections.length - 3} more` : '');
  return `Section${sections.length === 1 ? '' : 's'} ${named} moved to the new page ${page.change.subject}${along}.`;
}

/**
 * A title read from a record that claims a duty ("New MUST rule: …") while the change was
 * found to add none says so, so the title never contradicts the impact beside it.
 */
function withLoweredImpact(title: string, members: readonly RecordFacts[], lead: RecordFacts, decision: ImpactDecision): string {
  // Only a title that is the record's own message: a group's title already says what it is.
  if (members.length > 1 || decision.impact !== 'editorial' || lead.change.kind !== 'rule' || catalogEntry(lead.change.id).level === 'editorial') return title;
  return `${title.replace(/[.:]\s*$/, '')} (no new duty: ${decision.reason}).`;
}

/**
 * A title never hides a deprecation among its change's records: a change titled after
 * something else (a new section holding a deprecation notice) says what it deprecates.
 */
function withDeprecations(title: string, members: readonly RecordFacts[]): string {
  if (/deprecat/i.test(title)) return title;
  const deprecated = [...new Set(members.filter((m) => m.change.action === 'deprecated').map((m) => m.change.subject))];
  if (deprecated.length === 0) return title;
  const shown = deprecated.slice(0, 3).map((s) => (/`/.test(s) || /\s/.test(s) ? s : `\`${s}\``)).join(', ') + (deprecated.length > 3 ? ', …' : '');
  return `${title.replace(/[.:]\s*$/, '')}; deprecated: ${shown}.`;
}
