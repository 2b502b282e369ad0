import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, codeVersion } from './env.ts';

/**
 * A content-addressed cache for expensive build results (page diffs, rendered pages): in
 * memory for one build, on disk (.cache/site) across builds. Keys are built from content
 * hashes plus the code's version, so a stale entry can never be read back.
 */

export interface CacheStats {
  hits: number;
  misses: number;
  computeMs: number;
  /** The same, per kind of result ("page" diffs, "schema" diffs, "render"ed pages). */
  byKind: Record<string, { hits: number; misses: number; computeMs: number }>;
}

export const stats: CacheStats = { hits: 0, misses: 0, computeMs: 0, byKind: {} };

function count(kind: string, hit: boolean, ms = 0): void {
  const entry = (stats.byKind[kind] ??= { hits: 0, misses: 0, computeMs: 0 });
  if (hit) {
    stats.hits += 1;
    entry.hits += 1;
  } else {
    stats.misses += 1;
    entry.misses += 1;
    stats.computeMs += ms;
    entry.computeMs += ms;
  }
}

const memory = new Map<string, unknown>();

export function cached<T>(parts: string[], compute: () => T): T {
  const key = createHash('sha256').update([codeVersion(), ...parts].join('\0')).digest('hex').slice(0, 40);
  if (memory.has(key)) return memory.get(key) as T;
  const dir = cacheDir();
  const file = dir ? join(dir, key.slice(0, 2), `${key}.json`) : null;
  if (file && existsSync(file)) {
    try {
      const value = JSON.parse(readFileSync(file, 'utf8')) as T;
      memory.set(key, value);
      count(parts[0] ?? '', true);
      writeStats();
      return value;
    } catch {
      // A damaged entry is recomputed and overwritten.
    }
  }
  const started = performance.now();
  const value = compute();
  count(parts[0] ?? '', false, performance.now() - started);
  memory.set(key, value);
  if (file) {
    mkdirSync(join(file, '..'), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(value));
    renameSync(tmp, file);
  }
  writeStats();
  return value;
}

/** Written as the build goes, for `npm run bench` to read after the build process exits. */
function writeStats(): void {
  const dir = cacheDir();
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'last-build-stats.json'), `${JSON.stringify({ pid: process.pid, ...stats })}\n`);
}

