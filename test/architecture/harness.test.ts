import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../../harness/paths.ts';

/**
 * Benches and the shared harness stand on their own: what tests and benches both need lives
 * in harness/, so bench/ (and harness/ itself) never import from test/ or e2e/, and the
 * product (src/, scraper/) never imports any of them.
 */
const IMPORT = /(?:import|export)\s[^'"`;]*?from\s*['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function filesUnder(dir: string): string[] {
  return readdirSync(join(repoRoot, dir)).flatMap((entry) => {
    const path = `${dir}/${entry}`;
    if (statSync(join(repoRoot, path)).isDirectory()) return entry === 'node_modules' ? [] : filesUnder(path);
    return /\.(?:ts|mjs)$/.test(entry) ? [path] : [];
  });
}

/** Each relative import of the files under `dir` that lands in one of `forbidden`, as `file → target`. */
function importsInto(dir: string, forbidden: readonly string[]): string[] {
  return filesUnder(dir).flatMap((file) => {
    const text = readFileSync(join(repoRoot, file), 'utf8');
    return [...text.matchAll(IMPORT)]
      .map((m) => normalize(join(dirname(file), m[1] ?? m[2]!)).replace(/\\/g, '/'))
      .filter((target) => forbidden.some((top) => target === top || target.startsWith(`${top}/`)))
      .map((target) => `${file} → ${target}`);
  });
}

describe('the harness', () => {
  it('bench/ imports nothing from test/ or e2e/', () => {
    expect(importsInto('bench', ['test', 'e2e'])).toEqual([]);
  });

  it('harness/ imports nothing from test/, e2e/ or bench/', () => {
    expect(importsInto('harness', ['test', 'e2e', 'bench'])).toEqual([]);
  });

  it('src/ and scraper/ import nothing from harness/, test/, e2e/ or bench/', () => {
    expect([...importsInto('src', ['harness', 'test', 'e2e', 'bench']), ...importsInto('scraper', ['harness', 'test', 'e2e', 'bench'])]).toEqual([]);
  });

  it('would catch a bench importing a test helper (the check itself can fail)', () => {
    expect(normalize(join('bench', '../test/helpers/x.ts'))).toBe('test/helpers/x.ts');
  });
});
