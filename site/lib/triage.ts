import type { Impact, SpecChange } from '../../src/index.ts';

/**
 * Triage: the changes one must act on first, grouped by who must act. Who must act is the
 * change's own `roles` (changes/roles.ts reads the parties from the records' message
 * directions, never from a list of names): a change one party must act on is that party's,
 * any other is for every side. Only changes that count (not of informative pages) are listed.
 */

export interface RoleGroup {
  /** The party that must act, or null when several or every party must. */
  role: string | null;
  changes: SpecChange[];
}

/** The one party a change is for, or null when it is for several or every party. */
export function roleOfChange(change: SpecChange): string | null {
  return change.roles.length === 1 ? change.roles[0]! : null;
}

/** The counted changes of one impact, grouped by the party that must act: each party in order, then every side. */
export function triageGroups(changes: readonly SpecChange[], parties: readonly string[], impact: Impact = 'breaking'): RoleGroup[] {
  const groups = new Map<string | null, SpecChange[]>([...parties.map((p): [string, SpecChange[]] => [p, []]), [null, []]]);
  for (const change of changes) {
    if (change.impact !== impact || change.informative) continue;
    const role = roleOfChange(change);
    (groups.get(role) ?? groups.get(null)!).push(change);
  }
  return [...groups].filter(([, list]) => list.length > 0).map(([role, list]) => ({ role, changes: list }));
}

/** Whether `role` must act on a change: it names that party, or no party in particular. */
export function concerns(change: SpecChange, role: string): boolean {
  return change.roles.length === 0 || change.roles.includes(role);
}

/** A party's migration checklist: the counted changes of `impact` it must act on, its own first, then those for every side. */
export function checklistGroups(changes: readonly SpecChange[], parties: readonly string[], role: string, impact: Impact = 'breaking'): RoleGroup[] {
  return triageGroups(changes, parties, impact)
    .map((g) => ({ role: g.role, changes: g.changes.filter((c) => concerns(c, role)) }))
    .filter((g) => (g.role === null || g.role === role) && g.changes.length > 0);
}

/** "Clients must act", "Both sides must act". */
export function roleHeading(role: string | null, parties: readonly string[] = []): string {
  if (role !== null) return `${role.charAt(0).toUpperCase()}${role.slice(1)}s must act`;
  return parties.length > 2 ? 'Every side must act' : 'Both sides must act';
}
