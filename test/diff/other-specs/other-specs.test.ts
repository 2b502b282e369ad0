import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../../../src/records/change.ts';
import { diffRevisionFolders } from '../../../src/revision/revisions.ts';
import { revisionFolders } from '../../../src/input/spec-tree.ts';
import { repoRoot } from '../../../harness/paths.ts';
import { ANSWER_KEY, recordsFor } from './answer-key.ts';

/**
 * Integration on real specifications that are not MCP (../shared/other-specs, read in
 * place, never copied): every adjacent pair of releases/editions is diffed as two revision
 * folders, the changelog's spec-visible items must be reported at sensible levels, and no
 * record may claim a move that did not happen.
 */
const otherSpecs = resolve(repoRoot, '../shared/other-specs');
const describeSpecs = existsSync(otherSpecs) ? describe : describe.skip;

describeSpecs('revision order of the real folders', () => {
  it('orders OpenTelemetry releases by version and GraphQL editions by date', () => {
    expect(revisionFolders(join(otherSpecs, 'opentelemetry-specification'))).toEqual(['v1.45.0', 'v1.58.0', 'v1.59.0', 'v1.60.0']);
    expect(revisionFolders(join(otherSpecs, 'graphql-spec'))).toEqual(['June2018', 'October2021', 'September2025']);
  });
});

describeSpecs.each(ANSWER_KEY)('$spec $old → $new', (pair) => {
  let changes: Change[] = [];

  beforeAll(async () => {
    const dir = (name: string) => ({ dir: join(otherSpecs, pair.spec, name), label: name });
    changes = (await diffRevisionFolders(dir(pair.old), dir(pair.new))).changes;
    const found = pair.items.filter((item) => recordsFor(item, changes).length > 0).length;
    console.log(`${pair.spec} ${pair.old} → ${pair.new}: ${found} of ${pair.items.length} spec-visible changelog items found (${changes.length} records)`);
  }, 180_000);

  it('the pair is adjacent in revision order', () => {
    const order = revisionFolders(join(otherSpecs, pair.spec));
    expect(order.indexOf(pair.new) - order.indexOf(pair.old)).toBe(1);
  });

  it.each(pair.items)('reports: $item', (item) => {
    const records = recordsFor(item, changes);
    expect(records.length, `no ${item.id} record on ${item.page} matching ${item.subject}`).toBeGreaterThan(0);
    expect(records.some((r) => item.levels.includes(r.level)), `levels ${records.map((r) => r.level).join(', ')}`).toBe(true);
  });

  it('claims no false moves', () => {
    // Never "moved from X to X": a section whose parent path reads the same has not moved,
    // and a sentence every section repeats (boilerplate) pairs within its own section first.
    const moves = changes.filter((r) => r.id === 'section-moved' || r.id === 'rule-moved');
    for (const c of moves) expect(c.message, c.subject).not.toMatch(/from "(.*)" to "\1"/);
  });
});
