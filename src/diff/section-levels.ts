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
    // A section that bound no one and defined nothing (diff/sections.ts says what it held) is editorial on its own.
    const boundless = typeof change.before?.['holds'] === 'string';
    const base = boundless ? 'editorial' : catalogEntry(change.id).level;
    if (!severest || levelRank(severest.level) >= levelRank(base)) {
      if (change.level === base) return change;
      const { levelReason: _dropped, ...rest } = change;
      return boundless ? { ...rest, level: base, levelReason: BOUNDLESS_REASON[String(change.before!['holds'])] ?? '' } : { ...rest, level: base };
    }
    const count = withIt.filter((c) => c.level === severest.level).length;
    return {
      ...change,
      level: severest.level,
      levelReason: `${count} ${severest.level} removal${count === 1 ? '' : 's'} went with it (${severest.id}: ${severest.subject.slice(0, 60)}${severest.subject.length > 60 ? '…' : ''})`,
    };
  });
}

const BOUNDLESS_REASON: Record<string, string> = {
  example: 'The section held only an example: it stated no duty and defined nothing in words.',
  explanation: 'The section explained without stating a duty or defining anything.',
};
