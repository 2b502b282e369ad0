import type { Change } from '../../src/index.ts';
import { diffPage, pairParties } from './diff-page.ts';
import { pairOverview } from './diffs.ts';
import { changeAnchors } from './page-view.ts';
import type { RevisionPair } from './spec.ts';
import { breakingByRole, type RoleGroup } from './triage.ts';
import { href, paths } from './urls.ts';

/** A breaking record of a revision pair and where a reader finds it annotated. */
export interface PairRecord {
  change: Change;
  /** The page it is on ("schema.json" for the schema's records). */
  where: string;
  link: string;
}

export interface PairTriage {
  records: PairRecord[];
  groups: RoleGroup[];
  parties: string[];
}

/**
 * The breaking records the pair's headline counts (the revision read as a whole: a rule that
 * moved is one record, informative pages are not counted), each linked to its annotation: a
 * page's on its diff page (or the part that shows it), the schema's on the pair page; a
 * record only the whole-revision reading has (a move between pages) links to its page's diff.
 * Pages with the most breaking records come first, the schema's last. Grouped by the party
 * that must act.
 */
export async function pairTriage(base: string, pair: RevisionPair): Promise<PairTriage> {
  const overview = await pairOverview(pair);
  const counted = overview.records.filter((c) => c.level === 'breaking' && c.informative !== true);
  const schemaChanges = overview.schema?.changes ?? [];
  const anchorsOfSchema = changeAnchors(schemaChanges);
  const schemaAnchors = new Map(schemaChanges.map((c, i) => [c.fingerprint, anchorsOfSchema[i]!]));
  const pageOf = new Map(overview.pages.map((p) => [(p.page.new ?? p.page.old)!, p.page.key]));
  const breakingOn = new Map<string, number>();
  for (const c of counted) if (c.source !== 'schema' && c.page) breakingOn.set(c.page, (breakingOn.get(c.page) ?? 0) + 1);
  const linkOf = (change: Change): PairRecord => {
    if (change.source === 'schema' || !change.page || !pageOf.has(change.page)) {
      const anchor = schemaAnchors.get(change.fingerprint);
      return { change, where: 'schema.json', link: `${href(base, paths.pair(pair.old, pair.new))}${anchor ? `#${anchor}` : ''}` };
    }
    const key = pageOf.get(change.page)!;
    const data = diffPage(pair.old, pair.new, key);
    const i = data.report.changes.findIndex((c) => c.fingerprint === change.fingerprint);
    const anchors = i === -1 ? [] : changeAnchors(data.report.changes);
    const part = i === -1 ? data.partOf[0] ?? 1 : data.partOf[i]!;
    return { change, where: key, link: `${href(base, paths.diffPart(pair.old, pair.new, key, part))}${i === -1 ? '' : `#${anchors[i]}`}` };
  };
  const rank = (c: Change) => (c.source === 'schema' || !c.page ? -1 : breakingOn.get(c.page) ?? 0);
  const records = counted
    .map((change, order) => ({ record: linkOf(change), rank: rank(change), order }))
    .sort((a, b) => b.rank - a.rank || a.order - b.order)
    .map((r) => r.record);
  const parties = await pairParties(pair.old, pair.new);
  return { records, groups: breakingByRole(records.map((r) => r.change), parties), parties };
}
