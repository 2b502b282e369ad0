import { describe, expect, it } from 'vitest';
import type { Change } from '../../src/records/change.ts';
import { breakingByRole, partiesOf, roleHeading, roleOf } from '../../site/lib/triage.ts';

const record = (level: Change['level'], after: Record<string, unknown> | null, before: Record<string, unknown> | null = null): Change =>
  ({ id: 'x', kind: 'rule', action: 'changed', level, subject: '', section: { old: null, new: null }, before: before && { text: '', line: 1, ...before }, after: after && { text: '', line: 1, ...after }, message: '', fingerprint: '000000000000' }) as Change;

describe('triage: who must act on a breaking change', () => {
  const changes = [
    record('breaking', { actor: 'Hosts' }),
    record('breaking', { direction: 'peer → hub' }),
    record('breaking', { actor: 'hubs' }),
    record('breaking', { actor: 'authorization hubs' }),
    record('non-breaking', { actor: 'peers' }),
    record('breaking', null, { actor: 'peers' }),
    record('breaking', { actor: 'implementations' }),
    record('breaking', { actor: 'peers and hubs' }),
  ];

  it('reads the parties from message directions, not from a list of names', () => {
    expect(partiesOf(changes)).toEqual(['peer', 'hub']);
    expect(partiesOf([record('breaking', { direction: 'either' })])).toEqual([]);
  });

  it('gives a rule to the one party its actor names, and to both sides otherwise', () => {
    const parties = ['peer', 'hub'];
    expect(roleOf(changes[2]!, parties)).toBe('hub');
    expect(roleOf(changes[3]!, parties)).toBe('hub');
    expect(roleOf(changes[5]!, parties)).toBe('peer');
    expect(roleOf(changes[0]!, parties)).toBeNull();
    expect(roleOf(changes[6]!, parties)).toBeNull();
    expect(roleOf(changes[7]!, parties)).toBeNull();
  });

  it('groups only the breaking records, each party in order, then both sides', () => {
    expect(breakingByRole(changes)).toEqual([
      { role: 'peer', changes: [5] },
      { role: 'hub', changes: [2, 3] },
      { role: null, changes: [0, 1, 6, 7] },
    ]);
    expect(roleHeading('hub')).toBe('Hubs must act');
    expect(roleHeading(null)).toBe('Both sides must act');
  });
});
