import type { Change } from '../../src/index.ts';
import { diffPage } from './diff-page.ts';
import type { PairOverview } from './diffs.ts';
import { changeAnchors } from './page-view.ts';
import type { RevisionPair } from './spec.ts';
import { href, paths } from './urls.ts';

/** A record of a revision pair and where a reader finds it annotated. */
export interface PairRecord {
  change: Change;
  /** The page it is on ("schema.json" for the schema's records). */
  where: string;
  link: string;
}

/**
 * Where each record of a pair's whole-revision reading is annotated: a page's on its diff
 * page (or the part that shows it), the schema's on the pair page; a record only the
 * whole-revision reading has (a move between pages) links to its page's diff.
 */
export function recordLinker(base: string, pair: RevisionPair, overview: PairOverview): (change: Change) => PairRecord {
  const schemaChanges = overview.schema?.changes ?? [];
  const anchorsOfSchema = changeAnchors(schemaChanges);
  const schemaAnchors = new Map(schemaChanges.map((c, i) => [c.fingerprint, anchorsOfSchema[i]!]));
  const pageOf = new Map(overview.pages.map((p) => [(p.page.new ?? p.page.old)!, p.page.key]));
  return (change) => {
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
}
