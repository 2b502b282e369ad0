import { spawn } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesDir, repoRoot } from '../helpers/paths.ts';
import { makeSpecRepo } from '../helpers/spec-repo.ts';

/**
 * The Action end to end on this machine: its entry (what action.yml runs) as a child
 * process with a recorded pull_request payload, the runner's environment, and a fake
 * GitHub API on 127.0.0.1 that records every request. No internet.
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
const comments: { id: number; body: string; html_url: string }[] = [
  { id: 900, body: 'Thanks for the PR!', html_url: 'https://github.com/example-org/example-spec/pull/7#issuecomment-900' },
];
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
    if (request.method === 'GET' && url.pathname === '/repos/example-org/example-spec/issues/7/comments') return send(200, comments);
    if (request.method === 'POST' && url.pathname === '/repos/example-org/example-spec/issues/7/comments') {
      const comment = { id: 1000 + comments.length, body: body!.body!, html_url: `https://github.com/example-org/example-spec/pull/7#issuecomment-${1000 + comments.length}` };
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
function eventFile(): string {
  const event = JSON.parse(readFileSync(join(fixturesDir, 'action/pull_request.json'), 'utf8')) as { pull_request: { base: { sha: string }; head: { sha: string } } };
  event.pull_request.base.sha = fixture.git('rev-parse', 'main').trim();
  event.pull_request.head.sha = fixture.git('rev-parse', 'proposal').trim();
  const file = join(work, 'event.json');
  writeFileSync(file, JSON.stringify(event));
  return file;
}

/** What action.yml's step runs, with the environment the runner gives it. */
async function runEntry(inputs: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string; outputs: Record<string, string> }> {
  const outputFile = join(work, `output-${requests.length}.txt`);
  writeFileSync(outputFile, '');
  const env = {
    PATH: process.env['PATH']!,
    HOME: process.env['HOME'] ?? work,
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_EVENT_PATH: eventFile(),
    GITHUB_REPOSITORY: 'example-org/example-spec',
    GITHUB_API_URL: apiUrl,
    GITHUB_WORKSPACE: fixture.dir,
    GITHUB_OUTPUT: outputFile,
    INPUT_TOKEN: 'test-token',
    ...inputs,
  };
  const child = spawn(process.execPath, [join(repoRoot, 'bin/specdelta.js'), 'action'], { cwd: fixture.dir, env });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const code = await new Promise<number>((resolve) => child.on('close', (c) => resolve(c ?? -1)));
  const outputs = Object.fromEntries(readFileSync(outputFile, 'utf8').split('\n').filter(Boolean).map((line) => line.split(/=(.*)/s).slice(0, 2) as [string, string]));
  return { code, stdout, stderr, outputs };
}

describe('the GitHub Action', () => {
  it('action.yml runs the entry this test runs, with the inputs it reads', () => {
    const action = parseYaml(readFileSync(join(repoRoot, 'action.yml'), 'utf8')) as { inputs: Record<string, unknown>; outputs: Record<string, unknown>; runs: { steps: { run: string; env?: Record<string, string> }[] } };
    const step = action.runs.steps.find((s) => s.run.includes('bin/specdelta.js" action'))!;
    expect(Object.keys(step.env!).sort()).toEqual(['INPUT_COMMENT', 'INPUT_FAIL_ON', 'INPUT_SCHEMA', 'INPUT_SPEC', 'INPUT_TOKEN']);
    expect(Object.keys(action.inputs).sort()).toEqual(['comment', 'fail-on', 'schema', 'spec', 'token']);
    expect(Object.keys(action.outputs).sort()).toEqual(['breaking', 'comment-url', 'editorial', 'non-breaking', 'total']);
  });

  it('first run: lists the comments, finds none of its own, creates one; sets outputs; fails per fail-on', async () => {
    const result = await runEntry({ INPUT_SPEC: 'spec/draft', INPUT_SCHEMA: 'schema/draft/schema.json', INPUT_FAIL_ON: 'breaking' });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(1);
    expect(requests.map((r) => `${r.method} ${r.url.replace(/\?.*/, '')}`)).toEqual([
      'GET /repos/example-org/example-spec/issues/7/comments',
      'POST /repos/example-org/example-spec/issues/7/comments',
    ]);
    expect(requests.every((r) => r.authorization === 'Bearer test-token')).toBe(true);
    const body = requests[1]!.body!.body!;
    expect(body.startsWith('<!-- specdelta:pr-comment spec=spec/draft -->\n')).toBe(true);
    expect(body).toMatch(/^## main → proposal$/m);
    expect(body).toMatch(/rule-strengthened/);
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(Number(result.outputs['breaking'])).toBeGreaterThan(0);
    expect(Number(result.outputs['total'])).toBe(Number(result.outputs['breaking']) + Number(result.outputs['non-breaking']) + Number(result.outputs['editorial']));
    expect(result.outputs['comment-url']).toBe('https://github.com/example-org/example-spec/pull/7#issuecomment-1001');
  });

  it('second run: updates its one comment in place instead of adding another', async () => {
    requests.length = 0;
    const result = await runEntry({ INPUT_SPEC: 'spec/draft', INPUT_SCHEMA: 'schema/draft/schema.json' });
    expect(result.code).toBe(0);
    expect(requests.map((r) => `${r.method} ${r.url.replace(/\?.*/, '')}`)).toEqual([
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
    expect(requests.map((r) => `${r.method} ${r.url.replace(/\?.*/, '')}`)).toEqual([
      'GET /repos/example-org/example-spec/issues/7/comments',
      'POST /repos/example-org/example-spec/issues/7/comments',
    ]);
    const body = requests[1]!.body!.body!;
    expect(body.startsWith('<!-- specdelta:pr-comment spec=spec/draft,extensions/tasks -->\n## main → proposal: 2 spec paths\n')).toBe(true);
    expect(body.match(/^## .*$/gm)).toEqual(['## main → proposal: 2 spec paths', '## `spec/draft` + `schema/draft/schema.json`', '## `extensions/tasks`']);
    expect(body).toContain(`| \`extensions/tasks\` | ${tasks['breaking']} | ${tasks['non-breaking']} | ${tasks['editorial']} |`);
    const sections = body.split(/^## `/m);
    expect(sections[1]).toMatch(/rule-strengthened/);
    expect(sections[2]).toMatch(/rule-inverted/);
    expect(sections[2]).not.toMatch(/client\/roots/);
    for (const level of ['breaking', 'non-breaking', 'editorial', 'total']) expect(Number(result.outputs[level])).toBe(Number(draft[level]) + Number(tasks[level]));
    expect(result.outputs['comment-url']).toBe('https://github.com/example-org/example-spec/pull/7#issuecomment-1002');
  }, 120_000); // three runs of the entry

  it('rejects a spec list it cannot read as one sentence, before any request', async () => {
    requests.length = 0;
    const result = await runEntry({ INPUT_SPEC: 'spec/draft, extensions/tasks', INPUT_SCHEMA: 'schema/draft/schema.json' });
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^specdelta: the input `schema` names one schema, but `spec` lists several folders: write each folder's schema after it, as FOLDER \+ SCHEMA\.\n$/);
    expect(requests).toEqual([]);
  });

  it('a refused token is one sentence and exit 2, no stack trace', async () => {
    const denied = createServer((_request, response) => {
      response.writeHead(403, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ message: 'Resource not accessible by integration' }));
    });
    await new Promise<void>((resolve) => denied.listen(0, '127.0.0.1', resolve));
    const saved = apiUrl;
    apiUrl = `http://127.0.0.1:${(denied.address() as AddressInfo).port}`;
    try {
      const result = await runEntry({ INPUT_SPEC: 'spec/draft' });
      expect(result.code).toBe(2);
      expect(result.stderr).toMatch(/^specdelta: the GitHub API answered GET \/issues\/7\/comments\?per_page=100&page=1 with HTTP 403: Resource not accessible by integration \(does the workflow grant `pull-requests: write`\?\)\.\n$/);
    } finally {
      apiUrl = saved;
      await new Promise((resolve) => denied.close(resolve));
    }
  });
});
