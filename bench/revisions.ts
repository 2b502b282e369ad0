import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { summarize, type ChangeSummary } from '../src/records/change.ts';
import { diffRevisionPages, loadSchemaSides } from '../src/revision/revisions.ts';
import { pageIds, revisionFolders } from '../src/input/spec-tree.ts';

/**
 * Whole-revision diffs of every adjacent pair (every page plus schema.json), as
 * `specdelta diff OLD NEW` reports them: the headline counts by level, and how many
 * records come from informative pages (kept out of the counts). A jump in either is a
 * change in precision worth a look.
 */
export interface RevisionPairBench {
  old: string;
  new: string;
  summary: ChangeSummary;
  records: number;
  /** Share of the records that come from informative pages (change logs, indexes). */
  informativeShare: number;
  /** Records from the page generated from the schema that the schema did not report itself. */
  reference: number;
  ms: number;
}

export async function benchRevisions(specRoot: string): Promise<RevisionPairBench[]> {
  const pagesDir = join(specRoot, 'docs/specification');
  const revisions = revisionFolders(pagesDir);
  const schema = (revision: string) => readFileSync(join(specRoot, 'schema', revision, 'schema.json'), 'utf8');
  const out: RevisionPairBench[] = [];
  for (let i = 0; i + 1 < revisions.length; i++) {
    const [old, now] = [revisions[i]!, revisions[i + 1]!];
    const start = performance.now();
    const { changes } = diffRevisionPages({
      oldPages: pageIds(join(pagesDir, old)),
      newPages: pageIds(join(pagesDir, now)),
      text: (side, page) => readFileSync(join(pagesDir, side === 'old' ? old : now, `${page}.mdx`), 'utf8'),
      labels: { old, new: now },
      schema: await loadSchemaSides(schema(old), schema(now), { old, new: now }),
    });
    const summary = summarize(changes);
    out.push({
      old,
      new: now,
      summary,
      records: changes.length,
      informativeShare: changes.length ? (summary.informative ?? 0) / changes.length : 0,
      reference: changes.filter((c) => c.source === 'reference').length,
      ms: performance.now() - start,
    });
  }
  return out;
}
