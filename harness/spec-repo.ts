import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * A spec repository made with git for a test: `main` (the base) and a `proposal` branch
 * that strengthens a rule, adds a page, removes one and requires one more schema field in
 * spec/draft, and inverts a rule in a second folder, extensions/tasks.
 * The working tree is left on main: refs are read from git's objects, never checked out.
 */
export interface SpecRepo {
  dir: string;
  git: (...args: string[]) => string;
  remove: () => void;
}

/** What the proposal changes, as `page id` records of a whole-revision diff (pages only). */
export const PROPOSAL_PAGE_RECORDS = ['basic/old-page page-removed', 'client/roots rule-strengthened', 'client/sampling page-added'];

const schema = (required: string[]) => JSON.stringify({ $schema: 'http://json-schema.org/draft-07/schema#', definitions: { Ping: { type: 'object', properties: { id: { type: 'string' }, note: { type: 'string' } }, required } } }, null, 2);

export function makeSpecRepo(): SpecRepo {
  const dir = mkdtempSync(join(tmpdir(), 'specdelta-git-'));
  const identity = { GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@example.org', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@example.org' };
  const git = (...args: string[]) => execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8', env: { ...process.env, ...identity } });
  const write = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  git('init', '-q', '-b', 'main');
  write('spec/draft/client/roots.mdx', '# Roots\n\n## Listing\n\nClients SHOULD list every root.\n');
  write('spec/draft/server/tools.mdx', '# Tools\n\nServers MUST validate tool input.\n');
  write('spec/draft/basic/old-page.md', '# Old page\n\nThis page is going away.\n');
  write('schema/draft/schema.json', schema(['id']));
  write('README.md', 'not a spec page\n');
  // A second spec folder (an extension), for tools configured with several paths.
  write('extensions/tasks/tasks.mdx', '# Tasks\n\nServers MAY cancel a running task.\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'base');
  git('checkout', '-q', '-b', 'proposal');
  write('spec/draft/client/roots.mdx', '# Roots\n\n## Listing\n\nClients MUST list every root.\n');
  write('spec/draft/client/sampling.mdx', '# Sampling\n\nClients MAY decline a sampling request.\n');
  rmSync(join(dir, 'spec/draft/basic/old-page.md'));
  write('schema/draft/schema.json', schema(['id', 'note']));
  write('extensions/tasks/tasks.mdx', '# Tasks\n\nServers MUST NOT cancel a running task.\n');
  git('add', '-A');
  git('commit', '-q', '-m', 'proposal');
  git('checkout', '-q', 'main');
  return { dir, git, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
