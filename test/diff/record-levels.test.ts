import { beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../../src/diff/change.ts';
import { diffMirrorRevisions } from '../helpers/mirror-revisions.ts';
import { mirrorAvailable } from '../helpers/paths.ts';

/**
 * Whole-revision diffs of the real spec (every page plus schema.json): each record readable
 * and levelled by the same argument wherever it appears (issue 10, items 5–10).
 */
const describeMirror = mirrorAvailable() ? describe : describe.skip;

describeMirror('2025-11-25 → 2026-07-28, whole revisions', () => {
  let changes: Change[] = [];
  beforeAll(() => {
    changes = diffMirrorRevisions('2025-11-25', '2026-07-28');
  }, 120_000);

  it('a rule that now binds a subset of the parties it bound is not breaking (receivers → servers, senders → clients)', () => {
    const actorChanges = changes.filter((c) => c.id === 'rule-actor-changed');
    expect(actorChanges.length).toBeGreaterThan(0);
    expect(actorChanges.filter((c) => c.level === 'breaking')).toEqual([]);
    const tracked = actorChanges.find((c) => /track active progress tokens/.test(c.after?.text ?? ''));
    expect(tracked).toMatchObject({ level: 'non-breaking', before: { actors: ['senders', 'receivers'] }, after: { actors: ['clients', 'servers'] } });
    expect(tracked!.levelReason).toMatch(/fewer parties/);
  });

  it('term-added / term-removed are signals: editorial, never counted as non-breaking', () => {
    const terms = changes.filter((c) => c.kind === 'term');
    expect(terms.length).toBeGreaterThan(100);
    expect(terms.every((c) => c.level === 'editorial')).toBe(true);
  });

  it('prose-inverted pairs only a statement with its own negation (the elicitation statefulness advice), not sentences that merely gained a "not"', () => {
    const inverted = changes.filter((c) => c.id === 'prose-inverted');
    expect(inverted.map((c) => c.page)).toEqual(['client/elicitation']);
    expect(inverted[0]!.after?.text).toMatch(/do not require that the server maintain state/);
    // Roots gained "does not enforce …" beside unrelated sentences: reworded, not inverted.
    expect(changes.filter((c) => c.page === 'client/roots' && c.kind === 'prose' && /does not enforce/.test(c.after?.text ?? '')).map((c) => c.id)).toEqual(['prose-changed']);
  });
});
