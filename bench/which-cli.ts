import { loadavg } from 'node:os';
import { benchWhich100k, benchWhichAccuracy } from './which.ts';

/**
 * `npx tsx bench/which-cli.ts`: the `which` lines of `npm run bench` that need no browser and
 * no site build (the accuracy on the real-text corpus, and the CLI on a 100 KB text beside
 * Node alone), for a quick look on a busy machine. `npm run bench` prints the same lines.
 */
const specRoot = process.env['SPECDELTA_MIRROR'] ?? new URL('../../shared/mcp-spec/refs/main', import.meta.url).pathname;
const a = await benchWhichAccuracy(specRoot);
const f = (s: { right: number; total: number }) => `${s.right}/${s.total}`;
console.log(`which accuracy: tuned ${f(a.tuned)} (keyword list ${f(a.tunedKeywords)}), held out ${f(a.heldOut)} (keyword list ${f(a.heldOutKeywords)}), together ${a.tuned.right + a.heldOut.right}/${a.tuned.total + a.heldOut.total}; synthetic ${f(a.synthetic)}`);
const w = await benchWhich100k(specRoot);
console.log(`which, CLI on ${(w.bytes100k / 1024).toFixed(0)} KiB: ${w.cli100kMs.toFixed(0)} ms wall, ${w.cli100kCpuMs.toFixed(0)} ms CPU (median of 7); Node alone ${w.nodeWallMs.toFixed(0)} ms wall, ${w.nodeCpuMs.toFixed(0)} ms CPU; load average ${loadavg()[0]!.toFixed(2)}`);
