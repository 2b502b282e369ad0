import type { Change } from '../records/change.ts';

/**
 * `term-added` / `term-removed` are signals that a page started or stopped naming
 * something. They add nothing when the page itself came or went (its `page-added` /
 * `page-removed` record says it all), nor when another record of the page already quotes
 * the text that names the term (a new rule, a reworded paragraph): the reader sees the
 * name there. Only a name that arrived or left silently keeps its own record (a `term-renamed`
 * record is not a signal: it stays).
 */
export function dropRepeatedTermSignals(changes: readonly Change[]): Change[] {
  const pagesCameOrWent = new Set(changes.filter((c) => c.id === 'page-added' || c.id === 'page-removed').map((c) => c.page));
  // Per page, the texts other records quote: arriving ones (after) and leaving ones (before).
  const quoted = new Map<string, { before: string[]; after: string[] }>();
  for (const change of changes) {
    if (change.kind === 'term' || change.page === undefined) continue;
    let texts = quoted.get(change.page);
    if (!texts) quoted.set(change.page, (texts = { before: [], after: [] }));
    if (change.before) texts.before.push(change.before.text);
    if (change.after) texts.after.push(change.after.text);
  }
  return changes.filter((change) => {
    // A rename is a record of its own, not a signal: what it joined is no longer quoted elsewhere.
    if (change.kind !== 'term' || change.action === 'renamed' || change.page === undefined) return true;
    if (pagesCameOrWent.has(change.page)) return false;
    // A name that arrived shows in an arriving text, one that left in a leaving one.
    const texts = quoted.get(change.page)?.[change.action === 'removed' ? 'before' : 'after'] ?? [];
    return !texts.some((text) => text.includes(change.subject));
  });
}
