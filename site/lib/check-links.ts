import type { FingerprintData } from '../../src/index.ts';
import { pairLinks } from './record-links.ts';
import { isPair, pageOfPair, revisionPairs } from './spec.ts';
import { href, paths } from './urls.ts';

/**
 * Where the "check a page" tool sends a reader about an outdated name: the change record that
 * removed it, on the site's diff of the two revisions around its removal. The fingerprints
 * name those records (their `records`, by page and fingerprint); this finds each on the page
 * that shows it (a long diff is split into parts) and gives its anchor's URL.
 */

export interface RecordLink {
  url: string;
  /** "client/elicitation, 2025-11-25 → 2026-07-28". */
  label: string;
  /** False when the record is not on the site's diff (a page that came or went is one record there): the link opens the diff. */
  exact: boolean;
}

type Found = RecordLink & { rank: number };

/** Removal links by marker key, for every marker a released revision removed. */
export async function removalLinks(base: string, data: FingerprintData): Promise<Record<string, RecordLink>> {
  const ids = data.revisions.map((r) => r.id);
  const out: Record<string, RecordLink> = {};
  for (const marker of data.markers) {
    const last = marker.span.at(-1)!;
    const gone = ids[ids.indexOf(last) + 1];
    if (!gone || !isPair(last, gone)) continue;
    const found: Found[] = [];
    for (const record of marker.records ?? []) {
      if (record.revision !== gone) continue;
      const link = await recordLink(base, last, gone, record.page, record.fingerprint);
      if (link) found.push(link);
    }
    // A normative page's record first, then the schema's, then a removed page's, then an informative page's (a change log), then a diff without the record.
    const best = found.sort((a, b) => a.rank - b.rank)[0];
    if (best) out[marker.key] = { url: best.url, label: best.label, exact: best.exact };
  }
  return out;
}

async function recordLink(base: string, oldRevision: string, newRevision: string, page: string, fingerprint: string): Promise<Found | null> {
  const pair = revisionPairs().find((p) => p.old === oldRevision && p.new === newRevision)!;
  const links = await pairLinks(base, pair);
  const record = links.byFingerprint.get(fingerprint);
  if (record) {
    const where = links.where(record);
    const rank = record.source === 'schema' ? 1 : record.informative ? 3 : 0;
    return { url: links.record(fingerprint), label: `${where}, ${oldRevision} → ${newRevision}`, exact: true, rank };
  }
  const pairPage = pageOfPair(pair, page);
  if (!pairPage) return null;
  const label = `${pairPage.key}, ${oldRevision} → ${newRevision}`;
  // A page the newer revision dropped is one record on the site ("page removed"): the record that removed what it held.
  const gone = pairPage.new === null ? links.data.report.changes.find((c) => c.id === 'page-removed' && c.page === pairPage.old) : undefined;
  if (gone) return { url: links.record(gone.fingerprint), label, exact: true, rank: 2 };
  return { url: href(base, paths.diff(oldRevision, newRevision, pairPage.key)), label, exact: false, rank: 4 };
}
