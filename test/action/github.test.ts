import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { gitHubClient } from '../../src/action/github.ts';
import { InputError } from '../../src/core/errors.ts';
import { DEFAULT_RETRY } from '../../src/net/retry.ts';

/**
 * Issue 25, case 6: the GitHub API is input like any other. Every call has a time limit and
 * a bounded retry of 5xx and 429 answers that honours Retry-After; an answer that is not
 * what the endpoint returns is one sentence naming the endpoint and what came back. A local
 * server on 127.0.0.1 plays the API; waits are recorded, not slept.
 */

let server: Server | null = null;
afterEach(async () => {
  if (server) await new Promise((resolve) => server!.close(resolve));
  server = null;
});

/** A fake API answering each request with the next handler (the last one repeats); returns its URL and the requests it saw. */
async function fakeApi(...handlers: ((request: IncomingMessage, response: ServerResponse) => void)[]): Promise<{ url: string; seen: string[] }> {
  const seen: string[] = [];
  server = createServer((request, response) => {
    seen.push(`${request.method} ${request.url}`);
    handlers[Math.min(seen.length - 1, handlers.length - 1)]!(request, response);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const json = (status: number, value: unknown, headers: Record<string, string> = {}) => (_: IncomingMessage, response: ServerResponse) => {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(value));
};
const comment = { id: 1, body: 'hi', html_url: 'https://github.com/o/r/pull/1#issuecomment-1', user: { login: 'github-actions[bot]' } };

function client(url: string, waits: number[] = [], timeoutMs = 2_000) {
  return gitHubClient(url, 'o/r', 't', { timeoutMs, retry: { ...DEFAULT_RETRY, retries: 3, sleep: async (ms) => void waits.push(ms), random: () => 0.5 } });
}

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(InputError);
  const message = (error as Error).message;
  expect(message.split('\n')).toHaveLength(1);
  return message;
}

describe('the GitHub client', () => {
  it('a 200 with HTML is one sentence naming the endpoint and what came back', async () => {
    const api = await fakeApi((_, response) => {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>Rate limited, try later</body></html>');
    });
    expect(await failure(client(api.url).listComments(7))).toBe('the GitHub API answered GET /repos/o/r/issues/7/comments with an HTML page starting "<html><body>Rate limited, try later</bod…", not JSON; is GITHUB_API_URL the API (e.g. https://api.github.com), not a web page?');
  });

  it('an object where a list belongs, or a list of the wrong things, is named as such', async () => {
    const object = await fakeApi(json(200, { message: 'ok', comments: [] }));
    expect(await failure(client(object.url).listComments(7))).toBe('the GitHub API answered GET /repos/o/r/issues/7/comments with an object where a list of comments belongs, not what that endpoint returns.');
    await new Promise((resolve) => server!.close(resolve));
    const items = await fakeApi(json(200, [comment, { id: 'two' }]));
    expect(await failure(client(items.url).listComments(7))).toBe('the GitHub API answered GET /repos/o/r/issues/7/comments with a list whose item 1 is a comment without a numeric "id", not what that endpoint returns.');
  });

  it('a created comment without an id is refused', async () => {
    const api = await fakeApi(json(201, [comment]));
    expect(await failure(client(api.url).createComment(7, 'body'))).toBe('the GitHub API answered POST /repos/o/r/issues/7/comments with a list of 1, not what that endpoint returns.');
  });

  it('5xx and 429 are tried again, honouring Retry-After, then succeed', async () => {
    const waits: number[] = [];
    const api = await fakeApi(json(502, { message: 'Bad Gateway' }), json(429, { message: 'slow down' }, { 'retry-after': '2' }), json(200, [comment]));
    expect(await client(api.url, waits).listComments(7)).toEqual([comment]);
    expect(api.seen).toHaveLength(3);
    // Backoff (half of the 500 ms base with this jitter) for the 502, the server's 2 s for the 429.
    expect(waits).toEqual([250, 2_000]);
  });

  it('the retries are bounded: four tries, then one sentence', async () => {
    const waits: number[] = [];
    const api = await fakeApi(json(503, { message: 'Service Unavailable' }));
    expect(await failure(client(api.url, waits).updateComment(5, 'x'))).toBe('the GitHub API did not answer PATCH /repos/o/r/issues/comments/5 after 4 tries (HTTP 503).');
    expect(api.seen).toHaveLength(4);
    expect(waits).toHaveLength(3);
  });

  it('a Retry-After longer than the step waits is not waited for', async () => {
    const waits: number[] = [];
    const api = await fakeApi(json(429, { message: 'slow down' }, { 'retry-after': '3600' }));
    expect(await failure(client(api.url, waits).listComments(7))).toBe('the GitHub API answered GET /repos/o/r/issues/7/comments with HTTP 429 and asks to wait 3600 s, longer than this step waits (60 s).');
    expect(waits).toEqual([]);
  });

  it('an API that never answers times out on every try instead of hanging the step', async () => {
    const api = await fakeApi(() => {
      /* never answers */
    });
    expect(await failure(client(api.url, [], 300).listComments(7))).toBe('the GitHub API did not answer GET /repos/o/r/issues/7/comments after 4 tries (no whole answer within 0.3 s).');
    expect(api.seen).toHaveLength(4);
  }, 10_000);

  it('a body that trickles past the time limit counts as no answer', async () => {
    const api = await fakeApi((_, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
      // …and the rest never comes.
    });
    expect(await failure(client(api.url, [], 300).listComments(7))).toMatch(/after 4 tries \(no whole answer within 0\.3 s\)\.$/);
  }, 10_000);

  it('GET /user says whose token it is, or null for a token that may not ask', async () => {
    const pat = await fakeApi(json(200, { login: 'spec-bot' }));
    expect(await client(pat.url).tokenLogin()).toBe('spec-bot');
    await new Promise((resolve) => server!.close(resolve));
    const app = await fakeApi(json(403, { message: 'Resource not accessible by integration' }));
    expect(await client(app.url).tokenLogin()).toBeNull();
  });
});
