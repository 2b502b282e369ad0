import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectKind } from '../../src/input/kind.ts';
import { parseSchemaText } from '../../src/schema/index.ts';
import { fixturesDir } from '../../harness/paths.ts';
import { runCli } from '../../harness/run-cli.ts';

/**
 * Boundary cases of "is this JSON a schema?": the input sniffer (diff, lint) and the schema
 * reader must give the same answer, and refuse with the same sentence.
 */
const SCHEMAS: Record<string, string> = {
  'a dialect and nothing else': '{"$schema": "https://json-schema.org/draft/2020-12/schema"}',
  'an empty definitions block': '{"definitions": {}}',
  'a root typed with a JSON type': '{"type": "object"}',
  'a root typed with a list of JSON types': '{"type": ["string", "null"]}',
  'a root reference': '{"$ref": "#/$defs/A", "$defs": {"A": {"type": "string"}}}',
  'a bare root reference': '{"$ref": "other.json"}',
  'root properties': '{"properties": {"a": {}}}',
  'root items': '{"items": {"type": "string"}}',
  'a root union': '{"anyOf": [{"type": "string"}]}',
};

const NOT_SCHEMAS: Record<string, string> = {
  'a package manifest ("type": "module")': '{"name": "pkg", "type": "module"}',
  'a document naming the schema it follows': '{"$schema": "https://json.schemastore.org/tsconfig", "compilerOptions": {}}',
  'definitions that are not an object': '{"definitions": ["A"]}',
  'properties that are not an object': '{"properties": "a, b"}',
  'an empty union': '{"anyOf": []}',
  'a typed JSON-RPC content block': '{"type": "text", "text": "hello"}',
  'an empty object': '{}',
  'an array': '[{"type": "object"}]',
};

function readerAccepts(text: string): boolean {
  try {
    parseSchemaText(text, 'x.json');
    return true;
  } catch {
    return false;
  }
}

describe('one rule decides whether JSON is a schema', () => {
  for (const [name, text] of Object.entries(SCHEMAS)) {
    it(`schema: ${name}`, () => {
      expect(detectKind(text)).toBe('schema');
      expect(readerAccepts(text)).toBe(true);
    });
  }
  for (const [name, text] of Object.entries(NOT_SCHEMAS)) {
    it(`not a schema: ${name}`, () => {
      expect(detectKind(text)).toBe('json');
      expect(readerAccepts(text)).toBe(false);
    });
  }

  it('broken JSON that opens like an object goes to the schema reader, which says where it breaks', () => {
    expect(detectKind('{\n "name": "pkg",\n}')).toBe('schema');
    expect(() => parseSchemaText('{\n "name": "pkg",\n}', 'x.json')).toThrow('x.json is not valid JSON: property name expected at line 3.');
  });
});

describe('the CLI says the same sentence wherever a schema is expected', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'specdelta-schema-rule-'));
    writeFileSync(join(dir, 'package.json'), NOT_SCHEMAS['a package manifest ("type": "module")']!);
    writeFileSync(join(dir, 'tsconfig.json'), NOT_SCHEMAS['a document naming the schema it follows']!);
    writeFileSync(join(dir, 'typed.json'), SCHEMAS['a root typed with a JSON type']!);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('diff and lint --schema refuse a package manifest with one identical sentence', async () => {
    const diff = await runCli(['diff', 'package.json', 'package.json'], { cwd: dir });
    const lint = await runCli(['lint', join(fixturesDir, 'pages/rules/old.mdx'), '--schema', 'package.json'], { cwd: dir });
    const expected = 'specdelta: package.json is JSON but not a JSON Schema: a schema has a "$schema" naming json-schema.org, a "$defs" or "definitions" object, or "properties", "items", "type", "$ref", "anyOf", "oneOf" or "allOf" describing its root; its top-level keys are "name", "type", and "type": "module" is not a JSON Schema type.\n';
    expect([diff.code, diff.stderr]).toEqual([2, expected]);
    expect([lint.code, lint.stderr]).toEqual([2, expected]);
  });

  it('a $schema that names another document is explained', async () => {
    const diff = await runCli(['diff', 'tsconfig.json', 'tsconfig.json'], { cwd: dir });
    expect(diff.code).toBe(2);
    expect(diff.stderr).toMatch(/^specdelta: tsconfig\.json is JSON but not a JSON Schema: a schema has a "\$schema" naming json-schema\.org \(its "\$schema" names a document it follows, not the JSON Schema dialect\),/);
  });

  it('a schema the sniffer accepts is one the reader diffs (no second opinion)', async () => {
    const result = await runCli(['diff', 'typed.json', 'typed.json', '--format', 'json'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).changes).toEqual([]);
  });
});
