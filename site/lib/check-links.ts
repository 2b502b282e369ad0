import type { FingerprintData } from '../../src/index.ts';
import { diffPage } from './diff-page.ts';
import { schemaDiff } from './diffs.ts';
import { changeAnchors } from './page-view.ts';
import { isPair, pageOfPair } from './spec.ts';
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
  const pair = `${oldRevision} → ${newRevision}`;
  const schema = page === 'schema' ? await schemaDiff(oldRevision, newRevision) : null;
  if (schema && !schema.error) {
    const i = schema.changes.findIndex((c) => c.fingerprint === fingerprint);
    if (i !== -1) return { url: `${href(base, paths.pair(oldRevision, newRevision))}#${changeAnchors(schema.changes)[i]}`, label: `schema.json, ${pair}`, exact: true, rank: 1 };
  }
  const pairPage = pageOfPair({ old: oldRevision, new: newRevision }, page);
  if (!pairPage) return null;
  const diff = diffPage(oldRevision, newRevision, pairPage.key);
  const changes = diff.report.changes;
  const label = `${pairPage.key}, ${pair}`;
  const found = changes.findIndex((c) => c.fingerprint === fingerprint);
  // A page the newer revision dropped is one record on the site ("page removed"): the record that removed what it held.
  const i = found === -1 && diff.status === 'removed' && changes.length === 1 ? 0 : found;
  if (i === -1) return { url: href(base, paths.diff(oldRevision, newRevision, pairPage.key)), label, exact: false, rank: 4 };
  const rank = found === -1 ? 2 : changes[i]!.informative ? 3 : 0;
  return { url: `${href(base, paths.diffPart(oldRevision, newRevision, pairPage.key, diff.partOf[i]!))}#${changeAnchors(changes)[i]}`, label, exact: true, rank };
}
