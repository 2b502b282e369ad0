import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePage } from '../../src/model/index.ts';
import { lintPage, parseSchemaText } from '../../src/schema/index.ts';
import { fixturesDir, specMain, requiredInCi } from '../../harness/paths.ts';
import { runCli } from '../../harness/run-cli.ts';

const dir = join(fixturesDir, 'schema', 'lint');
const pagePath = join(dir, 'page.mdx');
const schemaPath = join(dir, 'schema.json');

describe('lintPage', () => {
  const findings = lintPage(parsePage(readFileSync(pagePath, 'utf8')), parseSchemaText(readFileSync(schemaPath, 'utf8')));

  it('finds each kind of disagreement, with the line in the page', () => {
    expect(findings.map((f) => [f.line, f.kind, f.path])).toEqual([
      [16, 'unknown-field', 'params.colour'],
      [17, 'value-not-allowed', 'params.mode'],
      [32, 'value-not-allowed', 'result.content[1].type'],
      [48, 'unknown-method', 'method'],
      [54, 'envelope-mismatch', ''],
    ]);
  });

  it('reads examples inside raw HTML too, pointing at the line of their <pre>', () => {
    const html = [
      '# Reference',
      '',
      '<div class="example"><p>Example:</p><pre><code class="json">{<br/>  "jsonrpc": "2.0",<br/>  "id": 1,<br/>  "method": "widgets/explode"<br/>}</code><button>Copy</button></pre></div>',
      '',
    ].join('\n');
    const found = lintPage(parsePage(html), parseSchemaText(readFileSync(schemaPath, 'utf8')));
    expect(found.map((f) => [f.line, f.kind, f.path])).toEqual([[3, 'unknown-method', 'method']]);
  });

  it('says what the schema allows', () => {
    expect(findings[1]?.message).toBe('`params.mode` is "loud", outside the schema\'s values ("quiet", "normal").');
    expect(findings[2]?.message).toBe('`result.content[1].type` is "video", but the schema allows only "text", "image" there.');
    expect(findings[3]?.message).toBe('The schema defines no message with method `notifications/elicitation/complete`.');
    expect(findings[4]?.message).toMatch(/shown as a JSON-RPC request, but the schema defines it as an embedded object \(delivered inside `InputRequiredResult.inputRequests`\)/);
  });

  it('does not flag maps, open bags, allOf siblings or the JSON-RPC envelope', () => {
    const paths = findings.map((f) => f.path);
    expect(paths).not.toContain('params.arguments.anything');
    expect(paths.some((p) => p.includes('progress') || p.includes('_meta'))).toBe(false);
    expect(paths).not.toContain('jsonrpc');
  });

  it('an open object reports unknown fields as warnings, a closed one as errors', () => {
    const schema = parseSchemaText(JSON.stringify({
      $defs: {
        Ping: { type: 'object', properties: { method: { const: 'ping' }, params: { type: 'object', properties: { a: {} }, additionalProperties: false } } },
      },
    }));
    const page = { codeBlocks: [{ line: 10, value: '{\n  "method": "ping",\n  "params": { "b": 1 }\n}', json: { method: 'ping', params: { b: 1 } } }] };
    expect(lintPage(page, schema)).toEqual([
      { kind: 'unknown-field', severity: 'error', message: '`params.b` is not a field the schema defines for Ping.', line: 13, path: 'params.b', method: 'ping', definition: 'Ping' },
    ]);
  });

  it('terminates on self-referencing schemas', () => {
    const schema = parseSchemaText(JSON.stringify({ $defs: { Node: { type: 'object', properties: { method: { const: 'tree' }, child: { $ref: '#/$defs/Node' }, loop: { $ref: '#/$defs/Loop' } } }, Loop: { $ref: '#/$defs/Loop' } } }));
    let deep: Record<string, unknown> = { x: 1 };
    for (let i = 0; i < 30; i++) deep = { child: deep };
    const findings = lintPage({ codeBlocks: [{ line: 1, json: { method: 'tree', loop: { a: 1 }, ...deep } }] }, schema);
    expect(findings.map((f) => f.path)).toEqual([`${'child.'.repeat(30)}x`]);
  });
});

describe('specdelta lint', () => {
  it('exit 1 with findings, each with the page line', async () => {
    const result = await runCli(['lint', pagePath, '--schema', schemaPath]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/page\.mdx:17: error: `params\.mode` is "loud"/);
    expect(result.stdout).toMatch(/5 findings \(4 errors, 1 warning\)/);
  });

  it('json output', async () => {
    const result = await runCli(['lint', pagePath, '--schema', schemaPath, '--format', 'json']);
    const report = JSON.parse(result.stdout) as { findings: { line: number }[]; summary: { error: number; warning: number }; checked: number };
    expect(report.summary).toEqual({ error: 4, warning: 1 });
    expect(report.checked).toBe(5);
    expect(report.findings.map((f) => f.line)).toEqual([16, 17, 32, 48, 54]);
  });

  it('exit 0 when the examples agree', async () => {
    const result = await runCli(['lint', '-', '--schema', schemaPath], { stdin: '# Ok\n\n```json\n{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}\n```\n' });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/agree with/);
  });

  it('REVISION:schema is the schema; the schema reference page is REVISION:schema.mdx, linted against it', async () => {
    const snapshots = mkdtempSync(join(tmpdir(), 'specdelta-lint-'));
    mkdirSync(join(snapshots, '2099-01-01'));
    copyFileSync(schemaPath, join(snapshots, '2099-01-01', 'schema.json'));
    copyFileSync(pagePath, join(snapshots, '2099-01-01', 'schema.mdx'));
    const asSchema = await runCli(['lint', '2099-01-01:schema', '--snapshots', snapshots]);
    expect(asSchema.code).toBe(2);
    expect(asSchema.stderr.trim()).toMatch(/is a JSON Schema, not a page; .*; the schema reference page is 2099-01-01:schema\.mdx\.$/);
    const asPage = await runCli(['lint', '2099-01-01:schema.mdx', '--snapshots', snapshots, '--format', 'json']);
    expect(asPage.code).toBe(1);
    expect(JSON.parse(asPage.stdout).findings).toHaveLength(5);
    rmSync(snapshots, { recursive: true, force: true });
  });

  it('exit 2 on unreadable input, one sentence, no stack', async () => {
    const swapped = await runCli(['lint', schemaPath, '--schema', pagePath]);
    expect(swapped.code).toBe(2);
    expect(swapped.stderr).toMatch(/is a JSON Schema, not a page/);
    const noSchema = await runCli(['lint', '-'], { stdin: '# A page\n' });
    expect(noSchema.code).toBe(2);
    expect(noSchema.stderr).toMatch(/--schema/);
    expect(noSchema.stderr).not.toMatch(/\n\s+at /);
  });

  const mirrorPage = join(specMain, 'docs/specification/2025-11-25/client/elicitation.mdx');
  const mirrorSchema = (rev: string) => join(specMain, 'schema', rev, 'schema.json');
  it.skipIf(!requiredInCi(existsSync(mirrorPage), `the mirror page ${mirrorPage} is missing`))('a real page: agrees with its own revision, not with the next one', async () => {
    const same = await runCli(['lint', mirrorPage, '--schema', mirrorSchema('2025-11-25')]);
    expect(same.code).toBe(0);
    const next = await runCli(['lint', mirrorPage, '--schema', mirrorSchema('2026-07-28'), '--format', 'json']);
    expect(next.code).toBe(1);
    const report = JSON.parse(next.stdout) as { findings: { kind: string; method: string | null; path: string }[] };
    expect(report.findings).toEqual(expect.arrayContaining([
      expect.objectContaining({ kind: 'unknown-method', method: 'notifications/elicitation/complete' }),
      expect.objectContaining({ kind: 'envelope-mismatch', method: 'elicitation/create' }),
      expect.objectContaining({ kind: 'unknown-field', path: 'params.elicitationId' }),
    ]));
  });
});
