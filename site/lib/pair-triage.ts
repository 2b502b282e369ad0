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
 * Every breaking record of a pair, pages first (most breaking first, as the pair page lists
 * them) then the schema's, each linked to its annotation: a page's on its diff page (or the
 * part that shows it), the schema's on the pair page. Grouped by the party that must act.
 */
export async function pairTriage(base: string, pair: RevisionPair): Promise<PairTriage> {
  const overview = await pairOverview(pair);
  const pages = overview.pages.filter((p) => p.summary.breaking > 0).sort((a, b) => b.summary.breaking - a.summary.breaking);
  const schemaChanges = overview.schema?.changes ?? [];
  const schemaAnchors = changeAnchors(schemaChanges);
  const records: PairRecord[] = [
    ...pages.flatMap((p) => {
      const data = diffPage(pair.old, pair.new, p.page.key);
      const anchors = changeAnchors(data.report.changes);
      return data.report.changes
        .map((change, i) => ({ change, where: p.page.key, link: `${href(base, paths.diffPart(pair.old, pair.new, p.page.key, data.partOf[i]!))}#${anchors[i]}` }))
        .filter((r) => r.change.level === 'breaking');
    }),
    ...schemaChanges
      .map((change, i) => ({ change, where: 'schema.json', link: `${href(base, paths.pair(pair.old, pair.new))}#${schemaAnchors[i]}` }))
      .filter((r) => r.change.level === 'breaking'),
  ];
  const parties = await pairParties(pair.old, pair.new);
  return { records, groups: breakingByRole(records.map((r) => r.change), parties), parties };
}
