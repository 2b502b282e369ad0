import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SHIPPED_FINGERPRINTS } from '../../src/detect/load.ts';
import { hostileCases, type HostileCase } from '../helpers/hostile.ts';
import { runCli, type CliResult } from '../../harness/run-cli.ts';

/**
 * Generated hostile shapes fed to `diff`, `lint` and `which` through the CLI: whatever the
 * input, the command ends with 0, 1 or 2 and never with an internal error. A page whose one
 * part is absurd still diffs (the change after that part is found); nesting beyond the caps
 * is named in one sentence. The per-case timeout is the time budget; no clock is read here.
 */

const tmp = mkdtempSync(join(tmpdir(), 'specdelta-hostile-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

// A schema of our own, so the test needs nothing outside the repository.
const schemaFile = join(tmp, 'schema.json');
writeFileSync(schemaFile, JSON.stringify({
  $schema: 'http://json-schema.org/draft-07/schema#',
  definitions: {
    InitializeRequest: { type: 'object', properties: { method: { const: 'initialize', type: 'string' }, params: { type: 'object', properties: { a: { type: 'string' } } } }, required: ['method'] },
  },
}));

const cases = hostileCases(20261201, { depth: 10_000, run: 4_000, line: 20_000 });
const NESTING = /nests deeper than \d+ levels/;

function expectHandled(result: CliResult): void {
  expect([0, 1, 2]).toContain(result.code);
  expect(result.stderr).not.toMatch(/internal error/);
  expect(result.stderr).not.toMatch(/\n\s+at /);
}

function files(c: HostileCase, index: number): { old: string; new: string } {
  const ext = c.kind === 'page' ? 'mdx' : 'json';
  const paths = { old: join(tmp, `${index}-old.${ext}`), new: join(tmp, `${index}-new.${ext}`) };
  writeFileSync(paths.old, c.text);
  // The page's last rule changes after the hostile part; the schema's innermost type changes.
  writeFileSync(paths.new, c.text.replace('Servers SHOULD reply.', 'Servers MUST reply.').replace('{"type":"string"}', '{"type":"number"}'));
  return paths;
}

describe('hostile pages', () => {
  const pages = cases.map((c, i) => [c.name, c, i] as const).filter(([, c]) => c.kind === 'page');

  it.each(pages)('%s', async (_name, c, i) => {
    const { old, new: changed } = files(c, i);
    const diff = await runCli(['diff', old, changed, '--format', 'json'], { cwd: tmp });
    expectHandled(diff);
    expect(diff.code).toBe(0);
    // The rest of the page is still read: the changed rule after the hostile part is found,
    // unless the hostile part opened a code fence that never closes (then the rest is code, and the page says so).
    const report = JSON.parse(diff.stdout) as { changes: unknown[] };
    if (/code fence opened here is never closed/.test(diff.stderr)) expect(report.changes).toEqual([]);
    else expect(JSON.stringify(report.changes)).toContain('Servers MUST reply.');
    if (/^nested (blockquotes|bullet|ordered)|^nested JSX tags$|^JSON .* in a (code fence|JSON-RPC)|^schema nested/.test(c.name)) expect(diff.stderr).toMatch(NESTING);

    const lint = await runCli(['lint', changed, '--schema', schemaFile], { cwd: tmp });
    expectHandled(lint);
    expect(lint.code).not.toBe(2);

    const which = await runCli(['which', changed, '--fingerprints', SHIPPED_FINGERPRINTS, '--format', 'json'], { cwd: tmp });
    expectHandled(which);
    expect(which.code).toBe(0);
    expect(JSON.parse(which.stdout)).toHaveProperty('revision');
  }, 30_000);
});

describe('hostile schemas', () => {
  const schemas = cases.map((c, i) => [c.name, c, i] as const).filter(([, c]) => c.kind === 'schema');

  it.each(schemas)('%s is refused in one sentence', async (_name, c, i) => {
    const { old, new: changed } = files(c, i);
    const diff = await runCli(['diff', old, changed], { cwd: tmp });
    expectHandled(diff);
    expect(diff.code).toBe(2);
    expect(diff.stderr).toMatch(new RegExp(`^specdelta: \\S*${i}-old\\.json ${NESTING.source} \\(line 1\\)\\.\\n$`));

    const page = join(tmp, `${i}-page.md`);
    writeFileSync(page, '# Page\n\n```json\n{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {}}\n```\n');
    const lint = await runCli(['lint', page, '--schema', changed], { cwd: tmp });
    expectHandled(lint);
    expect(lint.code).toBe(2);
    expect(lint.stderr).toMatch(NESTING);
  }, 30_000);
});
