import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readUrl } from '../../src/input/read.ts';
import { MAX_DOCUMENT_BYTES } from '../../src/net/capped-fetch.ts';
import { fixturesDir } from '../../harness/paths.ts';
import { runCli } from '../../harness/run-cli.ts';

/**
 * URL inputs of diff, which and lint against a hostile loopback server (127.0.0.1 only):
 * an endless body, a body that stalls, headers that never come, a body that trickles.
 * Every server loop is bounded, so a broken client fails a test instead of hanging it.
 */

const PAGE_LINE = Buffer.from('Servers **MUST** answer every request with a response or an error.\n\n');
/** The most an endless body ever sends: five times the cap, so a client that reads everything is caught. */
const SERVER_LIMIT = 5 * MAX_DOCUMENT_BYTES;

function drainedOrClosed(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

let server: Server;
let base: string;
/** Bytes the endless route handed to the socket, per request path. */
const sent = new Map<string, number>();

const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void | Promise<void>> = {
  '/endless.mdx': async (req, res) => {
    res.writeHead(200, { 'content-type': 'text/markdown' }); // no Content-Length: chunked, no size announced
    let closed = false;
    res.on('close', () => (closed = true));
    const chunk = Buffer.concat(Array.from({ length: 1000 }, () => PAGE_LINE));
    let total = 0;
    while (!closed && total < SERVER_LIMIT) {
      total += chunk.length;
      sent.set(req.url!, total);
      if (!res.write(chunk)) await drainedOrClosed(res);
    }
    res.end();
  },
  '/announced.mdx': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/markdown', 'content-length': String(MAX_DOCUMENT_BYTES + 1) });
    res.write(PAGE_LINE); // and never the rest
  },
  '/truncated.mdx': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/markdown', 'content-length': '1000' });
    res.end('# Cut short\n'); // 12 of the 1000 bytes announced, then the connection closes
  },
  '/stalled.mdx': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/markdown' });
    res.write('# Stalled\n\n'); // then silence until the client gives up
  },
  '/no-headers.mdx': () => {
    // Accepts the request and never answers.
  },
  '/trickle.mdx': async (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/markdown' });
    let closed = false;
    res.on('close', () => (closed = true));
    for (let i = 0; i < 400 && !closed; i += 1) {
      res.write('a');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    res.end();
  },
  '/ok.mdx': (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/markdown' });
    res.end(`# Fine\n\n${PAGE_LINE}`);
  },
};

beforeAll(async () => {
  server = createServer((req, res) => void routes[req.url ?? '']?.(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const page = `${fixturesDir}/pages/rules/old.mdx`;

/** Exit 2 with exactly this one sentence; never an internal error or a stack trace. */
function expectSentence(result: { code: number; stdout: string; stderr: string }, sentence: string) {
  expect(result).toEqual({ code: 2, stdout: '', stderr: `specdelta: ${sentence}\n` });
}

describe('URL inputs stop at the size cap while the body streams', () => {
  it('an endless chunked body: diff stops at 20 MB, and the server could send only about that much', async () => {
    const url = `${base}/endless.mdx`;
    expectSentence(await runCli(['diff', url, page]), `${url} could not be fetched (it sent more than the ${MAX_DOCUMENT_BYTES}-byte size cap).`);
    const bytes = sent.get('/endless.mdx')!;
    expect(bytes).toBeGreaterThan(MAX_DOCUMENT_BYTES);
    // The cap plus what socket buffers hold (about 5 MB here); reading the whole body would reach SERVER_LIMIT.
    expect(bytes).toBeLessThan(2 * MAX_DOCUMENT_BYTES);
  });

  it('which and lint read URLs through the same reader', async () => {
    const url = `${base}/endless.mdx`;
    const sentence = `${url} could not be fetched (it sent more than the ${MAX_DOCUMENT_BYTES}-byte size cap).`;
    expectSentence(await runCli(['which', url]), sentence);
    expectSentence(await runCli(['lint', url, '--schema', 'x.json']), sentence);
  });

  it('a body announced over the cap is refused before it is read', async () => {
    const url = `${base}/announced.mdx`;
    expectSentence(await runCli(['diff', page, url]), `${url} could not be fetched (it is ${MAX_DOCUMENT_BYTES + 1} bytes, over the ${MAX_DOCUMENT_BYTES}-byte size cap).`);
  });
});

describe('a URL body that ends short of its Content-Length is not read as a document', () => {
  it('says how much arrived', async () => {
    const url = `${base}/truncated.mdx`;
    const result = await runCli(['diff', url, page]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(new RegExp(`^specdelta: ${url.replace(/[.]/g, '\\.')} could not be fetched \\((it broke off after 12 of 1000 bytes|it sent 12 bytes but announced 1000)\\)\\.\n$`));
  });
});

describe('URL inputs that stall end with "could not be fetched (… timed out)"', () => {
  it('a body that stops sending', async () => {
    const url = `${base}/stalled.mdx`;
    expectSentence(await runCli(['diff', url, page, '--timeout', '300']), `${url} could not be fetched (the body stalled: no data for 300 ms, timed out).`);
    expectSentence(await runCli(['which', url, '--timeout', '300']), `${url} could not be fetched (the body stalled: no data for 300 ms, timed out).`);
  });

  it('headers that never come', async () => {
    const url = `${base}/no-headers.mdx`;
    expectSentence(await runCli(['lint', url, '--schema', 'x.json', '--timeout', '300']), `${url} could not be fetched (no answer within 300 ms, timed out).`);
  });

  it('a body that trickles just fast enough to beat the idle timeout meets the total budget', async () => {
    const url = `${base}/trickle.mdx`;
    await expect(readUrl(url, { idleMs: 1000, totalMs: 400, maxBytes: MAX_DOCUMENT_BYTES })).rejects.toThrow(`${url} could not be fetched (not complete within 400 ms, timed out).`);
  });

  it('a server that answers in time is read as before', async () => {
    expect(await readUrl(`${base}/ok.mdx`, { idleMs: 300, totalMs: 400, maxBytes: MAX_DOCUMENT_BYTES })).toBe(`# Fine\n\n${PAGE_LINE}`);
  });

  it('--timeout takes whole milliseconds', async () => {
    expectSentence(await runCli(['diff', `${base}/ok.mdx`, page, '--timeout', 'soon']), '--timeout must be a whole number of at least 1 (got soon).');
  });
});

describe('files are streamed under the same cap', () => {
  it.skipIf(process.platform === 'win32')('a device with no size to check first (/dev/zero) stops at the cap', async () => {
    expectSentence(await runCli(['diff', '/dev/zero', page]), `/dev/zero is over the 20.0 MB limit for one document.`);
  });
});
