import { existsSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchPages } from './pages.ts';

/**
 * `npm run bench`: the speed and memory targets, measured. Reads the upstream mirror
 * (../shared/mcp-spec/refs/main, or SPECDELTA_MIRROR).
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const specRoot = resolve(process.env['SPECDELTA_MIRROR'] ?? resolve(repoRoot, '../shared/mcp-spec/refs/main'));
if (!existsSync(resolve(specRoot, 'docs/specification'))) {
  console.error(`bench: no spec mirror at ${specRoot}; set SPECDELTA_MIRROR to a directory with the upstream layout.`);
  process.exit(2);
}

const ms = (n: number) => `${n.toFixed(0)} ms`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
let failed = false;

const pages = benchPages(specRoot);
const ratio = pages.firstRunMs / pages.bareParseMs;
const rerunShare = pages.rerunMs / pages.firstRunMs;
console.log('pages: every adjacent revision pair of every page');
console.log(`  pairs            ${pages.pairs} (${pages.changes} change records)`);
console.log(`  bytes            ${(pages.bytes / 1024).toFixed(0)} KiB read (both sides of every pair)`);
console.log(`  bare parse       ${ms(pages.bareParseMs)} (remark-parse + remark-gfm, every text read, no caching)`);
console.log(`  specdelta diff   ${ms(pages.firstRunMs)} cold  → ${ratio.toFixed(2)}× bare parse   target ≤ 1.5×  ${verdict(ratio <= 1.5)}`);
console.log(`  (for reference: ${(pages.distinctBytes / 1024).toFixed(0)} KiB of distinct texts parse bare in ${ms(pages.bareDistinctMs)}; specdelta parses each distinct text once → ${(pages.firstRunMs / pages.bareDistinctMs).toFixed(2)}× that)`);
console.log(`  re-run           ${ms(pages.rerunMs)} unchanged inputs → ${(rerunShare * 100).toFixed(1)}% of first run   target < 10%  ${verdict(rerunShare < 0.1)}`);
failed ||= ratio > 1.5 || rerunShare >= 0.1;

const optional = async <T>(path: string, name: string): Promise<T | null> => {
  if (!existsSync(resolve(repoRoot, path))) return null;
  const module = (await import(resolve(repoRoot, path))) as Record<string, T>;
  return module[name] ?? null;
};

const linear = await optional<(root: string) => { name: string; small: { bytes: number; ms: number }; large: { bytes: number; ms: number }; ratio: number }[]>('bench/linear.ts', 'benchLinear');
if (linear && process.env['SPECDELTA_BENCH_LINEAR'] !== '0') {
  console.log('cost against input size: released pages concatenated (which: one line of inline code spans), CPU time');
  for (const r of linear(specRoot)) {
    const size = (b: number) => `${(b / 1e6).toFixed(2)} MB`;
    console.log(`  ${r.name.padEnd(16)} ${size(r.small.bytes)} ${ms(r.small.ms)} → ${size(r.large.bytes)} ${ms(r.large.ms)}: ${r.ratio.toFixed(2)}×   target ≤ 5×  ${verdict(r.ratio <= 5)}`);
    failed ||= r.ratio > 5;
  }
}

const benchSchemas = await optional<(root: string) => Promise<{ pairs: number; bytes: number; ms: number }>>('bench/schemas.ts', 'benchSchemas');
if (benchSchemas) {
  const schemas = await benchSchemas(specRoot);
  console.log('schemas: every adjacent revision pair of schema.json');
  console.log(`  pairs            ${schemas.pairs}, ${(schemas.bytes / 1024).toFixed(0)} KiB, ${ms(schemas.ms)} (pages: ${ms(pages.firstRunMs)})`);
}

const benchSite = await optional<() => Promise<{ pages: number; ms: number; perDiffPageMs: number; note: string }>>('bench/site.ts', 'benchSite');
if (benchSite && process.env['SPECDELTA_BENCH_SITE'] !== '0') {
  const site = await benchSite();
  console.log('site: full Astro build');
  console.log(`  pages built      ${site.pages} in ${ms(site.ms)}, ${site.perDiffPageMs.toFixed(1)} ms per diff page`);
  if (site.note) console.log(`  rebuild          ${site.note}`);
}

console.log(`peak memory        ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB (max RSS of this process)`);
process.exitCode = failed ? 1 : 0;
