import { appendFileSync, existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { browserSkipReason, launchBrowser } from '../e2e/helpers/browser.ts';
import { buildSite, prepareSnapshots, repoRoot } from '../e2e/helpers/build.ts';
import { filterRepaintMs, largestHtml } from '../e2e/helpers/measure.ts';
import { openPage } from '../e2e/helpers/page.ts';
import { serveDist } from '../e2e/helpers/serve.ts';
import { parseLock } from '../scraper/lock.ts';

/**
 * `npm run bench` (site part): a cold `astro build` of the whole site from snapshots of the
 * upstream mirror, a rebuild with nothing changed, and a rebuild after one snapshot page
 * changed. Builds go to .cache/bench-site/ and never touch dist/ or the repo's cache.
 */
export interface SiteBench {
  pages: number;
  ms: number;
  perDiffPageMs: number;
  note: string;
  /** The largest HTML page of the cold build (budget: 400 KB). */
  largest: { path: string; bytes: number };
  /** A filter click's repaint on the largest diff page, in chromium (target ≤ 100 ms); null without chromium. */
  filter: { path: string; ms: number } | null;
}

export async function benchSite(): Promise<SiteBench> {
  const root = join(repoRoot, '.cache/bench-site');
  rmSync(root, { recursive: true, force: true });
  const snapshots = await prepareSnapshots(join(root, 'snapshots'), { hostile: false });
  const cacheDir = join(root, 'cache');
  const outDir = join(root, 'dist');
  const build = () => buildSite({ snapshotsDir: snapshots, outDir, cacheDir, silent: false });
  const stats = () => JSON.parse(readFileSync(join(cacheDir, 'last-build-stats.json'), 'utf8')) as BuildStats;

  const cold = await build();
  const coldStats = stats();
  const html = countFiles(outDir, '.html');
  const json = countFiles(outDir, '.json');
  const diffPages = perPage(cold.output).filter((p) => /^\/diff\/[^/]+\/[^/]+\/.+\/index\.html$/.test(p.path));
  const diffPageMs = diffPages.reduce((sum, p) => sum + p.ms, 0);
  const largest = largestHtml(outDir);
  const filter = await measureFilter(outDir);

  const warm = await build();

  // Change one page of the latest revision, as a new snapshot would.
  const lock = parseLock(readFileSync(join(snapshots, 'snapshots.lock.json'), 'utf8'));
  const latest = lock.revisions.find((r) => r.status === 'latest') ?? lock.revisions.at(-1)!;
  const page = lock.pages.find((p) => p.revision === latest.id && !p.page.endsWith('.json'))!.page;
  appendFileSync(join(snapshots, latest.id, `${page}.mdx`), '\n\nServers MUST re-read this paragraph, added by the benchmark.\n');
  const changed = await build();
  const changedStats = stats();
  const slowest = perPage(changed.output).sort((a, b) => b.ms - a.ms).slice(0, 2);

  rmSync(root, { recursive: true, force: true });
  const pageDiffs = coldStats.byKind['page']?.misses ?? 0;
  const recomputed = changedStats.byKind['page']?.misses ?? 0;
  const rerendered = changedStats.byKind['render']?.misses ?? 0;
  const note = [
    `cold ${ms(cold.ms)} (${pageDiffs} page diffs computed in ${ms(coldStats.byKind['page']?.computeMs ?? 0)}), unchanged rebuild ${ms(warm.ms)};`,
    `after ${latest.id}/${page} changed: ${ms(changed.ms)}, ${recomputed} of ${pageDiffs} page diffs and ${rerendered} rendered page(s) recomputed from the content-hash cache (.cache/site).`,
    `Astro's static build has no partial rebuild: it re-renders all ${html} HTML pages every time; the cache makes that the only cost left`,
    `for the diff and revision pages (slowest outputs of that rebuild: ${slowest.map((p) => `${p.path} ${ms(p.ms)}`).join(', ')}).`,
  ].join('\n                   ');
  // A diff page costs its diff (computed once per distinct pair of texts, shared by pairs
  // whose texts are equal) plus its own render.
  const perDiffPageMs = diffPages.length ? ((coldStats.byKind['page']?.computeMs ?? 0) + diffPageMs) / diffPages.length : 0;
  const detail = `(${html} HTML + ${json} JSON files; ${diffPages.length} diff pages: diffs ${ms(coldStats.byKind['page']?.computeMs ?? 0)} + rendering ${ms(diffPageMs)})`;
  return { pages: html + json, ms: cold.ms, perDiffPageMs, note: `${note}\n                   ${detail}`, largest, filter };
}

/** The filter repaint on the largest diff page (the one with the most to hide and show). */
async function measureFilter(dist: string): Promise<SiteBench['filter']> {
  if (browserSkipReason() !== null) return null;
  const path = largestHtml(join(dist, 'diff')).path.replace(/index\.html$/, '');
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

interface BuildStats {
  hits: number;
  misses: number;
  computeMs: number;
  byKind: Record<string, { hits: number; misses: number; computeMs: number }>;
}

function ms(n: number): string {
  return n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${n.toFixed(0)} ms`;
}

/** Astro's log lines `├─ /diff/…/index.html (+123ms)` or `(+1.2s)`. */
function perPage(log: string): { path: string; ms: number }[] {
  const out: { path: string; ms: number }[] = [];
  for (const m of log.matchAll(/[├└]─ (\/\S+) \(\+([\d.]+)(ms|s)\)/g)) out.push({ path: m[1]!, ms: Number(m[2]) * (m[3] === 's' ? 1000 : 1) });
  return out;
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
