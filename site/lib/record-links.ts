import type { Change, SpecChange } from '../../src/index.ts';
import { diffPageOf } from './diff-page.ts';
import { keyOfReportPage, pairData, type PairData } from './reports.ts';
import { wholeQuote } from './messages.ts';
import type { RevisionPair } from './spec.ts';
import { href, paths } from './urls.ts';

/**
 * Where a reader finds each record of a pair annotated, and so each change (at the record
 * it is titled after): a page's record on its diff page (or the part that shows it), the
 * schema's own records on the pair page. Every list on the site links through this.
 */
export interface PairLinks {
  data: PairData;
  /** The record with this fingerprint, at its `#c-FINGERPRINT` anchor. */
  record(fingerprint: string): string;
  /** A change: the record it is titled after. */
  change(change: SpecChange): string;
  /** The page a record is shown on ("schema.json" for the schema's own). */
  where(record: Change): string;
  byFingerprint: Map<string, Change>;
  /** A change's records with their links, each saying its page when that is not the change's home. */
  evidence(change: SpecChange): EvidenceLink[];
  /** A change's title with its quote of the spec made whole (messages.ts). */
  title(change: SpecChange): string;
}

/** One record of a change, where it is annotated. */
export interface EvidenceLink {
  record: Change;
  link: string;
  /** The page it is shown on, when not the change's own. */
  elsewhere: string | null;
}

const linkers = new Map<string, Promise<PairLinks>>();

export function pairLinks(base: string, pair: RevisionPair): Promise<PairLinks> {
  const key = `${base}\0${pair.old}\0${pair.new}`;
  let found = linkers.get(key);
  if (!found) {
    found = pairData(pair).then((data) => linksOf(base, data));
    linkers.set(key, found);
  }
  return found;
}

function linksOf(base: string, data: PairData): PairLinks {
  const { pair } = data;
  const pairPage = href(base, paths.pair(pair.old, pair.new));
  const at = new Map<string, string>();
  const shownOn = new Map<string, string>();
  for (const page of data.pages) {
    const diff = diffPageOf(data, page.key);
    diff.report.changes.forEach((record, i) => {
      if (!diff.annotated[i]) return;
      at.set(record.fingerprint, `${href(base, paths.diffPart(pair.old, pair.new, page.key, diff.partOf[i]!))}#${paths.changeAnchor(record.fingerprint)}`);
      shownOn.set(record.fingerprint, page.key);
    });
  }
  const byFingerprint = new Map(data.report.changes.map((c) => [c.fingerprint, c]));
  const record = (fingerprint: string) => at.get(fingerprint) ?? `${pairPage}#${paths.changeAnchor(fingerprint)}`;
  const where = (r: Change) => shownOn.get(r.fingerprint) ?? 'schema.json';
  const keyOf = keyOfReportPage(data);
  return {
    data,
    record,
    change: (change) => record(change.records[0]!),
    where,
    byFingerprint,
    title: (change) => wholeQuote(change.title, byFingerprint.get(change.records[0]!)),
    evidence: (change) => {
      const home = change.page === null ? null : keyOf.get(change.page) ?? change.page;
      return change.records.flatMap((fingerprint) => {
        const found = byFingerprint.get(fingerprint);
        if (!found) return [];
        const shown = where(found);
        return [{ record: found, link: record(fingerprint), elsewhere: shown === home || (shown === 'schema.json' && home === 'schema') ? null : shown }];
      });
    },
  };
}
