import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { browserSkipReason, launchBrowser } from '../harness/browser.ts';
import { repoRoot, specMirrorMain } from '../harness/site-build.ts';
import { filterRepaintMs, largestHtml } from '../harness/measure.ts';
import { openPage } from '../harness/page.ts';
import { serveDist } from '../harness/serve.ts';
import { parseLock } from '../scraper/lock.ts';

/**
 * `npm run bench` (site part): what a newcomer's `npm start` costs. Cold: the two commands
 * `npm start` runs (`specdelta snapshot`, from the mirror, then `npm run build`) into an
 * empty snapshot folder with every cache empty. Then `npm run build` again with nothing
 * changed, the same build forced (Astro renders every page, from the warm content-hash
 * cache), and a build after one snapshot page changed. Everything goes to .cache/bench-site/
 * and never touches the repository's snapshots/, dist/ or caches. Wall time is what a
 * reader waits; CPU time (the commands' own, children included) is what a loaded, shared
 * machine does not inflate, so both are printed with the machine's load.
 */
export interface Timed {
  ms: number;
  /** CPU time of the command and its children; null where the platform does not say. */
  cpuMs: number | null;
}

export interface SiteBench {
  cold: { snapshot: Timed; build: Timed; total: Timed };
  unchanged: Timed;
  forced: Timed;
  changed: Timed & { page: string; recomputed: string };
  files: { html: number; json: number };
  size: { total: number; html: number; json: number; search: number };
  /** The largest HTML page of the cold build (budget: 400 KB). */
  largest: { path: string; bytes: number };
  /** A filter click's repaint on the largest diff page, in chromium (target ≤ 100 ms); null without chromium. */
  filter: { path: string; ms: number } | null;
  /** The 1-minute load average before and after the cold build. */
  load: [number, number];
}

export async function benchSite(): Promise<SiteBench> {
  const root = join(repoRoot, '.cache/bench-site');
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const snapshots = join(root, 'snapshots');
  const outDir = join(root, 'dist');
  const cacheDir = join(root, 'cache');
  const env = {
    ...(process.env as Record<string, string>),
    SPECDELTA_SNAPSHOTS: snapshots,
    SPECDELTA_OUT_DIR: outDir,
    SPECDELTA_SITE_CACHE_DIR: cacheDir,
    SPECDELTA_ASTRO_CACHE_DIR: join(root, 'astro'),
    // The CLI's own cache of parsed pages starts empty too, as in a fresh clone.
    SPECDELTA_CACHE: join(root, 'cli-cache'),
    ASTRO_TELEMETRY_DISABLED: '1',
  };
  const run = (args: string[]): Timed => timed(process.execPath, args, env);
  const load: [number, number] = [loadavg()[0]!, 0];

  // `npm start`: `specdelta snapshot` (here from the mirror, into the bench's folder), then `npm run build`.
  const snapshot = run([join(repoRoot, 'bin/specdelta.js'), 'snapshot', '--from', specMirrorMain, '--snapshots', snapshots, '--quiet']);
  const build = run([join(repoRoot, 'scripts/build-site.mjs'), '--silent']);
  load[1] = loadavg()[0]!;
  const cold = { snapshot, build, total: { ms: snapshot.ms + build.ms, cpuMs: snapshot.cpuMs === null || build.cpuMs === null ? null : snapshot.cpuMs + build.cpuMs } };
  const files = { html: countFiles(outDir, '.html'), json: countFiles(outDir, '.json') };
  const size = { total: bytesOf(outDir), html: bytesOf(outDir, '.html'), json: bytesOf(outDir, '.json'), search: bytesOf(join(outDir, 'pagefind')) };
  const largest = largestHtml(outDir);
  const filter = await measureFilter(outDir);

  const unchanged = run([join(repoRoot, 'scripts/build-site.mjs'), '--silent']);
  const forced = run([join(repoRoot, 'scripts/build-site.mjs'), '--force', '--silent']);

  // Change one page of the latest revision, as a new snapshot would.
  const lock = parseLock(readFileSync(join(snapshots, 'snapshots.lock.json'), 'utf8'));
  const latest = lock.revisions.find((r) => r.status === 'latest') ?? lock.revisions.at(-1)!;
  const page = lock.pages.find((p) => p.revision === latest.id && !p.page.endsWith('.json'))!.page;
  appendFileSync(join(snapshots, latest.id, `${page}.mdx`), '\n\nServers MUST re-read this paragraph, added by the benchmark.\n');
  const changed = run([join(repoRoot, 'scripts/build-site.mjs'), '--silent']);
  const stats = JSON.parse(readFileSync(join(cacheDir, 'last-build-stats.json'), 'utf8')) as { byKind: Record<string, { hits: number; misses: number }> };
  const recomputed = Object.entries(stats.byKind).map(([kind, s]) => `${s.misses} of ${s.hits + s.misses} ${kind}`).join(', ');

  rmSync(root, { recursive: true, force: true });
  return { cold, unchanged, forced, changed: { ...changed, page: `${latest.id}/${page}`, recomputed }, files, size, largest, filter, load };
}

/** Runs a command to its end; fails the bench with its output when it fails. */
function timed(command: string, args: string[], env: Record<string, string>): Timed {
  const before = childCpuMs();
  const started = performance.now();
  const result = spawnSync(command, args, { cwd: repoRoot, env, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${args.map((a) => a.replace(repoRoot, '.')).join(' ')} failed (exit ${result.status}):\n${(result.stdout + result.stderr).slice(-3000)}`);
  const after = childCpuMs();
  return { ms, cpuMs: before === null || after === null ? null : after - before };
}

/** CPU time of this process's finished children (Linux: /proc/self/stat cutime + cstime), in ms. */
function childCpuMs(): number | null {
  try {
    const fields = readFileSync('/proc/self/stat', 'utf8').replace(/^.*\) /, '').split(' ');
    // After the command name: cutime and cstime are fields 16 and 17 of the whole line, in clock ticks (100 per second here).
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return null;
  }
}

/** The filter repaint on the largest diff page with filters (the one with the most to hide and show; a page with nothing to filter has none). */
async function measureFilter(dist: string): Promise<SiteBench['filter']> {
  if (browserSkipReason() !== null) return null;
  const path = largestHtml(join(dist, 'diff'), (html) => html.includes('id="sd-filters"')).path.replace(/index\.html$/, '');
  const server = await serveDist(dist);
  const browser = await launchBrowser();
  try {
    const { page, close } = await openPage(browser, server.url);
    await page.goto(`${server.url}diff/${path}`);
    // The median of five, so one stall of a shared machine does not decide it.
    const runs: number[] = [];
    for (let i = 0; i < 5; i++) runs.push(await filterRepaintMs(page));
    await close();
    return { path: `diff/${path}`, ms: runs.sort((a, b) => a - b)[2]! };
  } finally {
    await browser.close();
    await server.close();
  }
}

function countFiles(dir: string, ext: string): number {
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) n += countFiles(path, ext);
    else if (name.endsWith(ext)) n += 1;
  }
  return n;
}

function bytesOf(dir: string, ext = ''): number {
  if (!existsSync(dir)) return 0;
  let n = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) n += bytesOf(path, ext);
    else if (name.endsWith(ext)) n += stat.size;
  }
  return n;
}
