import type { SpecDocument } from '../model/index.ts';
import type { Change } from '../records/change.ts';
import { normalizeText } from '../diff/similarity.ts';
import { placeOf, withOtherPlaces } from './repeated-arrivals.ts';

/**
 * The same edit made to a passage a revision states on several pages (a grammar production
 * copied into a summary appendix, a definition restated in an overview) is one change: it is
 * reported once, on the page that repeats least of the others (the summary repeats, the
 * chapter defines), and that record lists the other places. Only an edit whose text before
 * and after is the same on each page counts: a copy edited otherwise has a change of its own.
 * And only when every page of the older revision that stated the passage was edited alike: a
 * line many pages carry each of their own ("Status: Stable"), changed on a few of them, is
 * a change of each of those pages, not one passage copied.
 */
export function reportRepeatedEditsOnce(changes: readonly Change[], informative: (change: Change) => boolean, oldDocs: ReadonlyMap<string, SpecDocument>): Change[] {
  const groups = new Map<string, number[]>();
  changes.forEach((change, index) => {
    if (!isEdit(change) || informative(change)) return;
    const key = `${change.id}\0${normalizeText(change.before!.text)}\0${normalizeText(change.after!.text)}`;
    groups.set(key, [...(groups.get(key) ?? []), index]);
  });
  const stating = pagesStating(oldDocs);
  const repeated = [...groups.values()].filter((group) => {
    const pages = new Set(group.map((i) => changes[i]!.page!));
    return pages.size > 1 && stating(normalizeText(changes[group[0]!]!.before!.text)) <= pages.size;
  });
  if (repeated.length === 0) return [...changes];
  const edits = new Map<string, number>();
  const repeats = new Map<string, number>();
  for (const change of changes) if (isEdit(change)) edits.set(change.page!, (edits.get(change.page!) ?? 0) + 1);
  for (const group of repeated) for (const i of group) repeats.set(changes[i]!.page!, (repeats.get(changes[i]!.page!) ?? 0) + 1);
  const share = (i: number) => repeats.get(changes[i]!.page!)! / edits.get(changes[i]!.page!)!;
  const dropped = new Set<number>();
  const replaced = new Map<number, Change>();
  for (const group of repeated) {
    // Ties go to the first page in order.
    const home = group.reduce((best, i) => (share(i) < share(best) ? i : best));
    const others = group.filter((i) => changes[i]!.page !== changes[home]!.page);
    for (const i of others) dropped.add(i);
    replaced.set(home, withOtherPlaces(changes[home]!, others.map((i) => placeOf(changes[i]!))));
  }
  return changes.flatMap((change, index) => (dropped.has(index) ? [] : [replaced.get(index) ?? change]));
}

/** How many pages state a passage (by its normalised text), the index built on first use. */
function pagesStating(docs: ReadonlyMap<string, SpecDocument>): (text: string) => number {
  let index: Map<string, Set<string>> | null = null;
  return (text) => {
    if (index === null) {
      index = new Map();
      for (const [page, doc] of docs) {
        for (const block of [...doc.prose, ...doc.rules]) {
          const key = normalizeText(block.text);
          const pages = index.get(key);
          if (pages) pages.add(page);
          else index.set(key, new Set([page]));
        }
      }
    }
    return index.get(text)?.size ?? 0;
  };
}

/** A page's rule or paragraph whose wording changed in place. */
function isEdit(change: Change): boolean {
  return change.action === 'changed' && (change.kind === 'rule' || change.kind === 'prose') && change.source !== 'schema' && change.before !== null && change.after !== null && change.page !== undefined;
}
