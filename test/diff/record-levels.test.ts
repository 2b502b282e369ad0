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
});
