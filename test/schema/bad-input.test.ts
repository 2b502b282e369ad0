import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { InputError } from '../../src/core/errors.ts';
import { diffSchemaTexts, parseSchemaText } from '../../src/schema/index.ts';
import { runCli } from '../../harness/run-cli.ts';

const GOOD = '{\n  "$schema": "https://json-schema.org/draft/2020-12/schema",\n  "$defs": { "A": { "type": "object", "properties": { "x": { "type": "string" } } } }\n}\n';

function thrown(fn: () => unknown): Error {
  try {
    fn();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}

describe('unreadable schema input is an InputError naming the input', () => {
  it('invalid JSON says where', () => {
    const error = thrown(() => parseSchemaText('{\n  "$defs": {\n    "A": { "type": "object", }\n  }\n}', 'old.json'));
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toBe('old.json is not valid JSON: property name expected at line 3.');
  });

  it('an empty file', () => {
    expect(thrown(() => parseSchemaText('  \n', 'new.json')).message).toBe('new.json is not valid JSON: the file is empty.');
  });

  it('JSON that is not a JSON Schema', () => {
    const error = thrown(() => parseSchemaText('{ "name": "pkg", "version": "1.0.0", "type": "module" }', 'package.json'));
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toBe('package.json is JSON but not a JSON Schema: a schema has a "$schema" naming json-schema.org, a "$defs" or "definitions" object, or "properties", "items", "type", "$ref", "anyOf", "oneOf" or "allOf" describing its root; its top-level keys are "name", "version", "type", and "type": "module" is not a JSON Schema type.');
    expect(thrown(() => parseSchemaText('[1, 2]', 'list.json')).message).toBe('list.json is JSON but not a JSON Schema: its top level is an array, not an object.');
  });

  it('diffSchemaTexts names the side that is broken', () => {
    expect(thrown(() => diffSchemaTexts(GOOD, '{', { oldSource: 'a.json', newSource: 'b.json' })).message).toMatch(/^b\.json is not valid JSON/);
  });

  it('every message is one sentence', () => {
    for (const text of ['{', '', '{"a":1}', '"x"', 'null']) {
      const message = thrown(() => parseSchemaText(text, 'x.json')).message;
      expect(message).toMatch(/^x\.json [^\n]*\.$/);
    }
  });
});

describe('problems inside a readable schema are diagnostics, and cycles terminate', () => {
  it('a dangling $ref is reported with its line', () => {
    const model = parseSchemaText('{\n "$defs": {\n  "A": {\n   "properties": { "b": { "$ref": "#/$defs/Missing" } }\n  }\n }\n}', 's.json');
    expect(model.diagnostics).toEqual([{ severity: 'error', message: 'In definition "A", "$ref": "#/$defs/Missing" points at nothing in this file.', line: 4, source: 's.json' }]);
  });

  it('external references are not followed and not reported', () => {
    expect(parseSchemaText('{"$defs": {"A": {"$ref": "https://example.com/other.json#/$defs/B"}}}').diagnostics).toEqual([]);
  });

  it('self-references of every kind terminate', { timeout: 5000 }, () => {
    const selfish = JSON.stringify({
      $defs: {
        A: { $ref: '#/$defs/A' },
        B: { allOf: [{ $ref: '#/$defs/B' }], properties: { next: { $ref: '#/$defs/B' } } },
        C: { anyOf: [{ $ref: '#/$defs/C' }, { type: 'array', items: { $ref: '#/$defs/C' } }] },
        D: { $ref: '#' },
      },
      $ref: '#/$defs/D',
    });
    // A loop in $ref resolution would hang: the test's timeout is the guard, timing is the bench's job.
    const result = diffSchemaTexts(selfish, selfish.replace('"next"', '"after"'));
    expect(result.changes.map((c) => c.id).sort()).toEqual(['field-added', 'field-removed']);
    expect(result.diagnostics.old.map((d) => d.message)).toContain('Definition "A" is only a cycle of references (A → A) that never reaches a shape.');
  });
});

describe('through the CLI', () => {
  const dir = mkdtempSync(join(tmpdir(), 'specdelta-schema-'));
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const good = file('good.json', GOOD);

  it('invalid JSON: exit 2, one sentence, no stack trace', async () => {
    const result = await runCli(['diff', file('broken.json', '{\n  "$schema": "https://json-schema.org/draft/2020-12/schema",\n  "$defs": {\n'), good, '--format', 'json']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/not valid JSON/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('JSON that is not a schema: exit 2', async () => {
    const result = await runCli(['diff', file('package.json', '{"name": "x", "type": "module"}'), good]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/not a JSON Schema/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('a dangling $ref: the diff runs (exit 0) and the diagnostic goes to stderr with its line', async () => {
    const dangling = file('dangling.json', GOOD.replace('{ "type": "string" }', '{ "$ref": "#/$defs/Gone" }'));
    const result = await runCli(['diff', good, dangling, '--format', 'json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout) as { changes: { id: string; source: string }[] };
    expect(report.changes.map((c) => [c.id, c.source])).toEqual([['field-type-changed', 'schema']]);
    expect(result.stderr).toMatch(/:3: error: In definition "A", "\$ref": "#\/\$defs\/Gone" points at nothing/);
  });
});
