import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SpecChange } from '../src/changes/index.ts';
import { folderTree, memoryTree, type RevisionTree } from '../src/input/revision-tree.ts';
import type { Change } from '../src/records/change.ts';
import { reportRevisions } from '../src/report/revision-report.ts';

/**
 * The precision of changes (not records), checked by a person: a fixed-seed sample of 25
 * changes of each of the two latest released steps of the spec, each judged by reading both
 * revisions, kept in bench/change-precision.md.
 *
 *   npx tsx bench/change-precision.ts           score the judged sample; list changes not judged yet
 *   npx tsx bench/change-precision.ts --write   rewrite the file for the current sample, keeping the
 *                                               verdicts of changes still drawn (by change id)
 *   … --seed S --file bench/F.md                another sample, kept in another file (a fresh draw
 *                                               after fixes made from an earlier one)
 *   … --file bench/F.md                         score that file again: it names its seed
 *
 * A change is right when it is a real change, reported once (no other change of the sample's
 * pair says the same), described so a reader understands it, and its impact can be defended.
 */

const PAIRS = [['2025-06-18', '2025-11-25'], ['2025-11-25', '2026-07-28']] as const;
const PER_PAIR = 25;
// A second judged sample (after fixes made from the first) draws afresh: --seed S --file bench/NAME.md.
const option = (name: string) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? undefined : process.argv[at + 1];
};
const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const judgedFile = resolve(repoRoot, option('--file') ?? 'bench/change-precision.md');
// A judged file names the seed it was drawn with, so scoring it again needs only --file.
const SEED = option('--seed') ?? seedNamedIn(judgedFile) ?? 'changes-2026-12-02';

function seedNamedIn(file: string): string | undefined {
  return existsSync(file) ? /\bseed `([^`]+)`/.exec(readFileSync(file, 'utf8'))?.[1] : undefined;
}

interface Drawn {
  pair: string;
  change: SpecChange;
  records: Change[];
}

/** A revision of the upstream layout: its pages, and its schema kept under schema/REV. */
function mirrorTree(specRoot: string, revision: string): RevisionTree {
  const tree = folderTree(join(specRoot, 'docs/specification', revision), { label: revision });
  const schema = join(specRoot, 'schema', revision, 'schema.json');
  return memoryTree(revision, revision, new Map(tree.pages.map((p) => [p, tree.text(p)])), existsSync(schema) ? readFileSync(schema, 'utf8') : null);
}

/** The changes whose keyed hash (seed, id) ranks lowest: a change's place depends on itself only, so a grouping change swaps only the rows it touches. */
async function drawSample(specRoot: string): Promise<Drawn[]> {
  const drawn: Drawn[] = [];
  for (const [before, after] of PAIRS) {
    const report = await reportRevisions(mirrorTree(specRoot, before), mirrorTree(specRoot, after));
    const byFingerprint = new Map(report.changes.map((c) => [c.fingerprint, c]));
    const rank = (c: SpecChange) => createHash('sha256').update(`${SEED}|${c.id}`).digest('hex');
    const counted = report.grouped.filter((c) => !c.informative).map((c) => ({ c, k: rank(c) })).sort((a, b) => (a.k < b.k ? -1 : 1));
    for (const { c } of counted.slice(0, PER_PAIR)) drawn.push({ pair: `${before} → ${after}`, change: c, records: c.records.map((f) => byFingerprint.get(f)!).filter(Boolean) });
  }
  return drawn;
}

interface Verdict {
  right: boolean | null;
  reason: string;
}

function readVerdicts(markdown: string): Map<string, Verdict> {
  const verdicts = new Map<string, Verdict>();
  for (const line of markdown.split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    // ['', n, id, pair, impact, verdict, reason, title, records, '']
    if (cells.length < 9 || !/^c-[0-9a-f]{10}$/.test(cells[2] ?? '')) continue;
    const verdict = cells[5]!.toLowerCase();
    verdicts.set(cells[2]!, { right: verdict === 'right' ? true : verdict === 'wrong' ? false : null, reason: cells[6]! });
  }
  return verdicts;
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

function render(sample: readonly Drawn[], verdicts: Map<string, Verdict>): string {
  const rows = sample.map(({ pair, change, records }, i) => {
    const v = verdicts.get(change.id);
    const verdict = v?.right === true ? 'right' : v?.right === false ? 'wrong' : '?';
    const evidence = records.slice(0, 4).map((r) => `${r.id}${r.page ? ` ${r.page}` : ''}`).join('; ') + (records.length > 4 ? `; +${records.length - 4}` : '');
    return `| ${i + 1} | ${change.id} | ${pair} | ${change.impact}${change.feature ? ` (${change.feature})` : ''} | ${verdict} | ${cell(v?.reason ?? '')} | ${cell(change.title)} | ${cell(evidence)} |`;
  });
  return [
    '# Precision of changes',
    '',
    `${PER_PAIR} changes of each of ${PAIRS.map(([a, b]) => `${a} → ${b}`).join(' and ')}, drawn with the fixed seed \`${SEED}\``,
    '(`bench/change-precision.ts`) from the whole-revision reports, each judged by reading both',
    'revisions. A change is **right** when it is a real change, reported once, described so a reader',
    'understands it, and its impact (breaking / opt-in / non-breaking / editorial) can be defended;',
    '**wrong** otherwise, with the reason. `npx tsx bench/change-precision.ts` scores it.',
    '',
    '| # | change | pair | impact | verdict | reason | title | records |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const specRoot = resolve(process.env['SPECDELTA_MIRROR'] ?? resolve(repoRoot, '../shared/mcp-spec/refs/main'));
  const sample = await drawSample(specRoot);
  const verdicts = existsSync(judgedFile) ? readVerdicts(readFileSync(judgedFile, 'utf8')) : new Map<string, Verdict>();
  if (process.argv.includes('--write')) {
    writeFileSync(judgedFile, render(sample, verdicts));
    console.log(`wrote ${judgedFile} (${sample.length} changes)`);
  } else {
    const judged = sample.map((d) => verdicts.get(d.change.id)).filter((v): v is Verdict => v !== undefined && v.right !== null);
    console.log(`change precision: ${judged.filter((v) => v.right).length}/${judged.length} judged right, ${sample.length - judged.length} of ${sample.length} not judged`);
    for (const d of sample) if (verdicts.get(d.change.id)?.right == null) console.log(`  to judge: ${d.change.id} ${d.pair} [${d.change.impact}] ${d.change.title}`);
  }
}
