import { join } from 'node:path';
import { findSpecConfig, readChangelog, type ChangelogItemReading, type ChangelogReading, type NoChangelog, type RecordTheme } from '../../src/index.ts';
import { pairOverview } from './diffs.ts';
import { snapshotsDir } from './env.ts';
import { recordLinker, type PairRecord } from './record-links.ts';
import { pagesOf, pageText, type RevisionPair } from './spec.ts';

/**
 * A pair held against the newer revision's own changelog (`specdelta diff OLD NEW
 * --changelog`): each item confirmed by records (linked to where they are annotated) or not
 * visible in the spec text, and the records no item announces, by page and theme. Read once
 * per pair and build.
 */

export interface PairChangelog {
  reading: ChangelogReading | NoChangelog;
  items: { item: ChangelogItemReading; anchor: string; records: PairRecord[] }[];
  unannounced: { theme: RecordTheme; records: PairRecord[] }[];
}

/** How a record stands against the changelog: announced by an item (its anchor on the pair page), or unannounced. */
export type RecordMark = { mark: 'announced'; anchor: string; item: string } | { mark: 'unannounced' };

const readings = new Map<string, Promise<ChangelogReading | NoChangelog>>();

function pairReading(pair: RevisionPair): Promise<ChangelogReading | NoChangelog> {
  const key = `${pair.old}\0${pair.new}`;
  let reading = readings.get(key);
  if (!reading) {
    reading = (async () => {
      // A changelog lists the changes since the revision just before: a longer span is not what it describes.
      if (!pair.adjacent) return { page: null, note: `${pair.new}'s changelog lists the changes since the revision just before it, not since ${pair.old}; the pairs of adjacent revisions hold each changelog against its diff.` };
      const overview = await pairOverview(pair);
      const newer = { pages: pagesOf(pair.new), text: (page: string) => pageText(pair.new, page), label: pair.new };
      return readChangelog({ changes: overview.records, pages: overview.readings }, newer, findSpecConfig(join(snapshotsDir(), pair.new)));
    })();
    readings.set(key, reading);
  }
  return reading;
}

/** The anchor of an item on the pair page. */
function itemAnchor(index: number): string {
  return `cl-${index + 1}`;
}

export async function pairChangelog(base: string, pair: RevisionPair): Promise<PairChangelog> {
  const reading = await pairReading(pair);
  if (reading.page === null) return { reading, items: [], unannounced: [] };
  const overview = await pairOverview(pair);
  const byFingerprint = new Map(overview.records.map((c) => [c.fingerprint, c]));
  const linkOf = recordLinker(base, pair, overview);
  const linked = (fingerprints: readonly string[]) => fingerprints.map((fp) => linkOf(byFingerprint.get(fp)!));
  return {
    reading,
    items: reading.items.map((item, i) => ({ item, anchor: itemAnchor(i), records: linked(item.records) })),
    unannounced: reading.unannounced.map((theme) => ({ theme, records: linked(theme.records) })),
  };
}

/** Each record's mark, by fingerprint; records of a pair without a changelog have none. */
export async function recordMarks(pair: RevisionPair): Promise<Map<string, RecordMark>> {
  const reading = await pairReading(pair);
  const marks = new Map<string, RecordMark>();
  if (reading.page === null) return marks;
  reading.items.forEach((item, i) => {
    for (const fp of item.records) if (!marks.has(fp)) marks.set(fp, { mark: 'announced', anchor: itemAnchor(i), item: `${item.section} ${item.number}` });
  });
  for (const theme of reading.unannounced) for (const fp of theme.records) marks.set(fp, { mark: 'unannounced' });
  return marks;
}
