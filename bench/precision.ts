import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The precision check a person repeats: a fixed-seed sample of 50 records of the
 * 2025-11-25 → 2026-07-28 whole-revision diff, each judged by hand in bench/precision.md.
 *
 *   npx tsx bench/precision.ts           score the judged sample; list records not judged yet
 *   npx tsx bench/precision.ts --write   rewrite precision.md for the current sample, keeping
 *                                        every verdict whose record (by fingerprint) is still drawn
 *
 * The sample is drawn from the records as the CLI prints them (the contract's JSON), so the
 * check measures exactly what users read. A record is "right" when it is a real change,
 * described so a reader understands it, at a defensible level; duplicates and noise are wrong.
 */

export const SAMPLE_SIZE = 50;
const SEED = 20261201;
const PAIR = ['2025-11-25', '2026-07-28'] as const;
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const judgedFile = join(repoRoot, 'bench/precision.md');

export interface SampledRecord {
  fingerprint: string;
  page: string | null;
  level: string;
  id: string;
  message: string;
  informative: boolean;
}

export interface Verdict {
  fingerprint: string;
  right: boolean | null;
  reason: string;
}

/**
 * Draws `size` records: those whose keyed hash (seed, fingerprint, page) ranks lowest. A
 * record's place depends only on itself, so a differ change that drops or adds a few
 * records swaps only those rows and every other verdict stays drawn (a shuffle of the
 * whole list would redraw the sample whenever the record count moved).
 */
export function drawSample<T extends { fingerprint: string; page: string | null }>(records: T[], size = SAMPLE_SIZE, seed: number | string = SEED): T[] {
  const rank = (r: T) => createHash('sha256').update(`${seed}|${key(r)}`).digest('hex');
  return records
    .map((record) => ({ record, rank: rank(record) }))
    .sort((a, b) => (a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0))
    .slice(0, Math.min(size, records.length))
    .map((r) => r.record);
}

/** The judged table: `| fingerprint | page | level | id | verdict | reason | message |`. */
export function readVerdicts(markdown: string): Map<string, Verdict> {
  const verdicts = new Map<string, Verdict>();
  for (const line of markdown.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    // ['', n, fingerprint, page, level, id, verdict, reason, message, '']
    if (cells.length < 9 || !/^[0-9a-f]{12}$/.test(cells[2] ?? '')) continue;
    const verdict = cells[6]!.toLowerCase();
    verdicts.set(`${cells[2]}|${cells[3]}`, {
      fingerprint: cells[2]!,
      right: verdict === 'right' ? true : verdict === 'wrong' ? false : null,
      reason: cells[7]!,
    });
  }
  return verdicts;
}

const key = (r: { fingerprint: string; page: string | null }) => `${r.fingerprint}|${r.page ?? ''}`;
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

export function renderJudged(sample: SampledRecord[], verdicts: Map<string, Verdict>): string {
  const rows = sample.map((r, i) => {
    const v = verdicts.get(key(r));
    const verdict = v?.right === true ? 'right' : v?.right === false ? 'wrong' : '?';
    const level = r.informative ? `${r.level} (informative)` : r.level;
    return `| ${i + 1} | ${r.fingerprint} | ${r.page ?? ''} | ${level} | ${r.id} | ${verdict} | ${cell(v?.reason ?? '')} | ${cell(r.message)} |`;
  });
  return [
    `# Precision of the ${PAIR[0]} → ${PAIR[1]} revision diff`,
    '',
    `A sample of ${SAMPLE_SIZE} records drawn with a fixed seed (\`bench/precision.ts\`) from`,
    `\`specdelta diff ${PAIR[0]} ${PAIR[1]} --format json\`, each judged by reading both revisions.`,
    'A record is **right** when it is a real change, said so a reader understands it, at a level',
    'that can be defended; **wrong** when it repeats another record, reports no real change, or',
    'is levelled against the evidence. `npx tsx bench/precision.ts` scores it; `--write` redraws',
    'the sample after the differ changes, keeping the verdicts of records still drawn.',
    '',
    '| # | fingerprint | page | level | id | verdict | reason | message |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

/** Runs the CLI on the pair, restoring the two revisions from the mirror into a temp folder when needed. */
export function currentRecords(specRoot: string): SampledRecord[] {
  const snapshots = join(repoRoot, 'snapshots');
  let dir = snapshots;
  let temp: string | null = null;
  if (!PAIR.every((rev) => existsSync(join(snapshots, rev)))) {
    temp = mkdtempSync(join(tmpdir(), 'specdelta-precision-'));
    dir = temp;
    const fetched = spawnSync(process.execPath, ['bin/specdelta.js', 'snapshot', '--from', specRoot, '--snapshots', dir, '--revision', PAIR.join(','), '--quiet'], { cwd: repoRoot, encoding: 'utf8' });
    if (fetched.status !== 0) throw new Error(`precision: could not restore ${PAIR.join(' and ')} from ${specRoot}: ${fetched.stderr.trim()}`);
  }
  try {
    const run = spawnSync(process.execPath, ['bin/specdelta.js', 'diff', PAIR[0], PAIR[1], '--format', 'json', '--snapshots', dir], { cwd: repoRoot, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    if (run.status !== 0) throw new Error(`precision: specdelta diff failed: ${run.stderr.trim()}`);
    const report = JSON.parse(run.stdout) as { changes: Array<{ fingerprint: string; page?: string; level: string; id: string; message: string; informative?: boolean }> };
    return report.changes.map((c) => ({ fingerprint: c.fingerprint, page: c.page ?? null, level: c.level, id: c.id, message: c.message, informative: c.informative === true }));
  } finally {
    if (temp) rmSync(temp, { recursive: true, force: true });
  }
}

export interface PrecisionScore {
  records: number;
  judged: number;
  right: number;
  unjudged: SampledRecord[];
}

export function scorePrecision(specRoot: string): PrecisionScore {
  const records = currentRecords(specRoot);
  const sample = drawSample(records);
  const verdicts = existsSync(judgedFile) ? readVerdicts(readFileSync(judgedFile, 'utf8')) : new Map<string, Verdict>();
  const judged = sample.map((r) => verdicts.get(key(r))).filter((v): v is Verdict => v !== undefined && v.right !== null);
  return {
    records: records.length,
    judged: judged.length,
    right: judged.filter((v) => v.right).length,
    unjudged: sample.filter((r) => verdicts.get(key(r))?.right == null),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const specRoot = resolve(process.env['SPECDELTA_MIRROR'] ?? resolve(repoRoot, '../shared/mcp-spec/refs/main'));
  if (process.argv.includes('--write')) {
    const records = currentRecords(specRoot);
    const verdicts = existsSync(judgedFile) ? readVerdicts(readFileSync(judgedFile, 'utf8')) : new Map<string, Verdict>();
    writeFileSync(judgedFile, renderJudged(drawSample(records), verdicts));
    console.log(`wrote ${judgedFile} (${records.length} records, sample of ${SAMPLE_SIZE})`);
  } else {
    const score = scorePrecision(specRoot);
    console.log(`precision: ${score.right}/${score.judged} judged right, ${score.unjudged.length} of ${SAMPLE_SIZE} not judged (from ${score.records} records)`);
    for (const r of score.unjudged) console.log(`  to judge: ${r.fingerprint} ${r.page ?? ''} ${r.level} ${r.id}: ${r.message}`);
  }
}
