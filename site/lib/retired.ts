import { pageOfPair, revisionPairs, specSet, type RevisionPair } from './spec.ts';

/**
 * Comparisons the site no longer builds but once did: every older released revision was
 * compared with the latest while it was the latest, and badges and readers linked those
 * pages. When a newer revision ships, such a pair is no longer built in full; its addresses
 * stay, each saying what it was and where its changes are read now (the steps between the
 * two revisions, and the "since" view), so no link into the site ever breaks.
 */
export function retiredPairs(): RevisionPair[] {
  const { revisions, latest } = specSet();
  if (!latest) return [];
  const released = revisions.slice(0, revisions.indexOf(latest));
  const built = new Set(revisionPairs().map((p) => `${p.old}\0${p.new}`));
  const out: RevisionPair[] = [];
  released.forEach((newer, j) => {
    for (const older of released.slice(0, j)) if (!built.has(`${older.id}\0${newer.id}`)) out.push({ old: older.id, new: newer.id, adjacent: false });
  });
  return out;
}

/** The adjacent steps from `pair.old` to `pair.new`, each with the page's key there (null once it is gone, or for the whole spec). */
export function stepsOf(pair: RevisionPair, page: string | null): { step: RevisionPair; key: string | null }[] {
  const ids = specSet().revisions.map((r) => r.id);
  const [from, to] = [ids.indexOf(pair.old), ids.indexOf(pair.new)];
  const steps = revisionPairs().filter((p) => p.adjacent && ids.indexOf(p.old) >= from && ids.indexOf(p.new) <= to);
  let id = page;
  return steps.map((step) => {
    const found = id === null ? undefined : pageOfPair(step, id);
    id = found?.new ?? null;
    return { step, key: page === null ? null : found?.key ?? null };
  });
}
