import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the CLI's revision diffs keep parsed pages across runs (model/page-store.ts): beside
 * the detector's cached fingerprints, in the package's `node_modules/.cache/specdelta`.
 * `SPECDELTA_CACHE=DIR` moves it; `SPECDELTA_CACHE=off` (or `0`) keeps pages in memory only.
 */
const DEFAULT_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..', 'node_modules/.cache/specdelta');

export function pageCacheDir(env: Record<string, string | undefined>, cwd: string): string | null {
  const setting = env['SPECDELTA_CACHE']?.trim();
  if (setting === undefined || setting === '') return DEFAULT_DIR;
  if (/^(off|0|false|no)$/i.test(setting)) return null;
  return resolve(cwd, setting);
}
