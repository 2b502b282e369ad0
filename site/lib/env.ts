import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isAbsolute, join, relative, resolve } from 'node:path';

/**
 * Where the build reads from and caches to. astro.config.mjs sets SPECDELTA_ROOT to the
 * repository; everything else is relative to it unless given as an absolute path.
 */
export function repoRoot(): string {
  return resolve(process.env['SPECDELTA_ROOT'] ?? process.cwd());
}

function fromRoot(path: string): string {
  return isAbsolute(path) ? path : resolve(repoRoot(), path);
}

export function snapshotsDir(): string {
  return fromRoot(process.env['SPECDELTA_SNAPSHOTS'] || 'snapshots');
}

/** The on-disk cache of diff results, or null when SPECDELTA_SITE_CACHE_DIR=off. */
export function cacheDir(): string | null {
  const setting = process.env['SPECDELTA_SITE_CACHE_DIR'];
  if (setting === 'off' || setting === '0') return null;
  return fromRoot(setting || '.cache/site');
}

/** The snapshot folder as the published JSON names it ("snapshots" in a normal build). */
export function snapshotsLabel(): string {
  const rel = relative(repoRoot(), snapshotsDir()).replace(/\\/g, '/');
  return rel && !rel.startsWith('..') ? rel : 'snapshots';
}

const versions = new Map<CodeScope, string>();

/** What a cached result depends on: the library alone (a revision report), or the library and the site's lib (views, rendered pages). */
export type CodeScope = 'library' | 'site';

/**
 * The code cached results come from: everything a revision report passes through (reading,
 * records, the revision passes, grouping into changes, the changelog, the reports) and the
 * site's own lib. Missing one here would let a build read back results of older code.
 */
const LIBRARY_PARTS = [
  'src/model', 'src/diff', 'src/schema', 'src/records', 'src/revision', 'src/changes', 'src/changelog', 'src/report', 'src/input', 'src/config',
  'src/core', 'src/site-entry.ts', 'scraper/lock.ts',
];
const CODE_PARTS: Record<CodeScope, string[]> = { library: LIBRARY_PARTS, site: [...LIBRARY_PARTS, 'site/lib'] };

/**
 * A hash of the code that produces cached results (the library, and site/lib for what the
 * site lays out): a cache entry written by other code is never read back. A report of two
 * revisions depends on the library alone, so an edit to the site's lib keeps it.
 */
export function codeVersion(scope: CodeScope = 'site'): string {
  const known = versions.get(scope);
  if (known !== undefined) return known;
  const hash = createHash('sha256');
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    if (statSync(path).isDirectory()) {
      for (const name of readdirSync(path).sort()) walk(join(path, name));
    } else if (/\.ts$/.test(path) && !/\.test\.ts$/.test(path)) {
      hash.update(relative(repoRoot(), path)).update('\0').update(readFileSync(path)).update('\0');
    }
  };
  for (const part of CODE_PARTS[scope]) walk(join(repoRoot(), part));
  // The parsers' versions matter too (a remark upgrade may read a page differently).
  for (const name of ['remark-parse', 'remark-gfm', 'micromark', 'diff', 'rehype-sanitize', 'rehype-raw']) {
    const manifest = join(repoRoot(), 'node_modules', name, 'package.json');
    if (existsSync(manifest)) hash.update(`${name}@${(JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version}`);
  }
  const version = hash.digest('hex').slice(0, 16);
  versions.set(scope, version);
  return version;
}
