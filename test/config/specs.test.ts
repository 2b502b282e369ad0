import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSpecConfig, specsOf } from '../../src/config/index.ts';
import { repoRoot } from '../../harness/paths.ts';
import { existsSync } from 'node:fs';

/** A config that lists several specs (`specs`), for a site that builds more than one. */
describe('the specs list', () => {
  const text = JSON.stringify({
    keywordCase: 'uppercase',
    specs: [
      { name: 'widgets', title: 'Widgets', folder: 'fixtures/specs/widgets', revisions: { match: '^v\\d' }, schema: 'schema.yaml' },
      { name: 'graphql', folder: '../shared/other-specs/graphql-spec', keywordCase: 'any-case', revisions: { order: ['June2018', 'October2021', 'September2025'] } },
    ],
  });

  it('is checked entry by entry, and each spec reads its revisions, named any way, with its own settings over the shared ones', () => {
    const config = parseSpecConfig(text, 'specdelta.config.json');
    const specs = specsOf({ config, path: join(repoRoot, 'specdelta.config.json') });
    expect(specs.map((s) => [s.name, s.title, s.config.keywordCase])).toEqual([['widgets', 'Widgets', 'uppercase'], ['graphql', 'graphql', 'any-case']]);
    expect(specs[0]!.folder).toBe(join(repoRoot, 'fixtures/specs/widgets'));
    expect(specs[0]!.revisions()).toEqual(['v1.9.0', 'v1.10.0']);
    if (existsSync(specs[1]!.folder)) expect(specs[1]!.revisions()).toEqual(['June2018', 'October2021', 'September2025']);
  });

  it('a bad entry is one sentence naming the entry and the setting', () => {
    const bad = (specs: unknown) => () => parseSpecConfig(JSON.stringify({ specs }), 'c.json');
    expect(bad([])).toThrow(/"specs" must be a non-empty list of specs/);
    expect(bad([{ name: 'a' }])).toThrow(/entry 1 has none/);
    expect(bad([{ name: 'a', folder: 'x', colour: 1 }])).toThrow(/entry 1 has "colour"/);
    expect(bad([{ name: 'a', folder: 'x' }, { name: 'a', folder: 'y' }])).toThrow(/"a" appears twice/);
    expect(bad([{ name: 'a b', folder: 'x' }])).toThrow(/entry 1: "name" must be a name/);
    expect(bad([{ name: 'a', folder: 'x', revisions: { match: '(' } }])).toThrow(/"revisions" must be an object whose "match" is a valid regular expression/);
  });
});
