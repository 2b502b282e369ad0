import type { Change } from '../../src/index.ts';
import { pairParties } from './diff-page.ts';
import { pairOverview } from './diffs.ts';
import { recordLinker, type PairRecord } from './record-links.ts';
import type { RevisionPair } from './spec.ts';
import { breakingByRole, type RoleGroup } from './triage.ts';

export interface PairTriage {
  records: PairRecord[];
  groups: RoleGroup[];
  parties: string[];
}

/**
 * The breaking records the pair's headline counts (the revision read as a whole: a rule that
 * moved is one record, informative pages are not counted), each linked to its annotation
 * (record-links.ts). Pages with the most breaking records come first, the schema's last. Grouped by the party
 * that must act.
 */
export async function pairTriage(base: string, pair: RevisionPair): Promise<PairTriage> {
  const overview = await pairOverview(pair);
  const counted = overview.records.filter((c) => c.level === 'breaking' && c.informative !== true);
  const linkOf = recordLinker(base, pair, overview);
  const breakingOn = new Map<string, number>();
  for (const c of counted) if (c.source !== 'schema' && c.page) breakingOn.set(c.page, (breakingOn.get(c.page) ?? 0) + 1);
  const rank = (c: Change) => (c.source === 'schema' || !c.page ? -1 : breakingOn.get(c.page) ?? 0);
  const records = counted
    .map((change, order) => ({ record: linkOf(change), rank: rank(change), order }))
    .sort((a, b) => b.rank - a.rank || a.order - b.order)
    .map((r) => r.record);
  const parties = await pairParties(pair.old, pair.new);
  return { records, groups: breakingByRole(records.map((r) => r.change), parties), parties };
}
