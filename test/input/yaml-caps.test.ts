import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { yamlTooDeepAt } from '../../src/model/yaml.ts';
import { expectInputError } from '../helpers/input-error.ts';
import { runCli } from '../../harness/run-cli.ts';
import { tempTree } from '../helpers/temp-tree.ts';

/**
 * Issue 25, case 7: YAML is read under the caps JSON is: nesting past the one cap is
 * refused with the JSON sentence, and aliases that would expand past a document's size
 * (the "billion laughs") are refused before anything is copied. The per-test timeout is
 * the time budget: before, the large anchor took 21 s and 1.6 GB and ended in an
 * internal error.
 */

const { dir, write } = tempTree('specdelta-yaml-caps-');
const HEAD = '$schema: http://json-schema.org/draft-07/schema#\n';

/** The same schema twice, so the command reads both sides. */
async function diffOf(name: string, text: string) {
  write(join(dir, `${name}-old`, 'schema.yaml'), text);
  write(join(dir, `${name}-new`, 'schema.yaml'), text);
  return runCli(['diff', `${name}-old/schema.yaml`, `${name}-new/schema.yaml`], { cwd: dir });
}

const nested = (levels: number, json: boolean) => {
  let value = '1';
  for (let i = 0; i < levels; i++) value = `[${value}]`;
  return json ? `{"$schema": "http://json-schema.org/draft-07/schema#", "properties": {"x": ${value}}}` : `${HEAD}properties:\n  x: ${value}\n`;
};

describe('YAML aliases', () => {
  it('nested aliases (the billion laughs) are refused in one sentence', async () => {
    const levels = ['  a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (const [i, name] of [...'bcdefghi'].entries()) levels.push(`  ${name}: &${name} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`);
    expectInputError(await diffOf('laughs', `${HEAD}definitions:\n${levels.join('\n')}\n`), /^specdelta: laughs-old\/schema\.yaml expands its aliases to more than 20 MB of values \(the most a document may hold\)\.\n$/);
  }, 10_000);

  it('one large anchor named many times is refused before it is copied', async () => {
    const text = `${HEAD}definitions:\n  a: &a "${'x'.repeat(1_000_000)}"\n  b: [${Array(900).fill('*a').join(',')}]\n`;
    expectInputError(await diffOf('large', text), /^specdelta: large-old\/schema\.yaml expands its aliases to more than 20 MB/);
  }, 10_000);

  it('an alias inside the node it names is refused', async () => {
    expectInputError(await diffOf('cycle', `${HEAD}definitions:\n  a: &a [1, *a]\n`), /cycle-old\/schema\.yaml has an alias inside the node it names, which would never end\.$/m);
  });

  it('aliases within the caps are read as the values they stand for', async () => {
    const text = `${HEAD}definitions:\n  id: &id { type: string }\n  A: { type: object, properties: { id: *id } }\n  B: { type: object, properties: { id: *id } }\n`;
    const result = await diffOf('fine', text);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
  });
});

describe('YAML and JSON nest under one cap, with one sentence', () => {
  it.each([true, false])('json: %s — 900 levels are refused as too deep, not a stack overflow', async (json) => {
    const name = json ? 'deep-json' : 'deep-yaml';
    const ext = json ? 'json' : 'yaml';
    write(join(dir, `${name}/old.${ext}`), nested(900, json));
    write(join(dir, `${name}/new.${ext}`), nested(900, json));
    const result = await runCli(['diff', `${name}/old.${ext}`, `${name}/new.${ext}`], { cwd: dir });
    expectInputError(result, new RegExp(`^specdelta: ${name}/old\\.${ext} nests deeper than 500 levels \\(line ${json ? 1 : 3}\\)\\.\\n$`));
  });

  it.each([true, false])('json: %s — 400 levels are read', async (json) => {
    const name = json ? 'ok-json' : 'ok-yaml';
    const ext = json ? 'json' : 'yaml';
    write(join(dir, `${name}/old.${ext}`), nested(400, json));
    write(join(dir, `${name}/new.${ext}`), nested(400, json).replace('[1]', '[2]'));
    const result = await runCli(['diff', `${name}/old.${ext}`, `${name}/new.${ext}`], { cwd: dir });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('block nesting counts as flow nesting does', () => {
    const block = (levels: number) => Array.from({ length: levels }, (_, i) => `${' '.repeat(i)}k:`).join('\n') + `\n${' '.repeat(levels)}v: 1\n`;
    expect(yamlTooDeepAt(block(400), 500)).toBe(-1);
    expect(yamlTooDeepAt(block(600), 500)).toBeGreaterThan(0);
    expect(yamlTooDeepAt(`${'- '.repeat(600)}x\n`, 500)).toBe(0);
    // Brackets in quotes and comments are text.
    expect(yamlTooDeepAt(`a: "${'['.repeat(600)}"\nb: 1 # ${'{'.repeat(600)}\n`, 500)).toBe(-1);
  });
});

describe('a page whose front matter is a YAML bomb', () => {
  it('still diffs, with a warning on the front matter', async () => {
    const front = ['---', 'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (const [i, name] of [...'bcdefghi'].entries()) front.push(`${name}: &${name} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`);
    write(join(dir, 'page/old.mdx'), `${front.join('\n')}\n---\n\n# P\n\nServers SHOULD reply.\n`);
    write(join(dir, 'page/new.mdx'), `${front.join('\n')}\n---\n\n# P\n\nServers MUST reply.\n`);
    const result = await runCli(['diff', 'page/old.mdx', 'page/new.mdx', '--format', 'json'], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Servers MUST reply.');
    expect(result.stderr).toMatch(/warning: front matter expands its aliases to more than 20 MB/);
  }, 10_000);
});
