import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cacheDir, codeVersion, type CodeScope } from './env.ts';

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

export function cached<T>(parts: string[], compute: () => T, scope: CodeScope = 'site'): T {
  const key = keyOf(parts, scope);
  if (memory.has(key)) return memory.get(key) as T;
  const found = readEntry<T>(key, parts[0] ?? '');
  if (found !== undefined) return found;
  const started = performance.now();
  const value = compute();
  store(key, parts[0] ?? '', value, performance.now() - started);
  return value;
}

const pending = new Map<string, Promise<unknown>>();

/** `cached` for a result computed asynchronously; callers asking while it is computed share the one computation. */
export function cachedAsync<T>(parts: string[], compute: () => Promise<T>, scope: CodeScope = 'site'): Promise<T> {
  const key = keyOf(parts, scope);
  if (memory.has(key)) return Promise.resolve(memory.get(key) as T);
  const running = pending.get(key);
  if (running) return running as Promise<T>;
  const found = readEntry<T>(key, parts[0] ?? '');
  if (found !== undefined) return Promise.resolve(found);
  const started = performance.now();
  const promise = compute().then((value) => {
    store(key, parts[0] ?? '', value, performance.now() - started);
    pending.delete(key);
    return value;
  }, (error: unknown) => {
    pending.delete(key);
    throw error;
  });
  pending.set(key, promise);
  return promise;
}

function keyOf(parts: readonly string[], scope: CodeScope): string {
  return createHash('sha256').update([codeVersion(scope), ...parts].join('\0')).digest('hex').slice(0, 40);
}

function fileOf(key: string): string | null {
  const dir = cacheDir();
  return dir ? join(dir, key.slice(0, 2), `${key}.json`) : null;
}

function readEntry<T>(key: string, kind: string): T | undefined {
  const file = fileOf(key);
  if (!file || !existsSync(file)) return undefined;
  try {
    const value = JSON.parse(readFileSync(file, 'utf8')) as T;
    memory.set(key, value);
    count(kind, true);
    writeStats();
    return value;
  } catch {
    // A damaged entry is recomputed and overwritten.
    return undefined;
  }
}

function store(key: string, kind: string, value: unknown, ms: number): void {
  count(kind, false, ms);
  memory.set(key, value);
  const file = fileOf(key);
  if (file) {
    mkdirSync(join(file, '..'), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(value));
    renameSync(tmp, file);
  }
  writeStats();
}

/** Written as the build goes, for `npm run bench` to read after the build process exits. */
function writeStats(): void {
  const dir = cacheDir();
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'last-build-stats.json'), `${JSON.stringify({ pid: process.pid, ...stats })}\n`);
}

