import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Change } from '../../src/records/change.ts';
import { fixturesDir } from '../../harness/paths.ts';
import { expectInputError } from '../helpers/input-error.ts';
import { runCli } from '../../harness/run-cli.ts';

/**
 * `diff` on two revision folders of a spec that is not MCP: versioned folder names, pages of
 * any Markdown extension, a YAML schema, and a specdelta.config.json beside the folders.
 */
const spec = join(fixturesDir, 'specs/widgets');
const tmp = () => mkdtempSync(join(tmpdir(), 'specdelta-any-spec-'));
const changesOf = (stdout: string): Change[] => JSON.parse(stdout).changes;


describe('specdelta diff FOLDER FOLDER', () => {
  it('diffs every page (.md, .markdown) and the YAML schema, reading lower-case keywords as the config says', async () => {
    const result = await runCli(['diff', join(spec, 'v1.9.0'), join(spec, 'v1.10.0'), '--format', 'json']);
    expect(result.code).toBe(0);
    const report = JSON.parse(result.stdout);
    expect(report.old).toMatchObject({ revision: 'v1.9.0', page: null });
    const changes = changesOf(result.stdout);
    expect(changes.map((c) => [c.page, c.id, c.subject])).toEqual(expect.arrayContaining([
      ['overview', 'rule-strengthened', 'Readers must ignore fields they do not know.'],
      ['objects/widget', 'required-rule-added', 'size: It must be positive.'],
      ['schema', 'field-added', 'widget.size'],
    ]));
    // The page's field table adds `size` too: one change, one record, and the schema's wins.
    expect(changes.filter((c) => c.id === 'field-added')).toHaveLength(1);
  });

  it('without the config, lower-case "must" is ordinary English (RFC 8174)', async () => {
    const dir = tmp();
    cpSync(join(spec, 'v1.9.0'), join(dir, 'v1.9.0'), { recursive: true });
    cpSync(join(spec, 'v1.10.0'), join(dir, 'v1.10.0'), { recursive: true });
    const changes = changesOf((await runCli(['diff', 'v1.9.0', 'v1.10.0', '--format', 'json'], { cwd: dir })).stdout);
    expect(changes.filter((c) => c.kind === 'rule')).toEqual([]);
    expect(changes.some((c) => c.id === 'field-added' && c.subject === 'widget.size')).toBe(true);
  });

  it('a folder against a file, or a broken config, is one sentence and exit 2', async () => {
    expectInputError(await runCli(['diff', join(spec, 'v1.9.0'), join(spec, 'v1.10.0/overview.md')]), /v1\.9\.0 is a directory \(a revision folder\) but .*overview\.md is not/);
    const dir = tmp();
    const config = join(dir, 'bad.json');
    writeFileSync(config, '{"keywordCase": "sometimes"}');
    expectInputError(await runCli(['diff', join(spec, 'v1.9.0'), join(spec, 'v1.10.0'), '--config', config]), /bad\.json: "keywordCase" must be "uppercase" or "any-case"/);
    writeFileSync(config, '{"normatve": []}');
    expectInputError(await runCli(['diff', join(spec, 'v1.9.0'), join(spec, 'v1.10.0'), '--config', config]), /unknown setting "normatve"/);
  });
});

describe('YAML schemas', () => {
  it('are read as schemas, not as pages', async () => {
    const result = await runCli(['diff', join(spec, 'v1.9.0/schema.yaml'), join(spec, 'v1.10.0/schema.yaml'), '--format', 'json']);
    expect(result.code).toBe(0);
    expect(changesOf(result.stdout).map((c) => [c.kind, c.subject])).toEqual([['schema-field', 'widget.size']]);
  });

  it('a broken one is one sentence naming it, with the line', async () => {
    const dir = tmp();
    writeFileSync(join(dir, 'schema.yaml'), '$defs:\n  a: [unclosed\n');
    expectInputError(await runCli(['diff', join(dir, 'schema.yaml'), join(spec, 'v1.10.0/schema.yaml')]), /schema\.yaml is not valid YAML \(line \d+/);
  });
});
