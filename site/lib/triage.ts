import type { Change } from '../../src/index.ts';

/**
 * Triage: the breaking changes first, grouped by who must act. The parties are not known
 * by name: they are read from the records themselves, as the two ends of the message
 * directions the differ recorded ("client → server"). A rule whose actor names one party
 * ("clients MUST…", "authorization servers SHOULD…": the last word, singular) is that
 * party's to act on; a change to what goes over the wire, or a rule for every
 * implementation, is for both sides.
 */

export interface RoleGroup {
  /** The party that must act, or null when every side must. */
  role: string | null;
  /** Indices into the records, in their order. */
  changes: number[];
}

function sides(change: Change): Array<NonNullable<Change['before']>> {
  return [change.after, change.before].filter((s): s is NonNullable<Change['before']> => s !== null && s !== undefined);
}

/** The parties named as the ends of message directions, in order of first appearance. */
export function partiesOf(changes: readonly Change[]): string[] {
  const parties: string[] = [];
  for (const change of changes) {
    for (const side of sides(change)) {
      if (typeof side['direction'] !== 'string') continue;
      for (const end of side['direction'].split(/\s*(?:→|->)\s*/)) {
        const party = end.trim().toLowerCase();
        if (party && /^[a-z][a-z -]*$/.test(party) && side['direction'].includes('→') && !parties.includes(party)) parties.push(party);
      }
    }
  }
  return parties;
}

function singular(word: string): string {
  return word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/** The one party a record's actor names, or null when it names none or several. */
export function roleOf(change: Change, parties: readonly string[]): string | null {
  const named = new Set<string>();
  for (const side of sides(change)) {
    if (typeof side.actor !== 'string') continue;
    for (const phrase of side.actor.toLowerCase().split(/\s*(?:,|\band\b|\bor\b|\/)\s*/)) {
      const last = singular(phrase.trim().split(/\s+/).at(-1) ?? '');
      if (parties.includes(last)) named.add(last);
    }
  }
  return named.size === 1 ? [...named][0]! : null;
}

/** The breaking records grouped by the party that must act: each party in order, then both sides. */
export function breakingByRole(changes: readonly Change[], parties = partiesOf(changes)): RoleGroup[] {
  const groups = new Map<string | null, number[]>([...parties.map((p): [string, number[]] => [p, []]), [null, []]]);
  changes.forEach((change, i) => {
    if (change.level === 'breaking') groups.get(roleOf(change, parties))!.push(i);
  });
  return [...groups].filter(([, list]) => list.length > 0).map(([role, list]) => ({ role, changes: list }));
}

/** "Clients must act", "Both sides must act". */
export function roleHeading(role: string | null): string {
  return role === null ? 'Both sides must act' : `${role.charAt(0).toUpperCase()}${role.slice(1)}s must act`;
}
