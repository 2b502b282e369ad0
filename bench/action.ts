import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { makeSpecRepo } from '../harness/spec-repo.ts';

/**
 * The GitHub Action from start to outputs, as a runner runs it (issue 25): `node` on the
 * committed bundle (action.yml's `runs.main`), no install step, on a small pull request (a
 * git repository made here with a base and a head commit), commenting through a stub of
 * the GitHub API on 127.0.0.1. Wall time from the process's start until it has exited
 * with its outputs written; the median of 5 runs.
 */
export interface ActionBench {
  runs: number;
  medianMs: number;
  slowestMs: number;
  outputs: Record<string, string>;
}

export async function benchAction(repoRoot: string, runs = 5): Promise<ActionBench> {
  const repo = makeSpecRepo();
  const work = mkdtempSync(join(tmpdir(), 'specdelta-bench-action-'));
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(request.url === '/user' ? 403 : request.method === 'POST' ? 201 : 200, { 'content-type': 'application/json' });
      if (request.url === '/user') return response.end(JSON.stringify({ message: 'Resource not accessible by integration' }));
      response.end(JSON.stringify(request.method === 'GET' ? [] : { id: 1, body: '', html_url: 'https://github.com/o/r/pull/7#issuecomment-1', user: { login: 'github-actions[bot]' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const event = join(work, 'event.json');
    writeFileSync(event, JSON.stringify({ pull_request: { number: 7, base: { sha: repo.git('rev-parse', 'main').trim(), ref: 'main' }, head: { sha: repo.git('rev-parse', 'proposal').trim(), ref: 'proposal' } } }));
    const times: number[] = [];
    let outputs: Record<string, string> = {};
    for (let i = 0; i < runs; i++) {
      const outputFile = join(work, `outputs-${i}`);
      writeFileSync(outputFile, '');
      const env = {
        PATH: process.env['PATH'],
        GITHUB_EVENT_NAME: 'pull_request',
        GITHUB_EVENT_PATH: event,
        GITHUB_REPOSITORY: 'o/r',
        GITHUB_API_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        GITHUB_WORKSPACE: repo.dir,
        GITHUB_OUTPUT: outputFile,
        INPUT_SPEC: 'spec/draft + schema/draft/schema.json',
        INPUT_TOKEN: 'bench',
      };
      const start = performance.now();
      const code = await new Promise<number | null>((resolve) => spawn(process.execPath, [join(repoRoot, 'action/dist/index.mjs')], { cwd: repo.dir, env, stdio: 'ignore' }).on('close', resolve));
      times.push(performance.now() - start);
      if (code !== 0) throw new Error(`bench: the Action ended with exit ${code}`);
      outputs = Object.fromEntries([...readFileSync(outputFile, 'utf8').matchAll(/^([\w-]+)<<(\S+)\n(.*)\n\2$/gm)].map((m) => [m[1]!, m[3]!]));
      if (!outputs['comment-url']) throw new Error('bench: the Action set no comment-url output');
    }
    const sorted = [...times].sort((a, b) => a - b);
    return { runs, medianMs: sorted[Math.floor(runs / 2)]!, slowestMs: sorted[runs - 1]!, outputs };
  } finally {
    await new Promise((resolve) => server.close(resolve));
    repo.remove();
    rmSync(work, { recursive: true, force: true });
  }
}
