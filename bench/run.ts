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

const benchSchemas = await optional<(root: string) => Promise<{ pairs: number; bytes: number; ms: number }>>('bench/schemas.ts', 'benchSchemas');
if (benchSchemas) {
  const schemas = await benchSchemas(specRoot);
  console.log('schemas: every adjacent revision pair of schema.json');
  console.log(`  pairs            ${schemas.pairs}, ${(schemas.bytes / 1024).toFixed(0)} KiB, ${ms(schemas.ms)} (pages: ${ms(pages.firstRunMs)})`);
}

const benchSite = await optional<() => Promise<import('./site.ts').SiteBench>>('bench/site.ts', 'benchSite');
if (benchSite && process.env['SPECDELTA_BENCH_SITE'] !== '0') {
  const site = await benchSite();
  console.log('site: full Astro build');
  console.log(`  pages built      ${site.pages} in ${ms(site.ms)}, ${site.perDiffPageMs.toFixed(1)} ms per diff page`);
  if (site.note) console.log(`  rebuild          ${site.note}`);
  const pageOk = site.largest.bytes <= 400 * 1024;
  console.log(`  largest page     ${site.largest.path} ${(site.largest.bytes / 1024).toFixed(0)} KiB   target ≤ 400 KiB  ${verdict(pageOk)}`);
  if (site.filter) console.log(`  filter repaint   ${site.filter.ms.toFixed(1)} ms on ${site.filter.path} (median of 5, chromium)   target ≤ 100 ms  ${verdict(site.filter.ms <= 100)}`);
  else console.log('  filter repaint   not measured: no chromium');
  failed ||= !pageOk || (site.filter !== null && site.filter.ms > 100);
}

console.log(`peak memory        ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MiB (max RSS of this process)`);
process.exitCode = failed ? 1 : 0;
