import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_BUNDLE, bundleAction } from '../../scripts/build-action.mjs';
import { repoRoot } from '../../harness/paths.ts';

/**
 * The Action runs one committed file (action.yml: `runs.main`), built from the sources by
 * scripts/build-action.mjs. Built again here: a source change without `npm run
 * build:action` fails this test, so what the Action runs is what the tests test.
 */
describe('the Action bundle', () => {
  it('is what the sources build to, byte for byte', async () => {
    const committed = readFileSync(join(repoRoot, ACTION_BUNDLE), 'utf8');
    const built = await bundleAction();
    // Not toBe: a 1 MB diff would drown the message.
    expect(built === committed, `${ACTION_BUNDLE} is stale: run \`npm run build:action\` and commit it`).toBe(true);
  }, 60_000);

  it('holds the differ and not the site, the badges or the CLI', () => {
    const committed = readFileSync(join(repoRoot, ACTION_BUNDLE), 'utf8');
    for (const module of ['src/action/run.ts', 'src/report/revision-report.ts', 'src/changes/index.ts', 'src/revision/revisions.ts', 'src/input/git-tree.ts']) expect(committed).toContain(`// ${module}`);
    for (const absent of ['node_modules/astro/', 'node_modules/anafanafo/', 'src/cli/', 'site/', 'node_modules/cheerio/']) expect(committed).not.toContain(`// ${absent}`);
  });
});
