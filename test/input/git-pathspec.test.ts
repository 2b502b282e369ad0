import { afterAll, describe, it } from 'vitest';
import { expectInputError } from '../helpers/input-error.ts';
import { runCli } from '../../harness/run-cli.ts';
import { makeSpecRepo } from '../../harness/spec-repo.ts';

/**
 * Issue 25, case 10: `--spec` and `--schema` name plain paths inside the repository. Git's
 * pathspec magic and wildcards are refused in one sentence (before, `:(top)spec` was read
 * and gave pages with empty ids), as is a path that leaves the repository.
 */

const repo = makeSpecRepo();
afterAll(() => repo.remove());

const diff = (...options: string[]) => runCli(['diff', '--git', repo.dir, 'main', 'proposal', ...options], { cwd: repo.dir });

describe('paths inside a git repository', () => {
  it.each([':(top)spec/draft', ':!spec/draft', ':/spec/draft', ':(glob)spec/**', ':(icase)SPEC/DRAFT'])('--spec %s is pathspec magic, refused', async (spec) => {
    expectInputError(await diff('--spec', spec), /is git pathspec magic, not a path; name the folder plainly/);
  });

  it.each(['spec/*', 'spec/dra?t', 'spec/[d]raft'])('--spec %s has a wildcard, refused', async (spec) => {
    expectInputError(await diff('--spec', spec), /has a wildcard \(\*, \? or \[\), which git would read as a pattern/);
  });

  it('--schema with magic, and a path that leaves the repository, are refused too', async () => {
    expectInputError(await diff('--spec', 'spec/draft', '--schema', ':(top)schema/draft/schema.json'), /:\(top\)schema\/draft\/schema\.json is git pathspec magic/);
    expectInputError(await diff('--spec', 'spec/../../elsewhere'), /spec\/\.\.\/\.\.\/elsewhere is not a path inside the repository/);
  });
});
