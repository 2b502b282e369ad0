import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANGE_ACTIONS, CHANGE_KINDS, CHANGE_LEVELS } from '../../src/records/change.ts';
import { catalogEntries, catalogEntry } from '../../src/records/catalog.ts';
import { fixturesDir } from '../../harness/paths.ts';

const KEBAB = /^[a-z]+(-[a-z]+)*$/;

/** Every id that some golden fixture (pages, revisions, schemas) produces. */
function idsPinnedByFixtures(): Set<string> {
  const ids = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === 'expected.json') {
        const data = JSON.parse(readFileSync(path, 'utf8')) as { changes?: { id: string }[] };
        for (const change of data.changes ?? []) ids.add(change.id);
      }
    }
  };
  if (existsSync(fixturesDir)) walk(fixturesDir);
  return ids;
}

describe('change catalog', () => {
  // Schema entries register themselves when the schema module loads.
  it.each(catalogEntries().map((e) => [e.id, e] as const))('%s is complete', async (_id, entry) => {
    expect(entry.id).toMatch(KEBAB);
    expect(CHANGE_KINDS).toContain(entry.kind);
    expect(CHANGE_ACTIONS).toContain(entry.action);
    expect(CHANGE_LEVELS).toContain(entry.level);
    expect(entry.description.length).toBeGreaterThan(15);
    expect(entry.why.length).toBeGreaterThan(15);
    const message = entry.message({ id: entry.id, subject: 'x', section: { old: 'A', new: 'A' }, before: { text: 'b', line: 1, keyword: 'MUST' }, after: { text: 'a', line: 2, keyword: 'SHOULD' } });
    expect(message.length).toBeGreaterThan(5);
  });

  it('throws a sentence that says how to fix an unknown id', () => {
    expect(() => catalogEntry('no-such-change')).toThrow(/not in the catalog; add it/);
  });

  it('has every entry pinned by at least one golden fixture', async () => {
    await import('../../src/schema/index.ts').catch(() => undefined);
    const pinned = idsPinnedByFixtures();
    const unpinned = catalogEntries().map((e) => e.id).filter((id) => !pinned.has(id));
    expect(unpinned).toEqual([]);
  });
});
