import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSiteConfig, specPlaces } from '../../site/lib/site-config.ts';
import { isUserFacing } from '../../src/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'specdelta-site-config-'));
for (const revision of ['v1.9.0', 'v1.10.0']) mkdirSync(join(dir, 'spec', revision), { recursive: true });
writeFileSync(join(dir, 'spec', 'CHANGELOG.md'), '# Changelog\n\n## v1.10.0\n\n- Ten.\n');
mkdirSync(join(dir, 'snapshots'));
writeFileSync(join(dir, 'snapshots', 'snapshots.lock.json'), JSON.stringify({ lockfileVersion: 1, revisions: [], pages: [] }));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const entry = { name: 'otel', label: 'OpenTelemetry', source: 'spec', upstream: 'https://example.org/{revision}/{path}' };

function problem(config: unknown): string {
  const file = join(dir, 'specs.json');
  writeFileSync(file, typeof config === 'string' ? config : JSON.stringify(config));
  try {
    readSiteConfig(file);
  } catch (error) {
    if (isUserFacing(error)) return error.message.replace(file, 'FILE');
    throw error;
  }
  return 'no problem';
}

describe('the site config (build:specs)', () => {
  it('reads a spec with its defaults, its source from the config file\'s folder and its revisions in release order', () => {
    writeFileSync(join(dir, 'good.json'), JSON.stringify({ specs: [entry] }));
    const [spec] = readSiteConfig(join(dir, 'good.json')).specs;
    expect(spec).toEqual({ ...entry, title: 'OpenTelemetry', source: join(dir, 'spec'), revisions: null, pageLabels: 'title', detector: false, changelog: null });
  });

  it('names a spec by its title where one is given, else by its label', () => {
    writeFileSync(join(dir, 'titled.json'), JSON.stringify({ specs: [{ ...entry, title: 'The OpenTelemetry Specification' }] }));
    expect(readSiteConfig(join(dir, 'titled.json')).specs[0]!.title).toBe('The OpenTelemetry Specification');
    expect(problem({ specs: [{ ...entry, title: '' }] })).toMatch(/^FILE: spec 1 needs "title", a non-empty string\.$/);
  });

  it.each([
    ['{', /^FILE is not valid JSON/],
    [{ specs: [] }, /^FILE: "specs" lists no spec; name at least one\.$/],
    [{ specs: [entry], theme: 'dark' }, /^FILE: "theme" is not a setting/],
    [{ specs: [{ ...entry, colour: 'red' }] }, /^FILE: spec 1 has an unknown setting "colour"/],
    [{ specs: [{ ...entry, label: '' }] }, /^FILE: spec 1 needs "label", a non-empty string\.$/],
    [{ specs: [{ ...entry, name: 'diff' }] }, /^FILE: spec 1: "name" "diff" is a folder of the site already/],
    [{ specs: [{ ...entry, name: 'Open Telemetry' }] }, /^FILE: spec 1: "name" "Open Telemetry" must be lower-case/],
    [{ specs: [{ ...entry, source: 'nowhere' }] }, /^FILE: spec 1 \("otel"\): "source" .*nowhere is not a folder\.$/],
    [{ specs: [{ ...entry, upstream: 'https://example.org/' }] }, /"upstream" must be an http\(s\) URL with \{revision\}/],
    [{ specs: [{ ...entry, revisions: ['v2.0.0'] }] }, /revision "v2\.0\.0" is not in .*\(it has v1\.9\.0, v1\.10\.0\)\.$/],
    [{ specs: [entry, { ...entry, label: 'Again' }] }, /^FILE: two specs are named "otel"\.$/],
  ])('refuses %j in one sentence naming the file', (config, expected) => {
    expect(problem(config)).toMatch(expected);
  });

  it("reads a changelog file beside the revision folders, and refuses one that is not a file of a folder of revision folders", () => {
    writeFileSync(join(dir, 'log.json'), JSON.stringify({ specs: [{ ...entry, changelog: 'CHANGELOG.md' }] }));
    expect(readSiteConfig(join(dir, 'log.json')).specs[0]!.changelog).toBe(join(dir, 'spec', 'CHANGELOG.md'));
    expect(problem({ specs: [{ ...entry, changelog: 'NEWS.md' }] })).toMatch(/^FILE: spec 1 \("otel"\): "changelog" "NEWS\.md" must be a file in .*spec\.$/);
    expect(problem({ specs: [{ ...entry, changelog: '../specs.json' }] })).toMatch(/"changelog" "\.\.\/specs\.json" must be a file in/);
    expect(problem({ specs: [{ ...entry, source: 'snapshots', changelog: 'CHANGELOG.md' }] })).toMatch(/"changelog" is for a folder of revision folders/);
  });

  it('puts the first spec at the base path and every other in a folder of its name', () => {
    const specs = readSiteConfig(join(dir, 'good.json')).specs;
    const places = specPlaces([specs[0]!, { ...specs[0]!, name: 'graphql' }], '/sub', '/out');
    expect(places.map((p) => [p.base, p.out])).toEqual([['/sub/', '/out'], ['/sub/graphql/', '/out/graphql']]);
  });
});
