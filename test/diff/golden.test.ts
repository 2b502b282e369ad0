import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { diffPageTexts } from '../../src/diff/index.ts';
import { fixturesDir } from '../../harness/paths.ts';

/**
 * Golden fixtures: fixtures/pages/<case>/{old.mdx,new.mdx,expected.json}. Regenerate with
 * `UPDATE=1 npx vitest run test/diff/golden.test.ts` and review the JSON diff like code.
 */
const pagesDir = join(fixturesDir, 'pages');
const cases = readdirSync(pagesDir).filter((name) => existsSync(join(pagesDir, name, 'old.mdx')));

describe('golden page fixtures', () => {
  it.each(cases)('%s', (name) => {
    const dir = join(pagesDir, name);
    const { changes, diagnostics } = diffPageTexts(readFileSync(join(dir, 'old.mdx'), 'utf8'), readFileSync(join(dir, 'new.mdx'), 'utf8'));
    // The records and the problems read: the golden's contract (outlines are how the grouping reads a page, not output).
    const actual = JSON.parse(JSON.stringify({ changes, diagnostics }));
    const expectedPath = join(dir, 'expected.json');
    if (process.env['UPDATE']) writeFileSync(expectedPath, `${JSON.stringify(actual, null, 2)}\n`);
    // A missing golden file is a failure: only an explicit UPDATE=1 writes one, to be reviewed like code.
    expect(existsSync(expectedPath), `${expectedPath} is missing; write it with UPDATE=1 and review it`).toBe(true);
    expect(actual).toEqual(JSON.parse(readFileSync(expectedPath, 'utf8')));
  });
});
