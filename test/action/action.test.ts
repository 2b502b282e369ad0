import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesDir, repoRoot } from '../../harness/paths.ts';
import { makeSpecRepo } from '../../harness/spec-repo.ts';

/**
 * The Action end to end on this machine: the bundled file action.yml runs, as a child
 * process with a recorded pull_request payload, the runner's environment, and a fake
 * GitHub API on 127.0.0.1 that records every request. No internet, no install step.
 */
interface Recorded {
  method: string;
  url: string;
  authorization: string | undefined;
  body: { body?: string } | null;
}

const fixture = makeSpecRepo();
const work = mkdtempSync(join(tmpdir(), 'specdelta-action-'));
const requests: Recorded[] = [];
interface FakeComment {
  id: number;
  body: string;
  html_url: string;
  user: { login: string };
}
const comments: FakeComment[] = [
  { id: 900, body: 'Thanks for the PR!', html_url: 'https://github.com/example-org/example-spec/pull/7#issuecomment-900', user: { login: 'reviewer' } },
];
/** Who the fake API says the token belongs to: null answers GET /user as GitHub does for the workflow's token (403). */
let tokenOwner: string | null = null;
/** The login the fake API gives a comment the Action posts. */
const poster = () => tokenOwner ?? 'github-actions[bot]';
let server: Server;
let apiUrl = '';

const readBody = (request: IncomingMessage) => new Promise<string>((resolve) => {
  let text = '';
  request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
  request.on('end', () => resolve(text));
});

beforeAll(async () => {
  server = createServer(async (request, response) => {
    const text = await readBody(request);
    const body = text ? (JSON.parse(text) as { body?: string }) : null;
    requests.push({ method: request.method!, url: request.url!, authorization: request.headers.authorization, body });
    const send = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    const url = new URL(request.url!, 'http://127.0.0.1');
    if (request.method === 'GET' && url.pathname === '/user') return tokenOwner === null ? send(403, { message: 'Resource not accessible by integration' }) : send(200, { login: tokenOwner });
    if (request.method === 'GET' && url.pathname === '/repos/example-org/example-spec/issues/7/comments') return send(200, comments);
    if (request.method === 'POST' && url.pathname === '/repos/example-org/example-spec/issues/7/comments') {
      const comment = { id: 1000 + comments.length, body: body!.body!, html_url: `https://github.com/example-org/example-spec/pull/7#issuecomment-${1000 + comments.length}`, user: { login: poster() } };
      comments.push(comment);
      return send(201, comment);
    }
    const patch = /^\/repos\/example-org\/example-spec\/issues\/comments\/(\d+)$/.exec(url.pathname);
    if (request.method === 'PATCH' && patch) {
      const comment = comments.find((c) => c.id === Number(patch[1]));
      if (!comment) return send(404, { message: 'Not Found' });
      comment.body = body!.body!;
      return send(200, comment);
    }
    send(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fixture.remove();
  rmSync(work, { recursive: true, force: true });
});

/** The recorded payload, pointed at the commits of the repository this test made. */
type PullRequestPayload = { pull_request: { base: { sha: string; ref: string }; head: { sha: string; ref: string } } };

function eventFile(edit?: (event: PullRequestPayload) => void): string {
  const event = JSON.parse(readFileSync(join(fixturesDir, 'action/pull_request.json'), 'utf8')) as PullRequestPayload;
  event.pull_request.base.sha = fixture.git('rev-parse', 'main').trim();
  event.pull_request.head.sha = fixture.git('rev-parse', 'proposal').trim();
  edit?.(event);
  const file = join(work, 'event.json');
  writeFileSync(file, JSON.stringify(event));
  return file;
}

/** The file action.yml runs (`runs.main`), as the runner starts it: node20, no install step. */
const actionYml = parseYaml(readFileSync(join(repoRoot, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown>; outputs: Record<string, unknown>; runs: { using: string; main: string } };
let runs = 0;

/** What the runner runs, with the environment it gives a step; outputs read back from GITHUB_OUTPUT's delimited values. */
async function runEntry(inputs: Record<string, string>, extraEnv: Record<string, string> = {}, edit?: (event: PullRequestPayload) => void): Promise<{ code: number; stdout: string; stderr: string; outputs: Record<string, string>; summary: string }> {
  runs += 1;
  const outputFile = join(work, `output-${runs}.txt`);
  const summaryFile = join(work, `summary-${runs}.md`);
  writeFileSync(outputFile, '');
  writeFileSync(summaryFile, '');
  const env = {
    PATH: process.env['PATH']!,
    HOME: process.env['HOME'] ?? work,
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: eventFile(edit),
    GITHUB_REPOSITORY: 'example-org/example-spec',
    GITHUB_API_URL: apiUrl,
    GITHUB_WORKSPACE: fixture.dir,
    GITHUB_OUTPUT: outputFile,
    GITHUB_STEP_SUMMARY: summaryFile,
    INPUT_TOKEN: 'test-token',
    ...extraEnv,
    ...inputs,
  };
  const child = spawn(process.execPath, [join(repoRoot, actionYml.runs.main)], { cwd: fixture.dir, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? -1)));
  const outputs = Object.fromEntries([...readFileSync(outputFile, 'utf8').matchAll(/^([\w-]+)<<(\S+)\n(.*)\n\2$/gm)].map((m) => [m[1]!, m[3]!]));
  return { code, stdout, stderr, outputs, summary: readFileSync(summaryFile, 'utf8') };
}

const calls = () => requests.map((r) => `${r.method} ${r.url.replace(/\?.*/, '')}`);

describe('the GitHub Action', () => {
  it('action.yml is a JavaScript action that runs the committed bundle, with the inputs it reads', () => {
    expect(actionYml.runs).toEqual({ using: 'node20', main: 'action/dist/index.mjs' });
    expect(Object.keys(actionYml.inputs).sort()).toEqual(['comment', 'comment-author', 'config', 'fail-on', 'schema', 'spec', 'token']);
    expect(Object.keys(actionYml.outputs).sort()).toEqual(['acknowledged', 'breaking', 'comment-url', 'editorial', 'non-breaking', 'opt-in', 'records', 'report-file', 'total']);
  });

  it('first run: lists the comments, finds none of its own, creates one; sets outputs; fails per fail-on', async () => {
    const result = await runEntry({ INPUT_SPEC: 'spec/draft', INPUT_SCHEMA: 'schema/draft/schema.json', INPUT_FAIL_ON: 'breaking' });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(calls()).toEqual([
      'GET /user',
      'GET /repos/example-org/example-spec/issues/7/comments',
      'POST /repos/example-org/example-spec/issues/7/comments',
    ]);
    expect(requests.every((r) => r.authorization === 'Bearer test-token')).toBe(true);
    const body = requests[2]!.body!.body!;
    expect(body.startsWith('<!-- specdelta:pr-comment spec=spec/draft -->\n')).toBe(true);
    expect(body).toMatch(/^## main → proposal$/m);
    expect(body).toMatch(/Rule strengthened from SHOULD to MUST/);
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(Number(result.outputs['breaking'])).toBeGreaterThan(0);
    // Changes, counted as every report counts them; the records behind them apart.
    expect(Number(result.outputs['total'])).toBe(['breaking', 'opt-in', 'non-breaking', 'editorial'].reduce((n, k) => n + Number(result.outputs[k]), 0));
    expect(Number(result.outputs['records'])).toBeGreaterThanOrEqual(Number(result.outputs['total']));
    expect(body).toContain(`| ${result.outputs['breaking']} | ${result.outputs['opt-in']} | ${result.outputs['non-breaking']} | ${result.outputs['editorial']} | ${result.outputs['records']} |`);
    expect(result.outputs['comment-url']).toBe('https://github.com/example-org/example-spec/pull/7#issuecomment-1001');
    // The whole report is the job summary too.
    expect(result.summary).toMatch(/^## main → proposal$/m);
    expect(result.summary).toMatch(/Rule strengthened from SHOULD to MUST/);
  });

  it('second run: updates its one comment in place instead of adding another', async () => {
    requests.length = 0;
    const result = await runEntry({ INPUT_SPEC: 'spec/draft', INPUT_SCHEMA: 'schema/draft/schema.json' });
    expect(result.code).toBe(0);
    expect(calls()).toEqual([
      'GET /user',
      'GET /repos/example-org/example-spec/issues/7/comments',
      'PATCH /repos/example-org/example-spec/issues/comments/1001',
    ]);
    expect(comments.map((c) => c.id)).toEqual([900, 1001]);
    expect(comments[0]!.body).toBe('Thanks for the PR!');
  });

  it('several spec paths: one comment with a section per path, outputs summed, fail-on over all', async () => {
    const alone = async (spec: string) => (await runEntry({ INPUT_SPEC: spec, INPUT_COMMENT: 'false' })).outputs;
    const draft = await alone('spec/draft + schema/draft/schema.json');
    const tasks = await alone('extensions/tasks');
    expect(Number(tasks['breaking'])).toBeGreaterThan(0);
    requests.length = 0;
    const result = await runEntry({ INPUT_SPEC: 'spec/draft + schema/draft/schema.json\nextensions/tasks', INPUT_FAIL_ON: 'breaking' });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    // Its own marker (the set of paths): the single-path comment is left alone, one new comment is posted.
    expect(calls()).toEqual([
      'GET /user',
      'GET /repos/example-org/example-spec/issues/7/comments',
      'POST /repos/example-org/example-spec/issues/7/comments',
    ]);
    const body = requests[2]!.body!.body!;
    expect(body.startsWith('<!-- specdelta:pr-comment spec=spec/draft,extensions/tasks -->\n## main → proposal: 2 spec paths\n')).toBe(true);
    expect(body.match(/^## .*$/gm)).toEqual(['## main → proposal: 2 spec paths', '## `spec/draft` + `schema/draft/schema.json`', '## `extensions/tasks`']);
    expect(body).toContain(`| \`extensions/tasks\` | ${tasks['breaking']} | ${tasks['opt-in']} | ${tasks['non-breaking']} | ${tasks['editorial']} |`);
    const sections = body.split(/^## `/m);
    expect(sections[1]).toMatch(/Rule strengthened from SHOULD to MUST/);
    expect(sections[2]).toMatch(/Statement inverted|Rule inverted|inverted/);
    expect(sections[2]).not.toMatch(/client\/roots/);
    for (const level of ['breaking', 'opt-in', 'non-breaking', 'editorial', 'total', 'records']) expect(Number(result.outputs[level])).toBe(Number(draft[level]) + Number(tasks[level]));
    expect(result.outputs['comment-url']).toBe('https://github.com/example-org/example-spec/pull/7#issuecomment-1002');
  }, 120_000); // three runs of the entry

  it('fails only on changes nobody acknowledged, as the base commit\'s config lists them; a pull request cannot acknowledge its own', async () => {
    const first = await runEntry({ INPUT_SPEC: 'spec/draft', INPUT_SCHEMA: 'schema/draft/schema.json', INPUT_COMMENT: 'false', INPUT_FAIL_ON: 'breaking' });
    expect(first.code).toBe(1);
    // The breaking changes' ids, as the report in the job summary lists them.
    const report = first.summary;
    const breaking = report.split(/^### /m).find((part) => part.startsWith('Breaking'))!;
    const ids = [...breaking.matchAll(/`(c-[0-9a-f]{10})`/g)].map((m) => m[1]!);
    expect(ids.length).toBe(Number(first.outputs['breaking']));
    const config = JSON.stringify({ acknowledged: ids.map((id) => ({ id, note: 'reviewed' })) });
    const commitWith = (branch: string, from: string) => {
      fixture.git('checkout', '-q', '-b', branch, from);
      writeFileSync(join(fixture.dir, 'spec/specdelta.config.json'), config);
      fixture.git('add', '-A');
      fixture.git('commit', '-q', '-m', `acknowledge on ${branch}`);
      const sha = fixture.git('rev-parse', 'HEAD').trim();
      fixture.git('checkout', '-q', 'main');
      return sha;
    };
    const ackBase = commitWith('ack-base', 'main');
    const ackHead = commitWith('ack-head', 'proposal');
    // The pull request alone adds the list: it acknowledges nothing.
    const self = await runEntry({ INPUT_SPEC: 'spec/draft', INPUT_SCHEMA: 'schema/draft/schema.json', INPUT_COMMENT: 'false', INPUT_FAIL_ON: 'breaking' }, {}, (event) => {
      event.pull_request.head.sha = ackHead;
    });
    expect(self.code).toBe(1);
    expect(self.outputs['acknowledged']).toBe('0');
    // The base holds the reviewed list: the same changes are reported, counted, and do not fail.
    const reviewed = await runEntry({ INPUT_SPEC: 'spec/draft', INPUT_SCHEMA: 'schema/draft/schema.json', INPUT_COMMENT: 'false', INPUT_FAIL_ON: 'breaking' }, {}, (event) => {
      event.pull_request.base.sha = ackBase;
      event.pull_request.head.sha = ackHead;
    });
    expect(reviewed.stderr).toBe('');
    expect(reviewed.code).toBe(0);
    expect(reviewed.outputs['breaking']).toBe(first.outputs['breaking']);
    expect(reviewed.outputs['acknowledged']).toBe(String(ids.length));
    // A config the input names that the base does not have is one sentence, exit 2.
    const missing = await runEntry({ INPUT_SPEC: 'spec/draft', INPUT_COMMENT: 'false', INPUT_CONFIG: 'nowhere/specdelta.config.json' });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/the input `config` names nowhere\/specdelta\.config\.json, which does not exist at the pull request's base commit\./);
  }, 120_000);

  it('rejects a spec list it cannot read as one sentence, before any request', async () => {
    requests.length = 0;
    const result = await runEntry({ INPUT_SPEC: 'spec/draft, extensions/tasks', INPUT_SCHEMA: 'schema/draft/schema.json' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^specdelta: the input `schema` names one schema, but `spec` lists several folders: write each folder's schema after it, as FOLDER \+ SCHEMA\.\n$/);
    expect(requests).toEqual([]);
  });

  /** Runs the entry against another API, one that answers every request as `answer` does. */
  async function runAgainst(answer: (response: ServerResponse) => void, inputs: Record<string, string>) {
    const other = createServer((_request, response) => answer(response));
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const saved = apiUrl;
    apiUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      return await runEntry(inputs);
    } finally {
      apiUrl = saved;
      await new Promise((resolve) => other.close(resolve));
    }
  }

  it('a refused token is one sentence and exit 2, no stack trace', async () => {
    const result = await runAgainst((response) => {
      response.writeHead(403, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Resource not accessible by integration' }));
    }, { INPUT_SPEC: 'spec/draft' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^specdelta: the GitHub API answered GET \/repos\/example-org\/example-spec\/issues\/7\/comments with HTTP 403: Resource not accessible by integration \(does the workflow grant `pull-requests: write`\?\)\.\n$/);
  });

  describe('whose comment it edits (issue 25, case 3)', () => {
    const marker = '<!-- specdelta:pr-comment spec=spec/draft -->';
    const human = { id: 950, body: `${marker}\nI pasted the bot's comment here to discuss it.`, html_url: 'https://github.com/example-org/example-spec/pull/7#issuecomment-950', user: { login: 'mallory' } };

    it("a comment that starts with the marker but is a person's is never edited: a new one is posted", async () => {
      comments.splice(0, comments.length, { ...human });
      requests.length = 0;
      tokenOwner = null;
      const result = await runEntry({ INPUT_SPEC: 'spec/draft' });
      expect(result.code).toBe(0);
      expect(calls()).toEqual(['GET /user', 'GET /repos/example-org/example-spec/issues/7/comments', 'POST /repos/example-org/example-spec/issues/7/comments']);
      expect(comments[0]).toEqual(human);
      expect(comments[1]!.user.login).toBe('github-actions[bot]');
    });

    it("a personal access token's comments are found by its login (GET /user), and only those", async () => {
      comments.splice(0, comments.length, { ...human, id: 960, user: { login: 'github-actions[bot]' } }, { ...human, id: 961, user: { login: 'Spec-Bot' } });
      requests.length = 0;
      tokenOwner = 'spec-bot';
      try {
        const result = await runEntry({ INPUT_SPEC: 'spec/draft' });
        expect(result.stderr).toBe('');
        expect(result.code).toBe(0);
        expect(calls()).toEqual(['GET /user', 'GET /repos/example-org/example-spec/issues/7/comments', 'PATCH /repos/example-org/example-spec/issues/comments/961']);
        expect(comments[0]!.body).toBe(human.body);
      } finally {
        tokenOwner = null;
      }
    });

    it('comment-author names the identity itself; nothing is asked', async () => {
      comments.splice(0, comments.length, { ...human, id: 962, user: { login: 'my-app[bot]' } });
      requests.length = 0;
      const result = await runEntry({ INPUT_SPEC: 'spec/draft', 'INPUT_COMMENT-AUTHOR': 'my-app[bot]' });
      expect(result.code).toBe(0);
      expect(calls()).toEqual(['GET /repos/example-org/example-spec/issues/7/comments', 'PATCH /repos/example-org/example-spec/issues/comments/962']);
    });
  });

  it('mentions and references in spec text and branch names are inert in the comment (issue 25, case 4)', async () => {
    fixture.git('checkout', '-q', '-b', 'pings', 'proposal');
    writeFileSync(join(fixture.dir, 'spec/draft/server/tools.mdx'), '# Tools\n\nServers MUST validate tool input.\n\nServers MUST tell @octocat and @example-org/security about #12, GH-34, other-org/other-repo#56, other-org/other-repo@abc1234 and https://github.com/other-org/other-repo/issues/7.\n');
    fixture.git('commit', '-q', '-am', 'pings');
    fixture.git('checkout', '-q', 'main');
    requests.length = 0;
    const result = await runEntry({ INPUT_SPEC: 'spec/draft' }, {}, (event) => {
      event.pull_request.head.sha = fixture.git('rev-parse', 'pings').trim();
      event.pull_request.head.ref = '@admin/#99';
    });
    expect(result.code).toBe(0);
    const body = requests.find((r) => r.method === 'POST' || r.method === 'PATCH')!.body!.body!;
    expect(body).toContain('Servers MUST tell @\u200Doctocat');
    expect(body).toContain('→ @\u200Dadmin/\\#\u200D99');
    // No live mention, issue or GH- reference, or GitHub URL anywhere in it.
    expect(body).not.toMatch(/@[A-Za-z0-9]/);
    expect(body).not.toMatch(/#\d/);
    expect(body).not.toMatch(/GH-\d/);
    expect(body).not.toMatch(/github\.com\//);
    expect(result.summary).not.toMatch(/@[A-Za-z0-9]|#\d/);
  });

  it('an API that answers 200 with an HTML page ends in one sentence naming the endpoint (issue 25, case 6)', async () => {
    const result = await runAgainst((response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end('<!DOCTYPE html><html><body>Please sign in</body></html>');
    }, { INPUT_SPEC: 'spec/draft' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^specdelta: the GitHub API answered GET \/user with an HTML page starting "<!DOCTYPE html><html><body>Please sign i…", not JSON; is GITHUB_API_URL the API \(e\.g\. https:\/\/api\.github\.com\), not a web page\?\n$/);
  });
});
