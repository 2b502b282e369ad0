import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import { diffRevisions, type Change, type SpecChange } from '../../src/index.ts';
import { fixturesDir } from '../../harness/paths.ts';

/**
 * The fixtures of changes (fixtures/changes/<case>/{old,new}/ and expected.json, the golden
 * of the changes: written only with UPDATE=1 and reviewed like code), shared by the test files
 * that state each case's intent.
 */
export const casesDir = join(fixturesDir, 'changes');

/** The cases about a change's impact (impact.test.ts states their intents); the others are grouping.test.ts's. */
export const IMPACT_CASES = ['new-kind', 'new-parts-required', 'quantified-duty', 'reserved-names', 'restated-standard', 'schema-required', 'sibling-duties', 'union-name'];

export async function changesOf(name: string): Promise<{ grouped: SpecChange[]; records: number; changes: Change[] }> {
  const dir = join(casesDir, name);
  const result = await diffRevisions(join(dir, 'old'), join(dir, 'new'));
  const golden = join(dir, 'expected.json');
  const shown = result.grouped.map(({ id, title, impact, rule, feature, roles, page, records }) => ({ id, title, impact, rule, feature, roles, page, records: records.length }));
  if (process.env['UPDATE']) writeFileSync(golden, `${JSON.stringify(shown, null, 2)}\n`);
  expect(existsSync(golden), `${golden} is missing; write it with UPDATE=1 and review it`).toBe(true);
  expect(shown).toEqual(JSON.parse(readFileSync(golden, 'utf8')));
  // Every record belongs to exactly one change.
  expect(result.grouped.flatMap((c) => c.records).sort()).toEqual(result.changes.map((c) => c.fingerprint).sort());
  return { grouped: result.grouped, records: result.changes.length, changes: result.changes };
}

export const one = (grouped: readonly SpecChange[], title: RegExp): SpecChange => {
  const found = grouped.filter((c) => title.test(c.title));
  expect(found, `one change titled ${title}; got: ${grouped.map((c) => c.title).join(' | ')}`).toHaveLength(1);
  return found[0]!;
};
