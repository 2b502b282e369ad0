import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync, cpSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import lockfile from 'proper-lockfile';
import { parseLock, serializeLock, type Lock, type LockedPage } from '../scraper/lock.ts';
import { repoRoot } from './paths.ts';

// One repository root for tests, browser tests and benches (paths.ts).
export { repoRoot };

/** Everything the browser tests build lives here (git-ignored), never in the repo's dist/. */
export const e2eRoot = join(repoRoot, '.cache/e2e');
/** CI keeps this folder. */
export const screenshotDir = join(repoRoot, 'test-results/screenshots');
export const specMirrorMain = resolve(process.env['SPECDELTA_MIRROR'] ?? join(repoRoot, '../shared/mcp-spec/refs/main'));

/** The hostile fixture: one page id, an old and a new side (fixtures/site/hostile/{old,new}.mdx). */
export const HOSTILE_PAGE = 'fixture/hostile';
export const hostileFixtureDir = join(repoRoot, 'fixtures/site/hostile');

export interface BuildOptions {
  snapshotsDir: string;
  outDir: string;
  /** Base path the site is built for (SPECDELTA_BASE), default "/". */
  base?: string;
  /** Where the site keeps its content-hash cache of diff results (SPECDELTA_SITE_CACHE_DIR). */
  cacheDir?: string;
  env?: Record<string, string>;
  timeoutMs?: number;
  /** Astro's own log (per-page times) is kept when false. Default true. */
  silent?: boolean;
}

export interface BuildResult {
  ms: number;
  output: string;
}

/** Runs `astro build` in a child process (Astro brings its own Vite; the tests run on Vitest's). */
export async function buildSite(options: BuildOptions): Promise<BuildResult> {
  const started = performance.now();
  const env = buildEnv({ SPECDELTA_SNAPSHOTS: resolve(options.snapshotsDir), SPECDELTA_OUT_DIR: resolve(options.outDir), SPECDELTA_BASE: options.base ?? '/', ...options.env }, options.cacheDir);
  const output = await run(process.execPath, [join(repoRoot, 'node_modules/astro/astro.js'), 'build', ...(options.silent === false ? [] : ['--silent'])], { cwd: repoRoot, env, timeoutMs: options.timeoutMs ?? 600_000 });
  return { ms: performance.now() - started, output };
}

/**
 * Runs `npm run build:specs` (scripts/build-specs.ts) in a child process: every spec of a
 * site config, the first at the root of `outDir`, the others under `/<name>/`.
 */
export async function buildSpecsSite(options: { config: string; outDir: string; cacheDir?: string; timeoutMs?: number }): Promise<BuildResult> {
  const started = performance.now();
  const args = [join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), join(repoRoot, 'scripts/build-specs.ts'), '--config', resolve(options.config), '--out', resolve(options.outDir), '--force'];
  const output = await run(process.execPath, args, { cwd: repoRoot, env: buildEnv({ SPECDELTA_BASE: '/' }, options.cacheDir), timeoutMs: options.timeoutMs ?? 600_000 });
  return { ms: performance.now() - started, output };
}

/** The environment of a build in a child process: the settings given, the cache, and none of Vitest's own. */
function buildEnv(settings: Record<string, string>, cacheDir: string | undefined): Record<string, string> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    ASTRO_TELEMETRY_DISABLED: '1',
    ...(cacheDir ? { SPECDELTA_SITE_CACHE_DIR: resolve(cacheDir), SPECDELTA_ASTRO_CACHE_DIR: resolve(cacheDir, 'astro') } : {}),
    ...settings,
  };
  // Vitest marks its workers and sets Vite's env (BASE_URL, MODE…) in process.env; Astro
  // would read those back as import.meta.env and build for the wrong base path.
  for (const key of Object.keys(env)) {
    if (key.startsWith('VITEST') || ['TEST', 'NODE_ENV', 'BASE_URL', 'MODE', 'DEV', 'PROD', 'SSR', 'SITE', 'ASSETS_PREFIX'].includes(key)) delete env[key];
  }
  return env;
}

/**
 * Fills `dir` with snapshots from the upstream mirror (`specdelta snapshot --from`), or
 * from the repository's snapshots/ when there is no mirror, then adds the hostile fixture
 * page to the latest revision and the one before it, recorded in the lock like any page.
 */
export async function prepareSnapshots(dir: string, options: { hostile?: boolean } = {}): Promise<string> {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (existsSync(join(specMirrorMain, 'docs/specification'))) {
    await run(process.execPath, [join(repoRoot, 'bin/specdelta.js'), 'snapshot', '--from', specMirrorMain, '--snapshots', dir, '--quiet'], { cwd: repoRoot, env: process.env as Record<string, string>, timeoutMs: 120_000 });
  } else if (existsSync(join(repoRoot, 'snapshots/snapshots.lock.json'))) {
    cpSync(join(repoRoot, 'snapshots'), dir, { recursive: true });
  } else {
    throw new Error(`no spec mirror at ${specMirrorMain} and no snapshots/ in the repository; set SPECDELTA_MIRROR or run \`specdelta snapshot\`.`);
  }
  if (options.hostile !== false) addHostilePage(dir);
  return dir;
}

/** The latest revision and the one before it, where the hostile page is added. */
export function hostileRevisions(lock: Lock): { old: string; new: string } {
  const index = lock.revisions.findIndex((r) => r.status === 'latest');
  if (index < 1) throw new Error('the lock has no latest revision with a predecessor to put the hostile fixture in.');
  return { old: lock.revisions[index - 1]!.id, new: lock.revisions[index]!.id };
}

function addHostilePage(dir: string): void {
  const lockFile = join(dir, 'snapshots.lock.json');
  const lock = parseLock(readFileSync(lockFile, 'utf8'));
  const revisions = hostileRevisions(lock);
  const add = (revision: string, side: 'old' | 'new') => {
    const body = readFileSync(join(hostileFixtureDir, `${side}.mdx`));
    const target = join(dir, revision, `${HOSTILE_PAGE}.mdx`);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, body);
    const entry: LockedPage = {
      revision, page: HOSTILE_PAGE, url: relative(repoRoot, join(hostileFixtureDir, `${side}.mdx`)), via: 'dir', path: `fixtures/site/hostile/${side}.mdx`,
      commit: null, sha256: createHash('sha256').update(body).digest('hex'), size: body.length, retrievedAt: new Date(0).toISOString(), etag: null, lastModified: null,
    };
    lock.pages = lock.pages.filter((p) => !(p.revision === revision && p.page === HOSTILE_PAGE)).concat(entry);
  };
  add(revisions.old, 'old');
  add(revisions.new, 'new');
  writeFileSync(lockFile, serializeLock(lock));
}

/** Everything the e2e build depends on, hashed: the build is reused while this is unchanged. */
export function e2eInputsHash(): string {
  const hash = createHash('sha256');
  const walk = (path: string) => {
    if (!existsSync(path)) return;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path).sort()) if (name !== 'node_modules' && !name.startsWith('.')) walk(join(path, name));
    } else if (!/\.test\.ts$/.test(path)) {
      hash.update(relative(repoRoot, path)).update('\0').update(readFileSync(path)).update('\0');
    }
  };
  for (const part of ['site', 'src', 'scraper', 'fixtures/site', 'e2e/helpers', 'astro.config.mjs', 'package-lock.json']) walk(join(repoRoot, part));
  hash.update(specMirrorMain);
  return hash.digest('hex').slice(0, 16);
}

const STAMP = '.specdelta-e2e-stamp';
/** Set by the global setup to the built site's folder. */
export const E2E_DIST_ENV = 'SPECDELTA_E2E_DIST';
/** The snapshot folder the e2e site was built from (hostile fixture included). */
export const e2eSnapshotsDir = join(e2eRoot, 'snapshots');

/**
 * The directory of a site built for the browser tests (full spec from the mirror plus the
 * hostile fixture), building it first unless an up-to-date build exists. Safe to call
 * from several test files at once: one builds, the others wait.
 */
export async function ensureSiteBuilt(): Promise<string> {
  const dist = join(e2eRoot, 'dist');
  // The global setup built it for this run already (workers inherit its environment).
  const built = process.env[E2E_DIST_ENV];
  if (built && existsSync(join(built, 'index.html'))) return built;
  const stamp = e2eInputsHash();
  const fresh = () => existsSync(join(dist, STAMP)) && readFileSync(join(dist, STAMP), 'utf8') === stamp;
  if (fresh()) return dist;
  await withLock(join(e2eRoot, 'build.lock'), async () => {
    if (fresh()) return;
    const snapshots = await prepareSnapshots(e2eSnapshotsDir);
    rmSync(dist, { recursive: true, force: true });
    await buildSite({ snapshotsDir: snapshots, outDir: dist, cacheDir: join(e2eRoot, 'cache') });
    writeFileSync(join(dist, STAMP), stamp);
  });
  return dist;
}

/** One build at a time across test workers; a killed run's lock goes stale and is taken over. */
async function withLock(path: string, body: () => Promise<void>): Promise<void> {
  mkdirSync(dirname(path), { recursive: true });
  // Waits up to 15 minutes (a cold build on a slow machine) for another worker's build.
  const release = await lockfile.lock(dirname(path), { lockfilePath: path, realpath: false, retries: { retries: 1800, minTimeout: 500, maxTimeout: 500 } });
  try {
    await body();
  } finally {
    await release();
  }
}

function run(command: string, args: string[], options: { cwd: string; env: Record<string, string>; timeoutMs: number }): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      fail(error);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) done(output);
      else fail(new Error(`${args.slice(0, 3).map((a) => relative(options.cwd, a) || a).join(' ')} failed (${signal ?? `exit ${code}`}):\n${output.slice(-4000)}`));
    });
  });
}
