import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPageId, pageIdProblem } from '../../src/input/ids.ts';
import { runCli } from '../../harness/run-cli.ts';

const PAGE = '# Elicitation\n\nServers **MUST** ask nicely.\n';
const SECRET = '# Secret\n\nClients **MUST** never see this.\n';

/**
 * A workspace where a page id with `..` would reach a real file: `work/` is the cwd with
 * `work/snapshots/2025-11-25/…`; `work/snapshots/outside.mdx` and `outside.mdx` beside `work/`
 * are files a traversal would read.
 */
let root: string;
let cwd: string;
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'specdelta-ids-'));
  cwd = join(root, 'work');
  const revision = join(cwd, 'snapshots', '2025-11-25');
  mkdirSync(join(revision, 'client'), { recursive: true });
  writeFileSync(join(revision, 'client', 'elicitation.mdx'), PAGE);
  writeFileSync(join(revision, 'schema.json'), '{"$schema":"https://json-schema.org/draft/2020-12/schema","$defs":{}}');
  writeFileSync(join(cwd, 'snapshots', 'outside.mdx'), SECRET);
  writeFileSync(join(root, 'outside.mdx'), SECRET);
  const entry = (page: string) => ({ revision: '2025-11-25', page, url: 'x', via: 'dir', path: 'x', commit: null, sha256: '0'.repeat(64), size: 1, retrievedAt: '2026-01-01T00:00:00.000Z', etag: null, lastModified: null });
  writeFileSync(join(cwd, 'snapshots', 'snapshots.lock.json'), JSON.stringify({
    lockfileVersion: 1,
    revisions: [{ id: '2025-11-25', date: '2025-11-25', status: 'latest' }],
    pages: [entry('client/elicitation'), entry('schema.json')],
  }));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Exit 2, nothing on stdout, one sentence naming the input and saying it is not a page id. */
function expectRefused(result: { code: number; stdout: string; stderr: string }, input: string) {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).toContain(input);
  expect(result.stderr).toMatch(/is not a page id: /);
  expect(result.stderr).not.toMatch(/Secret|internal error/);
}

describe('page ids', () => {
  it('accept the shapes of real pages and refuse anything that could leave the folder', () => {
    for (const good of ['client/elicitation', 'client/elicitation.mdx', 'schema.json', 'schema', 'basic/utilities/_meta', 'index']) expect(isPageId(good), good).toBe(true);
    expect(pageIdProblem('../x')).toBe('it has a "." or ".." segment');
    expect(pageIdProblem('a/./b')).toBe('it has a "." or ".." segment');
    expect(pageIdProblem('/etc/passwd')).toBe('it starts with a slash');
    expect(pageIdProblem('a//b')).toBe('it has an empty segment ("//" or a trailing "/")');
    expect(pageIdProblem('a\\..\\b')).toMatch(/^its part "a\\\.\.\\b" has a character other than/);
    expect(pageIdProblem('')).toBe('it is empty');
  });
});

describe('every command that takes a page id refuses a traversal (exit 2, one sentence)', () => {
  it('the id in the issue is refused before anything is read', async () => {
    const input = '2025-11-25:../../../../tmp/x';
    const result = await runCli(['diff', input, '2025-11-25:client/elicitation', '--snapshots', 'snapshots'], { cwd });
    expectRefused(result, input);
    expect(result.stderr).toBe(`specdelta: ${input} names the page "../../../../tmp/x", which is not a page id: it has a "." or ".." segment (expected something like client/elicitation or schema.json).\n`);
  });

  it('diff: a page beside the revision folders, or beside the working folder', async () => {
    for (const input of ['2025-11-25:../outside', '2025-11-25:../../../outside']) {
      expectRefused(await runCli(['diff', input, '2025-11-25:client/elicitation', '--format', 'json'], { cwd }), input);
      expectRefused(await runCli(['diff', '2025-11-25:client/elicitation', input], { cwd }), input);
    }
  });

  it('lint: the page and --schema', async () => {
    expectRefused(await runCli(['lint', '2025-11-25:../outside'], { cwd }), '2025-11-25:../outside');
    expectRefused(await runCli(['lint', '2025-11-25:client/elicitation', '--schema', '2025-11-25:../2025-11-25/schema'], { cwd }), '2025-11-25:../2025-11-25/schema');
  });

  it('badge --page, with and without a lock to check it against', async () => {
    expectRefused(await runCli(['badge', '2025-11-25', '--page', '../../outside'], { cwd }), '--page ../../outside');
    const noLock = mkdtempSync(join(tmpdir(), 'specdelta-ids-nolock-'));
    try {
      expectRefused(await runCli(['badge', '2025-11-25', '--page', 'client/../../x', '--snapshots', noLock], { cwd }), '--page client/../../x');
    } finally {
      rmSync(noLock, { recursive: true, force: true });
    }
  });

  it('a valid id still reads its snapshot, and a real file named like an id is still a file', async () => {
    const result = await runCli(['diff', '2025-11-25:client/elicitation', '2025-11-25:client/elicitation.mdx', '--format', 'json'], { cwd });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).old).toMatchObject({ revision: '2025-11-25', page: 'client/elicitation' });
    writeFileSync(join(cwd, '2025-11-25:notes.md'), PAGE);
    const file = await runCli(['diff', '2025-11-25:notes.md', '2025-11-25:client/elicitation', '--format', 'json'], { cwd });
    expect(file.code).toBe(0);
    expect(JSON.parse(file.stdout).old.source).toBe('2025-11-25:notes.md');
  });
});
