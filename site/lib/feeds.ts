import { CHANGE_LEVELS, type ChangeSummary } from '../../src/index.ts';
import { atomDate, type AtomEntry, type AtomFeed } from './atom.ts';
import { diffPage } from './diff-page.ts';
import { pairOverview } from './diffs.ts';
import { snapshotsDir } from './env.ts';
import { readSiteLock } from './lock.ts';
import { changeAnchors } from './page-view.ts';
import { pageOfPair, pagesOf, pagesOfPair, revisionPairs, specSet } from './spec.ts';
import { paths } from './urls.ts';

/**
 * What the Atom feeds say (atom.ts writes them). The spec's feed: each released revision
 * (dated by its id) and each change record of the draft against the latest (dated by when
 * the draft was snapshotted). A page's feed: each step of the timeline that changed it.
 * `url` turns a site path into the link a reader follows (absolute when the site URL is known).
 */

type Url = (path: string) => string;

const SUMMARY_WORDS = (summary: ChangeSummary) => CHANGE_LEVELS.map((l) => `${summary[l]} ${l}`).join(', ');

/** When a revision changed last: its date, or (the draft) when its pages were last fetched. */
function revisionUpdated(id: string): string {
  const info = specSet().revisions.find((r) => r.id === id);
  if (info?.date) return atomDate(info.date);
  const fetched = readSiteLock(snapshotsDir()).pages.filter((p) => p.revision === id).map((p) => p.retrievedAt).sort().at(-1);
  return fetched ? atomDate(fetched) : '1970-01-01T00:00:00Z';
}

export async function specFeed(url: Url): Promise<AtomFeed> {
  const { revisions, latest } = specSet();
  const entries: AtomEntry[] = [];
  for (const pair of revisionPairs().filter((p) => p.adjacent)) {
    const next = revisions.find((r) => r.id === pair.new)!;
    const overview = await pairOverview(pair);
    if (next.status !== 'draft') {
      entries.push({
        id: `urn:specdelta:revision:${next.id}`,
        title: `Revision ${next.id}`,
        updated: revisionUpdated(next.id),
        link: url(paths.pair(pair.old, pair.new)),
        summary: `Revision ${next.id} of the specification: ${SUMMARY_WORDS(overview.summary)} changes since ${pair.old}.`,
      });
      continue;
    }
    // The draft moves between releases: each of its change records is news of its own.
    const updated = revisionUpdated(next.id);
    for (const page of pagesOfPair(pair)) {
      const data = diffPage(pair.old, pair.new, page.key);
      const anchors = changeAnchors(data.report.changes);
      data.report.changes.forEach((change, i) => entries.push({
        id: `urn:specdelta:draft:${page.key}:${change.fingerprint}`,
        title: `Draft, ${page.key}: ${change.message}`,
        updated,
        link: `${url(paths.diffPart(pair.old, pair.new, page.key, data.partOf[i]!))}#${anchors[i]}`,
        summary: `${change.level} (${change.id}) in ${page.key}, draft against ${pair.old}.`,
      }));
    }
  }
  const first = revisions[0];
  if (first?.date) entries.push({ id: `urn:specdelta:revision:${first.id}`, title: `Revision ${first.id}`, updated: revisionUpdated(first.id), link: url(paths.revision(first.id)), summary: `Revision ${first.id}, the first the site knows.` });
  return { id: 'urn:specdelta:feed:spec', title: 'Model Context Protocol specification: revisions and draft changes', self: url(paths.feed()), alternate: url(latest ? paths.revision(latest.id) : ''), entries };
}

/** Every page id any revision has: each gets a feed. */
export function feedPages(): string[] {
  return [...new Set(specSet().revisions.flatMap((r) => pagesOf(r.id)))].sort();
}

export function pageFeed(page: string, url: Url): AtomFeed {
  const entries: AtomEntry[] = [];
  for (const pair of revisionPairs().filter((p) => p.adjacent)) {
    const key = pageOfPair(pair, page)?.key;
    if (key === undefined) continue;
    const data = diffPage(pair.old, pair.new, key);
    if (data.report.changes.length === 0) continue;
    entries.push({
      id: `urn:specdelta:page:${page}:${pair.old}:${pair.new}`,
      title: `${page}: ${pair.old} → ${pair.new}`,
      updated: revisionUpdated(pair.new),
      link: url(paths.diff(pair.old, pair.new, key)),
      summary: `${page} changed from ${pair.old} to ${pair.new}: ${SUMMARY_WORDS(data.report.summary)}.`,
    });
  }
  const latest = specSet().latest;
  return { id: `urn:specdelta:feed:page:${page}`, title: `MCP specification, ${page}: changes`, self: url(paths.pageFeed(page)), alternate: url(latest && pagesOf(latest.id).includes(page) ? paths.revisionPage(latest.id, page) : ''), entries };
}
