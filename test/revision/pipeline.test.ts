import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogEntry } from '../../src/records/catalog.ts';
import type { Change } from '../../src/records/change.ts';
import { pageIds } from '../../src/input/spec-tree.ts';
import { REVISION_PASSES, type PassEffect, type RevisionPass } from '../../src/revision/pipeline.ts';
import { diffRevisionPages, loadSchemaSides } from '../../src/revision/revisions.ts';
import { specMain, specPages } from '../../harness/paths.ts';

/**
 * The revision's passes (src/revision/pipeline.ts) each keep their contract: run on two
 * real pairs of the mirror, every pass is watched and what it did is held against what it
 * may do. A pass that changes a level says so in the record's reason.
 */
async function watch(oldRev: string, newRev: string): Promise<{ pass: RevisionPass; before: readonly Change[]; after: readonly Change[] }[]> {
  const seen: { pass: RevisionPass; before: readonly Change[]; after: readonly Change[] }[] = [];
  const text = (side: 'old' | 'new', page: string) => readFileSync(join(specPages, side === 'old' ? oldRev : newRev, `${page}.mdx`), 'utf8');
  const schema = (rev: string) => readFileSync(join(specMain, 'schema', rev, 'schema.json'), 'utf8');
  const labels = { old: oldRev, new: newRev };
  diffRevisionPages({
    oldPages: pageIds(join(specPages, oldRev)),
    newPages: pageIds(join(specPages, newRev)),
    text,
    labels,
    schema: await loadSchemaSides(schema(oldRev), schema(newRev), labels),
    observePasses: (pass, before, after) => seen.push({ pass, before, after }),
  });
  return seen;
}

/** What a pass did, read from its records before and after. */
function effects(before: readonly Change[], after: readonly Change[]): Set<PassEffect> {
  const done = new Set<PassEffect>();
  // Before the last pass a fingerprint may repeat (one sentence on two pages): a record is its fingerprint, page and place among its repeats.
  const keyed = (list: readonly Change[]) => {
    const seen = new Map<string, number>();
    return new Map(list.map((c) => {
      const base = `${c.fingerprint}|${c.page ?? ''}|${c.source ?? ''}`;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      return [`${base}|${n}`, c] as const;
    }));
  };
  const was = keyed(before);
  const now = keyed(after);
  const gone = [...was.keys()].filter((k) => !now.has(k));
  const fresh = [...now.keys()].filter((k) => !was.has(k));
  if (gone.length > 0 && fresh.length === 0) done.add('drop');
  if (gone.length > 0 && fresh.length > 0) done.add(fresh.length < gone.length ? 'merge' : 'rewrite');
  if (gone.length === 0 && fresh.length > 0) done.add('add');
  for (const [key, change] of now) {
    const old = was.get(key);
    if (!old) continue;
    if (old.level !== change.level) done.add('relevel');
    const { level: _a, levelReason: _b, ...rest } = change;
    const { level: _c, levelReason: _d, ...oldRest } = old;
    if (JSON.stringify(rest) !== JSON.stringify(oldRest)) done.add('rewrite');
  }
  return done;
}

describe('the revision passes', () => {
  it('are named once each, with a one-line contract', () => {
    const names = REVISION_PASSES.map((p) => p.name);
    expect(new Set(names).size).toBe(names.length);
    for (const pass of REVISION_PASSES) {
      expect(pass.contract.length).toBeGreaterThan(20);
      expect(pass.contract).not.toMatch(/\n/);
      expect(pass.may.length).toBeGreaterThan(0);
    }
  });

  it.each([['2025-06-18', '2025-11-25'], ['2025-11-25', '2026-07-28']])('keep their contracts on %s → %s', async (oldRev, newRev) => {
    const broken: string[] = [];
    const ran = new Set<string>();
    for (const { pass, before, after } of await watch(oldRev, newRev)) {
      ran.add(pass.name);
      // A merge or a rewrite makes new records from old ones (new fingerprints): it may look like a drop with additions.
      // Dropping some records while rewriting others reads the same as merging them.
      const dropsAndRewrites = pass.may.includes('drop') && pass.may.includes('rewrite');
      const allowed = new Set<PassEffect>([...pass.may, ...(pass.may.includes('merge') ? (['drop', 'rewrite'] as const) : []), ...(dropsAndRewrites ? (['merge'] as const) : [])]);
      for (const effect of effects(before, after)) if (!allowed.has(effect)) broken.push(`${pass.name} did "${effect}", which it may not (${pass.may.join(', ')})`);
      // Whatever changed a level says where it came from.
      if (pass.may.includes('relevel')) {
        const was = new Map(before.map((c) => [`${c.fingerprint}|${c.page ?? ''}`, c.level]));
        for (const change of after) {
          const key = `${change.fingerprint}|${change.page ?? ''}`;
          // Back at its catalog default a record has nothing to explain; anywhere else the pass must say it moved it.
          const atDefault = change.level === catalogEntry(change.id).level;
          if (was.has(key) && was.get(key) !== change.level && !atDefault && !change.levelReason?.includes(`[${pass.name}]`)) broken.push(`${pass.name} re-levelled ${change.fingerprint} without saying so`);
        }
      }
    }
    expect(broken).toEqual([]);
    // With schemas on both sides every pass runs.
    expect([...ran]).toEqual(REVISION_PASSES.map((p) => p.name));
  });
});
