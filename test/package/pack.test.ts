import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixturesDir, repoRoot } from '../../harness/paths.ts';

/**
 * What users install is what was tested: the tarball `npm pack` makes (prepack compiles
 * lib/), installed into an empty folder with production dependencies only (from the npm
 * cache when it has them, else the registry), run from there.
 */
const work = mkdtempSync(join(tmpdir(), 'specdelta-pack-'));
const app = join(work, 'app');
const bin = join(app, 'node_modules/.bin/specdelta');
let files: string[] = [];

const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', env: { ...process.env, npm_config_fund: 'false', npm_config_audit: 'false', npm_config_update_notifier: 'false' } });
const specdelta = (args: string[]) => execFileSync(process.execPath, [bin, ...args], { cwd: app, encoding: 'utf8' });

beforeAll(() => {
  const [packed] = JSON.parse(npm(['pack', '--json', '--pack-destination', work], repoRoot)) as { filename: string; files: { path: string }[] }[];
  files = packed!.files.map((f) => f.path);
  mkdirSync(app);
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  npm(['install', '--prefer-offline', '--omit=dev', join(work, packed!.filename)], app);
}, 600_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the npm package', () => {
  it('ships compiled JavaScript and types, not the sources, tests or the site', () => {
    expect(files).toContain('bin/specdelta.js');
    expect(files).toContain('lib/src/index.js');
    expect(files).toContain('lib/src/index.d.ts');
    expect(files).toContain('lib/src/detect/data/fingerprints.json');
    expect(files).toContain('lib/src/detect/index.js');
    expect(files).not.toContain('lib/.build-stamp');
    expect(files.filter((f) => /^(src|site|test|fixtures|e2e)\/|\.test\.|\.ts$/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);
  });

  it('installs without dev dependencies: no TypeScript loader, no site generator', () => {
    expect(existsSync(join(app, 'node_modules/specdelta/lib/src/cli/run.js'))).toBe(true);
    expect(existsSync(join(app, 'node_modules/tsx'))).toBe(false);
    expect(existsSync(join(app, 'node_modules/astro'))).toBe(false);
  });

  it('runs `specdelta --version` from the installed bin', () => {
    const { version } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { version: string };
    expect(specdelta(['--version']).trim()).toBe(version);
  });

  it('diffs two pages from the installed bin', () => {
    const report = JSON.parse(specdelta(['diff', join(fixturesDir, 'package/old.md'), join(fixturesDir, 'package/new.md'), '--format', 'json'])) as { summary: Record<string, number>; changes: { id: string; after: { keyword?: string } | null }[] };
    expect(report.changes.map((c) => `${c.id} ${c.after?.keyword}`)).toEqual(['rule-strengthened MUST', 'required-rule-added MUST NOT']);
    expect(report.summary['breaking']).toBe(2);
  });

  it('is importable by name, with the same verbs as the CLI', () => {
    const script = `import { diffPages } from 'specdelta'; import { readFileSync } from 'node:fs';
      const r = diffPages(readFileSync(process.argv[1], 'utf8'), readFileSync(process.argv[2], 'utf8'));
      console.log(r.changes.map((c) => c.id).join(','));`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script, join(fixturesDir, 'package/old.md'), join(fixturesDir, 'package/new.md')], { cwd: app, encoding: 'utf8' });
    expect(out.trim()).toBe('rule-strengthened,required-rule-added');
  });

  it('offers the browser-safe detector as specdelta/detect, with the fingerprints it ships', () => {
    const script = `import { detectRevision, validateFingerprints } from 'specdelta/detect'; import { readFileSync } from 'node:fs';
      const data = JSON.parse(readFileSync(process.argv[1], 'utf8'));
      if (validateFingerprints(data) !== null) throw new Error('invalid fingerprints');
      console.log(typeof detectRevision('# Hello', data).confidence);`;
    const out = execFileSync(process.execPath, ['--input-type=module', '-e', script, join(app, 'node_modules/specdelta/lib/src/detect/data/fingerprints.json')], { cwd: app, encoding: 'utf8' });
    expect(out.trim()).toBe('number');
  });
});
