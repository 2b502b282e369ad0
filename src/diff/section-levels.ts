import { catalogEntry } from '../records/catalog.ts';
import { levelRank, type Change } from '../records/change.ts';

/**
 * A removed section and what was removed with it tell one story: when its rules, messages
 * or codes went with it and one of those removals is breaking, the section's removal is
 * breaking too, and says why. Run again after rules that only changed pages became moves
 * (a diff of revisions), so a section whose rules live on elsewhere stays as it was.
 */
export function agreeSectionLevels(changes: readonly Change[]): Change[] {
  return changes.map((change) => {
    if (change.id !== 'section-removed') return change;
    const withIt = changes.filter((c) =>
      c !== change && c.action === 'removed' && c.page === change.page && c.section.old === change.subject && c.section.new === null && c.kind !== 'term');
    const severest = withIt.reduce<Change | null>((s, c) => (!s || levelRank(c.level) < levelRank(s.level) ? c : s), null);
    // From the catalog's default each time: a second pass (after moves) may find less went with it.
    const base = catalogEntry(change.id).level;
    if (!severest || levelRank(severest.level) >= levelRank(base)) {
      if (change.level === base) return change;
      const { levelReason: _dropped, ...rest } = change;
      return { ...rest, level: base };
    }
    const count = withIt.filter((c) => c.level === severest.level).length;
    return {
      ...change,
      level: severest.level,
      levelReason: `${count} ${severest.level} removal${count === 1 ? '' : 's'} went with it (${severest.id}: ${severest.subject.slice(0, 60)}${severest.subject.length > 60 ? '…' : ''})`,
    };
  });
}
