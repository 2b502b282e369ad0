import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../../harness/run-cli.ts';
import { makeSpecRepo, PROPOSAL_PAGE_RECORDS } from '../../harness/spec-repo.ts';

/**
 * Whole-spec inputs a reviewer has: a repository the test creates with git (spec-repo.ts),
 * diffed by ref without checking out, and the same two states as folders.
 */
const fixture = makeSpecRepo();
const repo = fixture.dir;
const git = fixture.git;
afterAll(() => fixture.remove());

type Report = { old: { source: string; revision: string }; new: { source: string; revision: string }; summary: Record<string, number>; changes: { id: string; page?: string; source?: string }[] };
const records = (report: Report) => report.changes.map((c) => `${c.page} ${c.id}`).sort();

describe('diff --git REPO OLDREF NEWREF --spec PATH', () => {
  it('diffs every page and the schema of two refs, labelled by the refs', async () => {
    const result = await runCli(['diff', '--git', '.', 'main', 'proposal', '--spec', 'spec/draft', '--schema', 'schema/draft/schema.json', '--format', 'json'], { cwd: repo });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as Report;
    expect([report.old.revision, report.new.revision]).toEqual(['main', 'proposal']);
    expect([report.old.source, report.new.source]).toEqual(['main:spec/draft', 'proposal:spec/draft']);
    const pages = report.changes.filter((c) => c.source !== 'schema');
    expect(pages.map((c) => `${c.page} ${c.id}`).sort()).toEqual(PROPOSAL_PAGE_RECORDS);
    // The schema is diffed at the same refs; its records say so.
    expect(report.changes.filter((c) => c.source === 'schema').length).toBeGreaterThan(0);
    expect(report.changes.filter((c) => c.source === 'schema').every((c) => c.page === 'schema')).toBe(true);
  });

  it('reads refs by any name git knows (a commit, HEAD~1) and takes --old-label/--new-label', async () => {
    const base = git('rev-parse', 'main').trim();
    const result = await runCli(['diff', '--git', repo, base, 'proposal', '--spec', './spec/draft/', '--old-label', 'base', '--new-label', 'PR #7', '--format', 'markdown'], { cwd: tmpdir() });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^## base → PR \\?#7$/m);
  });

  it('fails per --fail-on like any diff', async () => {
    const result = await runCli(['diff', '--git', '.', 'main', 'proposal', '--spec', 'spec/draft', '--fail-on', 'breaking', '--quiet'], { cwd: repo });
    expect(result.code).toBe(1);
  });

  it('the same ref on both sides has nothing to say', async () => {
    const result = await runCli(['diff', '--git', '.', 'proposal', 'proposal', '--spec', 'spec/draft', '--format', 'json'], { cwd: repo });
    expect((JSON.parse(result.stdout) as Report).changes).toEqual([]);
  });

  it.each([
    [['--git', '.', 'main', 'no-such-branch', '--spec', 'spec/draft'], /^specdelta: no-such-branch is not a commit, branch or tag in the git clone .*\.\n$/],
    [['--git', '.', 'main', 'proposal'], /^specdelta: --git needs --spec PATH/],
    [['--git', '.', 'main', 'proposal', '--spec', '../outside'], /^specdelta: \.\.\/outside is not a path inside the repository/],
    [['--git', '.', 'main', 'proposal', '--spec', 'spec/draft', '--schema', 'schema/nope.json'], /^specdelta: schema\/nope\.json does not exist at main\.\n$/],
    [['--git', 'no-such-dir', 'main', 'proposal', '--spec', 'spec/draft'], /^specdelta: the git clone \S*no-such-dir does not exist\.\n$/],
    [['main', 'proposal', '--spec', 'spec/draft'], /^specdelta: --spec and --schema name paths inside a git repository: use them with --git REPO\.\n$/],
  ])('bad input %j: one sentence, exit 2', async (args, message) => {
    const result = await runCli(['diff', ...args], { cwd: repo });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('diff OLDDIR NEWDIR', () => {
  it('diffs two folders as two revisions, labelled by the folders\' names', async () => {
    const work = mkdtempSync(join(tmpdir(), 'specdelta-folders-'));
    try {
      for (const [ref, dir] of [['main', 'before'], ['proposal', 'after']] as const) {
        git('worktree', 'add', '-q', '--detach', join(work, `wt-${dir}`), ref);
        cpSync(join(work, `wt-${dir}`, 'spec/draft'), join(work, dir), { recursive: true });
        git('worktree', 'remove', '--force', join(work, `wt-${dir}`));
      }
      const result = await runCli(['diff', 'before', 'after', '--format', 'json'], { cwd: work });
      expect(result.code).toBe(0);
      const report = JSON.parse(result.stdout) as Report;
      expect([report.old.revision, report.new.revision, report.old.source]).toEqual(['before', 'after', 'before']);
      expect(records(report)).toEqual(PROPOSAL_PAGE_RECORDS);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  });
});
