import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { drawSample, readVerdicts, type SampledRecord, type Verdict } from './precision.ts';

/**
 * Precision on specs that are not MCP (../shared/other-specs, read in place): a fixed-seed
 * sample of 20 records per spec, drawn from its adjacent pairs (GraphQL June2018 →
 * October2021 → September2025, OpenTelemetry v1.58.0 → v1.59.0 → v1.60.0), as
 * `specdelta diff OLD NEW --format json` prints them, each judged by hand in
 * bench/other-specs-precision.md (`right`/`wrong` and a reason).
 *
 *   npx tsx bench/other-specs-precision.ts           score the judged samples; list records not judged
 *   npx tsx bench/other-specs-precision.ts --write   redraw the samples, keeping the verdicts of records still drawn
 *
 * `--seed S` draws another sample (any text; the default is the seed the first sample was
 * drawn with) and `--out FILE` names the judged file (default bench/other-specs-precision.md):
 * a fresh sample for a measurement nobody tuned against, e.g.
 *
 *   npx tsx bench/other-specs-precision.ts --seed fresh-1 --out bench/other-specs-precision-fresh.md --write
 */
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const otherSpecs = resolve(repoRoot, '../shared/other-specs');
const SIZE = 20;
const SEED = 20281128;

/** The value after `--name`, or null. */
function option(name: string): string | null {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 && at + 1 < process.argv.length ? process.argv[at + 1]! : null;
}

const seed: number | string = option('seed') ?? SEED;
const judgedFile = resolve(repoRoot, option('out') ?? 'bench/other-specs-precision.md');
const SPECS = [
  { spec: 'graphql-spec', revisions: ['June2018', 'October2021', 'September2025'] },
  { spec: 'opentelemetry-specification', revisions: ['v1.58.0', 'v1.59.0', 'v1.60.0'] },
] as const;

/** Each pair's records, their `page` column saying the pair and the page. */
function recordsOf(spec: string, revisions: readonly string[]): SampledRecord[] {
  const out: SampledRecord[] = [];
  for (let i = 0; i + 1 < revisions.length; i++) {
    const [a, b] = [revisions[i]!, revisions[i + 1]!];
    const run = spawnSync(process.execPath, ['bin/specdelta.js', 'diff', join(otherSpecs, spec, a), join(otherSpecs, spec, b), '--format', 'json'], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    if (run.status !== 0) throw new Error(`specdelta diff ${spec} ${a} ${b} failed: ${run.stderr.trim()}`);
    const report = JSON.parse(run.stdout) as { changes: Array<{ fingerprint: string; page?: string; level: string; id: string; message: string; informative?: boolean }> };
    for (const c of report.changes) out.push({ fingerprint: c.fingerprint, page: `${a}→${b} ${c.page ?? ''}`, level: c.level, id: c.id, message: c.message, informative: c.informative === true });
  }
  return out;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();
const key = (r: { fingerprint: string; page: string | null }) => `${r.fingerprint}|${r.page ?? ''}`;

function render(samples: { spec: string; sample: SampledRecord[] }[], verdicts: Map<string, Verdict>): string {
  const lines = [
    '# Precision on specs other than MCP',
    '',
    `Samples of ${SIZE} records per spec drawn with a fixed seed (${seed === SEED ? 'the default' : `\`--seed ${seed}\``}; \`bench/other-specs-precision.ts\`) from`,
    '`specdelta diff OLD NEW --format json` over the adjacent pairs in `../shared/other-specs`, each judged',
    'by reading both revisions. **right**: a real change, said so a reader understands it, at a level',
    'that can be defended; **wrong**: a repeat, no real change, or a level against the evidence.',
    '',
  ];
  for (const { spec, sample } of samples) {
    lines.push(`## ${spec}`, '', '| # | fingerprint | page | level | id | verdict | reason | message |', '| --- | --- | --- | --- | --- | --- | --- | --- |');
    sample.forEach((r, i) => {
      const v = verdicts.get(key(r));
      const verdict = v?.right === true ? 'right' : v?.right === false ? 'wrong' : '?';
      lines.push(`| ${i + 1} | ${r.fingerprint} | ${r.page ?? ''} | ${r.informative ? `${r.level} (informative)` : r.level} | ${r.id} | ${verdict} | ${cell(v?.reason ?? '')} | ${cell(r.message)} |`);
    });
    lines.push('');
  }
  return lines.join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const verdicts = existsSync(judgedFile) ? readVerdicts(readFileSync(judgedFile, 'utf8')) : new Map<string, Verdict>();
  const samples = SPECS.map(({ spec, revisions }) => ({ spec, sample: drawSample(recordsOf(spec, revisions), SIZE, seed) }));
  if (process.argv.includes('--write')) {
    writeFileSync(judgedFile, render(samples, verdicts));
    console.log(`wrote ${judgedFile}`);
  }
  for (const { spec, sample } of samples) {
    const judged = sample.map((r) => verdicts.get(key(r))).filter((v): v is Verdict => v?.right != null);
    console.log(`${spec}: ${judged.filter((v) => v.right).length}/${judged.length} judged right, ${sample.length - judged.length} not judged`);
  }
}
