import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../harness/run-cli.ts';
import { detectFixtures, readFixture, testFingerprints } from '../../harness/detect-corpus.ts';

let tmp: string;
beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), 'specdelta-which-'));
  await testFingerprints(); // warm the fingerprint cache once
}, 120_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** One sentence on stderr, exit 2, no stack trace. */
function expectInputError(result: { code: number; stdout: string; stderr: string }, pattern: RegExp): void {
  expect(result.code).toBe(2);
  expect(result.stdout).toBe('');
  expect(result.stderr).toMatch(pattern);
  expect(result.stderr.trim().split('\n')).toHaveLength(1);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

describe('specdelta which: bad input', () => {
  it('an empty file', async () => {
    const file = join(tmp, 'empty.md');
    writeFileSync(file, '');
    expectInputError(await runCli(['which', file]), /^specdelta: .*empty\.md is empty\.\n$/);
  });

  it('a file of whitespace', async () => {
    const file = join(tmp, 'blank.md');
    writeFileSync(file, '\n  \n\t\n');
    expectInputError(await runCli(['which', file]), /blank\.md is empty \(only whitespace\)\./);
  });

  it('a huge file is refused at the cap, saying so', async () => {
    const file = join(tmp, 'huge.md');
    writeFileSync(file, Buffer.alloc(21 * 1024 * 1024, 'a'));
    expectInputError(await runCli(['which', file]), /huge\.md is 21\.0 MB, over the 20\.0 MB limit for one document\./);
  });

  it('binary data', async () => {
    const file = join(tmp, 'image.png');
    writeFileSync(file, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]));
    expectInputError(await runCli(['which', file]), /image\.png is a binary file/);
  });

  it('text that is not UTF-8', async () => {
    const file = join(tmp, 'latin1.md');
    writeFileSync(file, Buffer.from('caf\xe9 elicitation\n', 'latin1'));
    expectInputError(await runCli(['which', file]), /latin1\.md is not valid UTF-8 text\./);
  });

  it('a file that does not exist, and a directory', async () => {
    expectInputError(await runCli(['which', join(tmp, 'nope.md')]), /nope\.md does not exist\./);
    expectInputError(await runCli(['which', tmp]), /is a directory, not a file/);
  });

  it('an unreachable URL (a closed port on 127.0.0.1)', async () => {
    const server = createServer();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    await new Promise<void>((done) => server.close(() => done()));
    expectInputError(await runCli(['which', `http://127.0.0.1:${port}/tutorial.html`]), new RegExp(`http://127\\.0\\.0\\.1:${port}/tutorial\\.html could not be fetched \\(connection refused\\)\\.`));
  });

  it('a fingerprints file that is not one', async () => {
    const file = join(tmp, 'fp.json');
    writeFileSync(file, '{"format": 99}');
    expectInputError(await runCli(['which', `${detectFixtures}/no-elicitation.md`, '--fingerprints', file]), /fp\.json is not a fingerprints file: its format is 99/);
  });

  it('an unknown format is a usage error', async () => {
    const result = await runCli(['which', `${detectFixtures}/no-elicitation.md`, '--format', 'yaml']);
    expect(result.code).toBe(2);
  });
});

describe('specdelta which: inputs and formats', () => {
  let server: Server;
  let base: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/post.html') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(readFixture('blog-2025-11-25.html'));
      } else res.writeHead(404).end('not found');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((done) => server.close(() => done())));

  it('reads an HTML page from a URL and answers from its article', async () => {
    const { code, stdout } = await runCli(['which', `${base}/post.html`, '--format', 'json']);
    expect(code).toBe(0);
    const json = JSON.parse(stdout);
    expect(json.revision).toBe('2025-11-25');
    expect(json.input).toEqual({ source: `${base}/post.html`, kind: 'html' });
  });

  it('says which HTTP status a URL answered', async () => {
    expectInputError(await runCli(['which', `${base}/missing.html`]), /missing\.html answered HTTP 404/);
  });

  it('reads standard input', async () => {
    const { code, stdout } = await runCli(['which', '-', '--format', 'json'], { stdin: readFixture('elicitation-2026-07-28.md') });
    expect(code).toBe(0);
    expect(JSON.parse(stdout).revision).toBe('2026-07-28');
  });

  it('prints a readable text report', async () => {
    const { code, stdout } = await runCli(['which', `${detectFixtures}/elicitation-2025-11-25.md`]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/elicitation-2025-11-25\.md: Teaches MCP 2025-11-25 \(confidence 0\.\d\d\)\./);
    expect(stdout).toMatch(/Evidence:\n {2}line +\d+ +2025-11-25 +→ 2025-11-25 +links to the 2025-11-25 specification/);
    expect(stdout).toMatch(/Outdated \(a later revision removed it\):\n(.|\n)*elicitationId: removed in 2026-07-28/);
    expect(stdout).not.toMatch(/\x1b\[/);
  });

  it('says so plainly when nothing is recognised, and when a text is mixed', async () => {
    expect((await runCli(['which', `${detectFixtures}/no-elicitation.md`])).stdout).toMatch(/No MCP revision recognised/);
    expect((await runCli(['which', `${detectFixtures}/mixed-two-revisions.md`])).stdout).toMatch(/Mixed: the text teaches 2025-11-25 and 2026-07-28 side by side/);
  });

  it('prints Markdown', async () => {
    const { stdout } = await runCli(['which', `${detectFixtures}/migration-explains-old-flow.md`, '--format', 'markdown']);
    expect(stdout).toMatch(/^### .*migration-explains-old-flow\.md\n\n\*\*Teaches MCP 2026-07-28/);
    expect(stdout).toMatch(/\| line \| token \| implies \| why \|/);
    expect(stdout).toMatch(/\*\*Background only\*\*/);
  });

  it('prints nothing with --quiet and still exits 0', async () => {
    expect(await runCli(['which', `${detectFixtures}/no-elicitation.md`, '--quiet'])).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});
