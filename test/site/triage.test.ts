import { describe, expect, it } from 'vitest';
import type { SpecChange } from '../../src/index.ts';
import { checklistGroups, concerns, roleHeading, triageGroups } from '../../site/lib/triage.ts';

const change = (id: string, impact: SpecChange['impact'], roles: string[], extra: Partial<SpecChange> = {}): SpecChange => ({
  id, title: id, impact, reason: '', rule: 'x', feature: null, roles, page: 'p', pages: ['p'], changelog: null, records: [`${id}-r`], ...extra,
});

describe('triage: who must act on a change', () => {
  const parties = ['peer', 'hub'];
  const changes = [
    change('a', 'breaking', ['hub']),
    change('b', 'breaking', ['peer', 'hub']),
    change('c', 'breaking', []),
    change('d', 'non-breaking', ['peer']),
    change('e', 'breaking', ['peer']),
    change('f', 'breaking', ['peer'], { informative: true }),
    change('g', 'opt-in', ['hub']),
  ];

  it('groups the counted changes of one impact by the one party they name, then every side', () => {
    expect(triageGroups(changes, parties).map((g) => [g.role, g.changes.map((c) => c.id)])).toEqual([['peer', ['e']], ['hub', ['a']], [null, ['b', 'c']]]);
    expect(triageGroups(changes, parties, 'opt-in').map((g) => [g.role, g.changes.map((c) => c.id)])).toEqual([['hub', ['g']]]);
  });

  it('gives each party its own changes and those for every side, and nothing of the other party', () => {
    expect(checklistGroups(changes, parties, 'peer').map((g) => [g.role, g.changes.map((c) => c.id)])).toEqual([['peer', ['e']], [null, ['b', 'c']]]);
    expect(checklistGroups(changes, parties, 'hub').map((g) => [g.role, g.changes.map((c) => c.id)])).toEqual([['hub', ['a']], [null, ['b', 'c']]]);
    expect(concerns(changes[1]!, 'peer')).toBe(true);
    expect(concerns(changes[0]!, 'peer')).toBe(false);
  });

  it('names the groups', () => {
    expect(roleHeading('hub')).toBe('Hubs must act');
    expect(roleHeading(null, parties)).toBe('Both sides must act');
    expect(roleHeading(null, ['a', 'b', 'c'])).toBe('Every side must act');
  });
});
