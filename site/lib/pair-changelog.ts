import type { AnnouncedBy, SpecChange } from '../../src/index.ts';
import type { ChangelogItemReading, ChangelogReading, NoChangelog } from '../../src/site-entry.ts';
import { pairData } from './reports.ts';
import type { RevisionPair } from './spec.ts';

/**
 * A pair held against the newer revision's own changelog (`specdelta diff OLD NEW
 * --changelog`, read with the pair's report): each item with the changes that carry it, or
 * not visible in the spec text, then the counted changes no item announces.
 */

export interface PairChangelog {
  reading: ChangelogReading | NoChangelog;
  items: { item: ChangelogItemReading; anchor: string; changes: SpecChange[] }[];
  unannounced: SpecChange[];
}

/** The anchor of the changelog's item `index` (0-based) on the pair page. */
export function itemAnchor(index: number): string {
  return `cl-${index + 1}`;
}

const sameItem = (a: Pick<AnnouncedBy, 'section' | 'number'>, b: Pick<AnnouncedBy, 'section' | 'number'>) => a.section === b.section && a.number === b.number;

export async function pairChangelog(pair: RevisionPair): Promise<PairChangelog> {
  const { report } = await pairData(pair);
  // A changelog lists the changes since the revision just before: a longer span is not what it describes.
  const reading: ChangelogReading | NoChangelog = !pair.adjacent
    ? { page: null, note: `${pair.new}'s changelog lists the changes since the revision just before it, not since ${pair.old}; the pairs of adjacent revisions hold each changelog against its diff.` }
    : report.changelog ?? { page: null, note: `${pair.new} has no changelog page.` };
  if (reading.page === null) return { reading, items: [], unannounced: [] };
  const counted = report.grouped.filter((c) => !c.informative);
  return {
    reading,
    items: reading.items.map((item, i) => ({ item, anchor: itemAnchor(i), changes: counted.filter((c) => c.changelog !== null && sameItem(c.changelog, item)) })),
    unannounced: counted.filter((c) => c.changelog === null),
  };
}

/** Where the pair page shows the item that announced a change, or null (no changelog, or a pair of non-adjacent revisions). */
export function announcementAnchor(changelog: PairChangelog, announced: AnnouncedBy | null): string | null {
  if (announced === null) return null;
  const found = changelog.items.find((i) => sameItem(i.item, announced));
  return found ? found.anchor : null;
}
