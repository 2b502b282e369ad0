import { revisionExchanges, rewordedByExchanges } from '../diff/renamed-words.ts';
import { normalizeText } from '../diff/similarity.ts';
import type { SpecDocument } from '../model/index.ts';
import type { Change } from '../records/change.ts';
import { finalizeChange } from '../records/finalize.ts';

/**
 * A revision that calls a thing by another name on every page ("queries" → "operations",
 * "the response" → "the execution result") rewords a rule or two on each: too few on one page
 * for the page diff to tell its vocabulary (diff/renamed-words.ts), plain across the revision.
 * A rule whose every change is an exchange several reworded texts of the revision make (never
 * the other way, the newer pages using the new words more and the old ones less) states the
 * same duty: `rule-reworded`, saying which words the revision exchanged.
 */
export function rewordByRevisionVocabulary(records: readonly Change[], docs: { old: ReadonlyMap<string, SpecDocument>; new: ReadonlyMap<string, SpecDocument> }): Change[] {
  const reworded = records.filter((c) => (c.kind === 'rule' || c.kind === 'prose') && c.before && c.after && c.before.text !== c.after.text);
  const candidates = reworded.filter((c) => c.id === 'rule-changed');
  if (candidates.length === 0) return [...records];
  const exchanges = revisionExchanges(reworded.map((c) => [c.before!.text, c.after!.text]), { old: [...docs.old.values()], new: [...docs.new.values()] });
  if (exchanges.size === 0) return [...records];
  return records.map((change) => {
    if (change.id !== 'rule-changed' || !change.before || !change.after) return change;
    const how = rewordedByExchanges(change.before.text, change.after.text, exchanges);
    if (!how) return change;
    const rewritten = finalizeChange({
      id: 'rule-reworded', subject: change.subject, key: normalizeText(change.before.text), section: change.section,
      before: change.before, after: change.after, detail: { how }, ...(change.source ? { source: change.source } : {}),
    });
    return { ...rewritten, ...(change.page !== undefined ? { page: change.page } : {}), ...(change.informative ? { informative: change.informative } : {}) };
  });
}
