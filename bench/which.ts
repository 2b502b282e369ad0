import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { browserSkipReason, launchBrowser } from '../harness/browser.ts';
import { openPage } from '../harness/page.ts';
import { serveDist } from '../harness/serve.ts';
import { ensureSiteBuilt, repoRoot } from '../harness/site-build.ts';
import { detectRevision } from '../src/detect/detect.ts';
import { extractHtml, looksLikeHtml } from '../src/detect/extract-html.ts';
import { fromTree } from '../src/detect/load.ts';
import { corpusDir, corpusLabels } from '../harness/detect-corpus.ts';
import { runCli } from '../harness/run-cli.ts';
import { keywordBaseline, realDir, realLabels, score, type Score } from '../harness/real-corpus.ts';

/**
 * `npm run bench` (which part): every corpus text (fixtures/detect/corpus) grown to 20 KB by
 * repeating it, then checked three ways, median over the corpus:
 * - the CLI, warm (fingerprints already built and cached): `specdelta which FILE --format json`
 *   as a user runs it from the checkout (bin/specdelta.js → lib/, built by npm ci), one
 *   process per text, wall time (Node starts each time);
 * - the same command in a running process (`main()`, as the tests call it): what `which`
 *   itself costs, reading the cached fingerprints each time;
 * - the library in one process (fingerprints loaded once, then every text);
 * - the site's check tool in chromium: fingerprints fetched once when the page loads, then
 *   every text pasted and checked (extraction, detection and rendering, timed in the page).
 */
export interface WhichBench {
  texts: number;
  bytes: number;
  cliMs: number;
  /** Start-up alone: `specdelta --version` (Node, the build-stamp check, lib/). */
  startupMs: number;
  inProcessMs: number;
  libraryMs: number;
  browserMs: number | null;
  note: string;
  /** The real-text corpus concatenated and grown to 100 KB: one CLI process, warm, median of 7 (wall). */
  cli100kMs: number;
  bytes100k: number;
  /** The same runs' own CPU time (user + system), which a loaded machine stretches less than wall time. */
  cli100kCpuMs: number;
  /** Node alone (a module that does nothing), run in turn with those: the floor, wall and CPU. */
  nodeWallMs: number;
  nodeCpuMs: number;
  /** The one-minute load average when the 100 KB runs ended (two cores: above 2, processes wait for a core). */
  loadAverage: number;
}

const TARGET_BYTES = 20 * 1024;
const LARGE_BYTES = 100 * 1024;

export async function benchWhich(specRoot: string): Promise<WhichBench> {
  const dir = join(repoRoot, '.cache/bench-which');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const texts = corpusLabels().map(([name]) => {
    const raw = readFileSync(join(corpusDir, name), 'utf8');
    const html = looksLikeHtml(raw);
    // An HTML page grows inside its article; Markdown by repeating itself.
    const grown = html ? grow((body) => raw.replace(/<\/article>/, `${body}</article>`), raw.match(/<article>([\s\S]*)<\/article>/)?.[1] ?? raw) : grow((body) => body, raw);
    const file = join(dir, name);
    writeFileSync(file, grown);
    return { name, file, text: grown, html };
  });

  const env = { ...process.env, SPECDELTA_MIRROR: specRoot, NO_COLOR: '1' };
  const cli = (file: string) => {
    const started = performance.now();
    const run = spawnSync(process.execPath, [join(repoRoot, 'bin/specdelta.js'), 'which', file, '--format', 'json', '--snapshots', join(dir, 'no-snapshots')], { env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`bench: specdelta which ${file} exited ${run.status}: ${run.stderr}`);
    return performance.now() - started;
  };
  cli(texts[0]!.file); // builds and caches the fingerprints: the runs below are warm
  const cliMs = median(texts.map((t) => cli(t.file)));
  const { cli100kMs, bytes100k, cli100kCpuMs, nodeWallMs, nodeCpuMs, loadAverage } = await benchWhich100k(specRoot, dir);
  const startupMs = median([0, 1, 2, 3, 4].map(() => {
    const started = performance.now();
    spawnSync(process.execPath, [join(repoRoot, 'bin/specdelta.js'), '--version'], { env });
    return performance.now() - started;
  }));
  const inProcess: number[] = [];
  for (const t of texts) {
    const started = performance.now();
    const run = await runCli(['which', t.file, '--format', 'json', '--snapshots', join(dir, 'no-snapshots')], { env: { SPECDELTA_MIRROR: specRoot } });
    if (run.code !== 0) throw new Error(`bench: which ${t.file} exited ${run.code}: ${run.stderr}`);
    inProcess.push(performance.now() - started);
  }
  const inProcessMs = median(inProcess);

  const data = (await fromTree(specRoot, 'mirror')).data;
  const libraryMs = median(texts.map((t) => {
    const started = performance.now();
    detectRevision(t.html ? extractHtml(t.text) : t.text, data, t.html ? { source: t.text } : {});
    return performance.now() - started;
  }));

  let browserMs: number | null = null;
  let note = '';
  const skip = browserSkipReason();
  if (skip) note = skip;
  else {
    const server = await serveDist(await ensureSiteBuilt());
    const browser = await launchBrowser();
    try {
      const { page, close } = await openPage(browser, server.url);
      await page.goto(new URL('check/', server.url).href);
      await page.waitForSelector('body[data-fingerprints="ready"]', { timeout: 30_000 });
      const times: number[] = [];
      for (const t of texts) {
        const before = Number((await page.getAttribute('body', 'data-checked')) ?? '0');
        await page.fill('#sd-check-input', t.text);
        await page.click('#sd-check-run');
        await page.waitForFunction((n) => Number(document.body.dataset['checked'] ?? '0') > n, before);
        times.push(Number(await page.getAttribute('body', 'data-check-ms')));
      }
      browserMs = median(times);
      await close();
    } finally {
      await browser.close();
      await server.close();
    }
  }
  rmSync(dir, { recursive: true, force: true });
  return { texts: texts.length, bytes: median(texts.map((t) => Buffer.byteLength(t.text))), cliMs, startupMs, inProcessMs, libraryMs, browserMs, note, cli100kMs, bytes100k, cli100kCpuMs, nodeWallMs, nodeCpuMs, loadAverage };
}

/** The CLI on a 100 KB text (every real-corpus text in a row), warm, in turn with Node alone: wall and CPU, median of 7. */
export async function benchWhich100k(specRoot: string, dir = join(repoRoot, '.cache/bench-which-100k')): Promise<Pick<WhichBench, 'cli100kMs' | 'bytes100k' | 'cli100kCpuMs' | 'nodeWallMs' | 'nodeCpuMs' | 'loadAverage'>> {
  mkdirSync(dir, { recursive: true });
  const env = { ...process.env, SPECDELTA_MIRROR: specRoot, NO_COLOR: '1' };
  // A long article: the real-corpus texts one after another, repeated or cut at a paragraph to 100 KB.
  const large = join(dir, 'real-texts-100k.md');
  writeFileSync(large, about100k(realLabels().map(([name]) => readFileSync(join(realDir, name), 'utf8')).join('\n\n')));
  // Warm: the fingerprints built and cached by a first run.
  spawnSync(process.execPath, [join(repoRoot, 'bin/specdelta.js'), 'which', large, '--snapshots', join(dir, 'no-snapshots')], { env });
  // In turn with Node alone, so both see the same load; wall and CPU time of each (bench/cpu-of.mjs reports the CPU).
  const timed = (entry: string, args: string[]) => {
    const started = performance.now();
    const run = spawnSync(process.execPath, [join(repoRoot, 'bench/cpu-of.mjs'), ...args], { env: { ...env, SPECDELTA_BENCH_ENTRY: entry }, stdio: ['ignore', 'pipe', 'pipe', 'pipe'], encoding: 'utf8' });
    const wall = performance.now() - started;
    if (run.status !== 0) throw new Error(`bench: ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
    return { wall, cpu: Number((run.output[3] as string).trim()) };
  };
  const ours: { wall: number; cpu: number }[] = [];
  const floor: { wall: number; cpu: number }[] = [];
  for (let i = 0; i < 7; i++) {
    ours.push(timed(pathToFileURL(join(repoRoot, 'bin/specdelta.js')).href, ['which', large, '--format', 'json', '--snapshots', join(dir, 'no-snapshots')]));
    floor.push(timed('data:text/javascript,', []));
  }
  const cli100kMs = median(ours.map((r) => r.wall));
  const cli100kCpuMs = median(ours.map((r) => r.cpu));
  const nodeWallMs = median(floor.map((r) => r.wall));
  const nodeCpuMs = median(floor.map((r) => r.cpu));
  const loadAverage = loadavg()[0]!;
  const bytes100k = Buffer.byteLength(readFileSync(large));
  return { cli100kMs, bytes100k, cli100kCpuMs, nodeWallMs, nodeCpuMs, loadAverage };
}

export interface WhichAccuracy {
  tuned: Score;
  heldOut: Score;
  tunedKeywords: Score;
  heldOutKeywords: Score;
  synthetic: Score;
}

/** How often `which` is right: the real-text corpus, tuned and held out apart, beside the keyword list; the synthetic regression set. */
export async function benchWhichAccuracy(specRoot: string): Promise<WhichAccuracy> {
  const data = (await fromTree(specRoot, 'mirror')).data;
  const read = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8');
  const detect = (dir: string, name: string) => {
    const raw = read(dir, name);
    return looksLikeHtml(raw) ? detectRevision(extractHtml(raw), data, { source: raw }) : detectRevision(raw, data);
  };
  const labels = realLabels();
  const tuned = labels.filter(([, l]) => !l.heldOut);
  const heldOut = labels.filter(([, l]) => l.heldOut);
  const synthetic = corpusLabels().map(([name, l]) => [name, { ...l, heldOut: false, feature: l.shape, evidence: '', source: {} }] as [string, import('../harness/real-corpus.ts').RealLabel]);
  return {
    tuned: score(tuned, (n) => detect(realDir, n)),
    heldOut: score(heldOut, (n) => detect(realDir, n)),
    tunedKeywords: score(tuned, (n) => keywordBaseline(read(realDir, n))),
    heldOutKeywords: score(heldOut, (n) => keywordBaseline(read(realDir, n))),
    synthetic: score(synthetic, (n) => detect(corpusDir, n)),
  };
}

/** `body` repeated to 100 KiB, and cut at the last paragraph break before 100 KiB when longer. */
export function about100k(body: string): string {
  const grown = grow((b) => b, body, LARGE_BYTES);
  if (Buffer.byteLength(grown) <= LARGE_BYTES + 4096) return grown;
  let cut = grown.lastIndexOf('\n\n', LARGE_BYTES);
  while (cut > 0 && Buffer.byteLength(grown.slice(0, cut)) > LARGE_BYTES) cut = grown.lastIndexOf('\n\n', cut - 1);
  return `${grown.slice(0, cut)}\n`;
}

/** Repeats `body` until the whole (as `wrap` builds it) reaches the target size. */
function grow(wrap: (body: string) => string, body: string, target = TARGET_BYTES): string {
  let repeated = body;
  while (Buffer.byteLength(wrap(repeated)) < target) repeated += `\n\n${body}`;
  return wrap(repeated);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
