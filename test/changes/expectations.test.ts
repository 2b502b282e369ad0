import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SpecChange } from '../../src/changes/index.ts';
import { folderTree, type RevisionTree } from '../../src/input/revision-tree.ts';
import { pageOfRevision, revisionInfo } from '../../src/report/report.ts';
import { reportRevisions } from '../../src/report/revision-report.ts';
import { fixturesDir, specMain, specPages } from '../../harness/paths.ts';

/**
 * The changes reported for a page of the real spec against hand-written expectations
 * (fixtures/expectations/*.json): each expected change matches exactly one reported change
 * at home on the page, with the impact we read (or one the file accepts, saying why), and
 * no reported change is left over.
 */
interface Expectation {
  old: string;
  new: string;
  page: string;
  changes: { what: string; title: string; impact: string; accept?: string[]; why?: string }[];
}

const dir = join(fixturesDir, 'expectations');
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

/** A revision of the mirror: its pages, and its schema kept apart from them upstream. */
function mirrorTree(revision: string): RevisionTree {
  const tree = folderTree(join(specPages, revision), { label: revision });
  const schema = join(specMain, 'schema', revision, 'schema.json');
  return { ...tree, schema: () => (existsSync(schema) ? readFileSync(schema, 'utf8') : null) };
}

describe('the changes of real pages, against what we read', () => {
  it('has expectation files', () => expect(files.length).toBeGreaterThanOrEqual(2));

  it.each(files)('%s', async (file) => {
    const expected = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Expectation;
    const whole = await reportRevisions(mirrorTree(expected.old), mirrorTree(expected.new));
    const page = pageOfRevision(whole, expected.page, revisionInfo(expected.old, expected.old), revisionInfo(expected.new, expected.new));
    const reported: SpecChange[] = page.grouped.filter((c) => c.page === expected.page && !c.informative);
    const unmatched = new Set(reported);
    const problems: string[] = [];
    for (const want of expected.changes) {
      const pattern = new RegExp(want.title);
      const found = reported.filter((c) => pattern.test(c.title));
      if (found.length !== 1) {
        problems.push(`${found.length} reported changes match /${want.title}/ (${want.what})`);
        continue;
      }
      unmatched.delete(found[0]!);
      const impacts = [want.impact, ...(want.accept ?? [])];
      if (!impacts.includes(found[0]!.impact)) problems.push(`"${found[0]!.title}" is ${found[0]!.impact}, read as ${impacts.join(' or ')}`);
    }
    for (const extra of unmatched) problems.push(`reported but not expected: [${extra.impact}] ${extra.title}`);
    expect(problems).toEqual([]);
    // The page's count is its changes: the same number its revision's report gives it.
    expect(Object.values(page.summary.impact).reduce((a, b) => a + b, 0)).toBe(expected.changes.length);
  });
});
