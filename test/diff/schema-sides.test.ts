import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchemaSides } from '../../src/revision/revisions.ts';
import { revisionFolders } from '../../src/input/spec-tree.ts';
import { analyzeSchema, diffSchemaAnalyses, parseSchemaText } from '../../src/schema/index.ts';
import { mirrorAvailable, specMain, specPages } from '../../harness/paths.ts';

/**
 * A revision diff whose two sides have the same schema text (a pull request that leaves the
 * schema alone) reads it once and reports nothing: what reading it twice and diffing gives.
 */
describe.skipIf(!mirrorAvailable())('the same schema on both sides', () => {
  const revisions = mirrorAvailable() ? revisionFolders(specPages) : [];

  it.each(revisions)('%s: read once, no records, each side named by its own label', async (revision) => {
    const text = readFileSync(join(specMain, 'schema', revision, 'schema.json'), 'utf8');
    const sides = await loadSchemaSides(text, text, { old: 'base', new: 'head' });

    const [old, now] = [analyzeSchema(parseSchemaText(text, 'base:schema')), analyzeSchema(parseSchemaText(text, 'head:schema'))];
    expect(diffSchemaAnalyses(old, now, { oldSource: 'base:schema', newSource: 'head:schema' })).toEqual([]);
    expect(sides.changes).toEqual([]);
    expect(sides.new.source).toBe('head:schema');
    expect(sides.diagnostics).toEqual({ old: old.model.diagnostics, new: now.model.diagnostics });
    expect(sides.envelopes.new).toEqual(sides.envelopes.old);
    expect(sides.new.definitions).toEqual(now.model.definitions);
  });
});
