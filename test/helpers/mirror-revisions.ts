import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Change } from '../../src/records/change.ts';
import type { Diagnostic } from '../../src/model/diagnostic.ts';
import { diffRevisionPages, loadSchemaSides, type PageReading } from '../../src/revision/revisions.ts';
import { pageIds, revisionFolders } from '../../src/input/spec-tree.ts';
import { specMain, specPages } from '../../harness/paths.ts';

/**
 * A whole-revision diff of two revisions of the mirror (every page plus `schema.json`),
 * as `specdelta diff OLD NEW` computes it from snapshots: the mirror keeps its schemas in
 * `schema/REV/` rather than beside the pages, so this assembles the same inputs.
 */
export async function diffMirrorRevisions(oldRev: string, newRev: string): Promise<Change[]> {
  return (await diffMirrorRevisionsWithDiagnostics(oldRev, newRev)).changes;
}

/** The same, with the problems each side's pages and schema were read with. */
export async function diffMirrorRevisionsWithDiagnostics(oldRev: string, newRev: string): Promise<{ changes: Change[]; diagnostics: { old: Diagnostic[]; new: Diagnostic[] }; pages: PageReading[] }> {
  const text = (side: 'old' | 'new', page: string) => readFileSync(join(specPages, side === 'old' ? oldRev : newRev, `${page}.mdx`), 'utf8');
  const schema = (rev: string) => readFileSync(join(specMain, 'schema', rev, 'schema.json'), 'utf8');
  const labels = { old: oldRev, new: newRev };
  const { changes, diagnostics, pages } = diffRevisionPages({
    oldPages: pageIds(join(specPages, oldRev)),
    newPages: pageIds(join(specPages, newRev)),
    text,
    labels,
    schema: await loadSchemaSides(schema(oldRev), schema(newRev), labels),
  });
  return { changes, diagnostics, pages };
}

/** Adjacent revisions of the mirror, oldest first, the draft last. */
export function adjacentMirrorRevisions(): [string, string][] {
  const revisions = revisionFolders(specPages);
  return revisions.slice(1).map((rev, i) => [revisions[i]!, rev]);
}
