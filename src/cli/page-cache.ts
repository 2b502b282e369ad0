import { resolve } from 'node:path';
import { PACKAGE_CACHE_DIR } from '../core/cache-dir.ts';
import { usePageStore } from '../model/index.ts';
import type { CommandIO } from './io.ts';

/**
 * Where the CLI's diffs keep parsed pages across runs (model/page-store.ts): beside the
 * detector's cached fingerprints, in the package's `node_modules/.cache/specdelta`.
 * `SPECDELTA_CACHE=DIR` moves it; `SPECDELTA_CACHE=off` (or `0`) keeps pages in memory only.
 */

function pageCacheDir(env: Record<string, string | undefined>, cwd: string): string | null {
  const setting = env['SPECDELTA_CACHE']?.trim();
  if (setting === undefined || setting === '') return PACKAGE_CACHE_DIR;
  if (/^(off|0|false|no)$/i.test(setting)) return null;
  return resolve(cwd, setting);
}

/** Runs a command with the page cache on (pages an earlier run read are not parsed again), and off after it. */
export async function withPageCache<T>(io: CommandIO, run: () => Promise<T>): Promise<T> {
  usePageStore(pageCacheDir(io.env, io.cwd));
  try {
    return await run();
  } finally {
    usePageStore(null);
  }
}
