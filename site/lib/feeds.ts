import { IMPACTS, type ImpactSummary } from '../../src/index.ts';
import { atomDate, type AtomEntry, type AtomFeed } from './atom.ts';
import { diffPageOf } from './diff-page.ts';
import { snapshotsDir } from './env.ts';
import { totalOf } from './labels.ts';
import { readSiteLock } from './lock.ts';
import { pairLinks } from './record-links.ts';
import { pairData } from './reports.ts';
import { plainText } from './segments.ts';
import { pageOfPair, pagesOf, revisionPairs, specSet } from './spec.ts';
import { paths } from './urls.ts';

/**
 * What the Atom feeds say (atom.ts writes them), counted from the pairs' changes like every
 * view. The spec's feed: each released revision (dated by its id) and each change the draft
 * makes to the latest (dated by when the draft was snapshotted). A page's feed: each step of
 * the timeline that changed it. `url` turns a site path into the link a reader follows
 * (absolute when the site URL is known).
 */

type Url = (path: string) => string;

const SUMMARY_WORDS = (summary: ImpactSummary) => IMPACTS.map((i) => `${summary[i]} ${i}`).join(', ');

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
    const { report } = await pairData(pair);
    if (next.status !== 'draft') {
      entries.push({
        id: `urn:specdelta:revision:${next.id}`,
        title: `Revision ${next.id}`,
        updated: revisionUpdated(next.id),
        link: url(paths.pair(pair.old, pair.new)),
        summary: `Revision ${next.id} of the specification: ${SUMMARY_WORDS(report.summary.impact)} changes since ${pair.old}.`,
      });
      continue;
    }
    // The draft moves between releases: each change it makes is news of its own.
    const updated = revisionUpdated(next.id);
    const links = await pairLinks('/', pair);
    for (const change of report.grouped.filter((c) => !c.informative)) {
      entries.push({
        id: `urn:specdelta:draft:${change.id}`,
        title: `Draft, ${change.page ?? 'the specification'}: ${plainText(change.title)}`,
        updated,
        link: url(links.change(change).replace(/^\//, '')),
        summary: `${change.impact} (${change.rule}) in ${change.page ?? 'the specification'}, draft against ${pair.old}; ${change.records.length} record(s).`,
      });
    }
  }
  const first = revisions[0];
  if (first?.date) entries.push({ id: `urn:specdelta:revision:${first.id}`, title: `Revision ${first.id}`, updated: revisionUpdated(first.id), link: url(paths.revision(first.id)), summary: `Revision ${first.id}, the first the site knows.` });
  return { id: 'urn:specdelta:feed:spec', title: 'The specification: revisions and draft changes', self: url(paths.feed()), alternate: url(latest ? paths.revision(latest.id) : ''), entries };
}

/** Every page id any revision has: each gets a feed. */
export function feedPages(): string[] {
  return [...new Set(specSet().revisions.flatMap((r) => pagesOf(r.id)))].sort();
}

export async function pageFeed(page: string, url: Url): Promise<AtomFeed> {
  const entries: AtomEntry[] = [];
  for (const pair of revisionPairs().filter((p) => p.adjacent)) {
    const key = pageOfPair(pair, page)?.key;
    if (key === undefined) continue;
    const diff = diffPageOf(await pairData(pair), key);
    if (diff.report.changes.length === 0) continue;
    const impact = diff.report.summary.impact;
    entries.push({
      id: `urn:specdelta:page:${page}:${pair.old}:${pair.new}`,
      title: `${page}: ${pair.old} → ${pair.new}`,
      updated: revisionUpdated(pair.new),
      link: url(paths.diff(pair.old, pair.new, key)),
      summary: `${page} changed from ${pair.old} to ${pair.new}: ${totalOf(impact)} changes (${SUMMARY_WORDS(impact)}).`,
    });
  }
  const latest = specSet().latest;
  return { id: `urn:specdelta:feed:page:${page}`, title: `The specification, ${page}: changes`, self: url(paths.pageFeed(page)), alternate: url(latest && pagesOf(latest.id).includes(page) ? paths.revisionPage(latest.id, page) : ''), entries };
}
