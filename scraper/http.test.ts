import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SourceError } from './errors.ts';
import { DEFAULT_HTTP, httpGet, toSourceError, type HttpOptions } from './http.ts';

let server: Server;
let url: string;
let statuses: number[];

beforeEach(async () => {
  statuses = [];
  server = createServer((_req, res) => {
    const status = statuses.shift() ?? 200;
    res.writeHead(status, { 'content-type': 'text/plain', ...(status === 503 ? { 'retry-after': '0' } : {}) });
    res.end(status === 200 ? 'ok' : 'no');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/x.mdx`;
});

afterEach(async () => {
  await new Promise<void>((r) => server.close(() => r()));
});

function options(waits: number[], random = 0.5): HttpOptions {
  return {
    ...DEFAULT_HTTP,
    timeoutMs: 2000,
    retry: { retries: 3, baseDelayMs: 100, maxDelayMs: 1000, maxRetryAfterMs: 5000, random: () => random, sleep: async (ms) => void waits.push(ms) },
  };
}

describe('httpGet retries', () => {
  it('backs off exponentially with jitter between attempts on 5xx', async () => {
    statuses = [500, 502, 504];
    const waits: number[] = [];
    const outcome = await httpGet(url, { expect: 'text' }, options(waits));
    expect(outcome.status).toBe('ok');
    expect(waits).toEqual([50, 100, 200]); // random 0.5 × 100·2^n
  });

  it('uses the server\'s Retry-After instead of the backoff', async () => {
    statuses = [503];
    const waits: number[] = [];
    await httpGet(url, { expect: 'text' }, options(waits));
    expect(waits).toEqual([0]);
  });

  it('gives up after the last retry, saying how many attempts it made', async () => {
    statuses = [500, 500, 500, 500, 500];
    const waits: number[] = [];
    await expect(httpGet(url, { expect: 'text' }, options(waits))).rejects.toThrow(/answered 500 Internal Server Error \(gave up after 4 attempts\)\.$/);
    expect(waits).toHaveLength(3);
  });

  it('does not retry a 404', async () => {
    statuses = [404, 200];
    const waits: number[] = [];
    const error = await httpGet(url, { expect: 'text' }, options(waits)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).kind).toBe('not-found');
    expect(waits).toEqual([]);
  });
});

describe('toSourceError', () => {
  it('names the host for refused connections and unknown hosts; unknown hosts are not retried', () => {
    const refused = toSourceError(new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } }), 'http://127.0.0.1:9/a');
    expect(refused.message).toBe('cannot reach 127.0.0.1:9 (connection refused) to fetch http://127.0.0.1:9/a.');
    expect(refused.retryable).toBe(true);
    const dns = toSourceError(new TypeError('fetch failed', { cause: { code: 'ENOTFOUND' } }), 'https://nowhere.invalid/a');
    expect(dns.retryable).toBe(false);
    expect(dns.message).toMatch(/^cannot reach nowhere\.invalid \(host not found\) .*use --from DIR or SPECDELTA_MIRROR=DIR/);
    const reset = toSourceError(new TypeError('terminated', { cause: { code: 'ECONNRESET' } }), 'http://h/a');
    expect(reset.message).toBe('fetching http://h/a failed (connection reset).');
  });

  it('a port fetch blocks is reported at once, not retried as a network error', async () => {
    const waits: number[] = [];
    // 6000 (X11) is on the Fetch standard's list of blocked ports: nothing is sent.
    const error = await httpGet('http://127.0.0.1:6000/x.mdx', { expect: 'text' }, options(waits)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SourceError);
    expect((error as SourceError).message).toBe('http://127.0.0.1:6000/x.mdx cannot be fetched (fetch refuses that port).');
    expect((error as SourceError).retryable).toBe(false);
    expect(waits).toEqual([]);
  });
});
