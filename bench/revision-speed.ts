import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { clearDiffCache } from '../src/diff/index.ts';
import { diffRevisionTrees } from '../src/revision/revisions.ts';
import { reportRevisions } from '../src/report/revision-report.ts';
import { folderTree, memoryTree, type RevisionTree } from '../src/input/revision-tree.ts';
import { revisionFolders } from '../src/input/spec-tree.ts';
import { parsePage, usePageStore, withTreeScope } from '../src/model/index.ts';
import { parseSections } from '../src/model/sections.ts';

/**
 * Whole revisions, as a reviewer diffs them: every page and the schema of the last released
 * revision against the next one, and a one-page pull request against the whole draft.
 */

export interface RevisionBench {
  label: string;
  pages: number;
  bytes: number;
  /** remark-parse + remark-gfm of every page text of both sides once, and JSON.parse of both schemas. */
  bareParseMs: number;
  /** What `specdelta diff OLD NEW --format json` computes: the records grouped into changes. */
  diffMs: number;
  /** The records alone (the revision diff before grouping), timed in turn with `diffBesideRecordsMs`: their difference is what the changes cost. */
  recordsMs: number;
  /** The diff again, timed in turn with the records in the same warm process (`diffMs` comes from earlier, colder rounds). */
  diffBesideRecordsMs: number;
  /** The text view's report: the changes carrying the changelog items that announced them (the changelog read too). */
  announcedMs: number;
  /** Where the diff's time goes, each part measured cold on its own: the model's reader over every page's sections, every page read whole… */
  readMs: number;
  /** …and every page's model built (reading included). The diff reads less (a reference page settled against the schema, settled-by-schema.ts), so the rest of `diffMs` is a lower bound of its diffs, cross-page passes and schema. */
  modelMs: number;
  /** The diff again, in the bare parse's process after it: what running after remark-gfm's full parser costs it. */
  diffAfterBareMs: number;
  changes: number;
  /** CPU time of both measuring processes, every round included. */
  cpuMs: number;
}

const bare = unified().use(remarkParse).use(remarkGfm);
const ROUNDS = 5;

/** One revision of the upstream layout: its pages folder and its schema. */
function revisionTree(specRoot: string, revision: string): RevisionTree {
  return folderTree(join(specRoot, 'docs/specification', revision), { label: revision, schema: join(specRoot, 'schema', revision, 'schema.json') });
}

/** Every text of a tree, read once (reading files is not what is measured). */
function inMemory(tree: RevisionTree): RevisionTree {
  return memoryTree(tree.label, tree.source, new Map(tree.pages.map((page) => [page, tree.text(page)])), tree.schema());
}

/** The newest released revision and the one before it (the draft is not a release). */
export function releasedPair(specRoot: string): [string, string] {
  const released = revisionFolders(join(specRoot, 'docs/specification')).filter((r) => r !== 'draft');
  return [released.at(-2)!, released.at(-1)!];
}

/**
 * The bare parse and the diff, each measured in a process of its own, as the CLI runs: in
 * one process the diff ran 15–30% slower after remark-gfm's full parser than alone (V8 had
 * tuned the parsers' shared code to that configuration; a full garbage collection in
 * between did not help), so one process weighed the baseline's wake against the diff. That
 * figure is still measured and printed. The two processes take turns, round by round, so
 * the machine's load (it drifts on a shared machine) falls on both sides alike.
 */
export async function benchWholeRevision(specRoot: string): Promise<RevisionBench> {
  const bareSide = new MeasuringProcess('bare', specRoot);
  const diffSide = new MeasuringProcess('diff', specRoot);
  try {
    const best = { bare: Infinity, diff: Infinity, records: Infinity, diffBesideRecords: Infinity, announced: Infinity, read: Infinity, model: Infinity, diffAfterBare: Infinity };
    for (let round = 0; round < ROUNDS; round++) {
      // Each side goes first in every other round.
      const turns: [MeasuringProcess, Workload][] = [[bareSide, 'bare'], [diffSide, 'diff']];
      for (const [side, workload] of round % 2 === 0 ? turns : turns.reverse()) best[workload] = Math.min(best[workload], await side.time(workload));
    }
    // The figures that only explain the verdict come after its rounds: no bare round runs in a process the diff has tuned.
    for (let round = 0; round < ROUNDS; round++) {
      // The diff again beside the records, in turn and equally warm: what grouping adds is told from these two.
      const pair: Workload[] = round % 2 === 0 ? ['records', 'diff'] : ['diff', 'records'];
      for (const workload of pair) {
        const ms = await diffSide.time(workload);
        if (workload === 'records') best.records = Math.min(best.records, ms);
        else best.diffBesideRecords = Math.min(best.diffBesideRecords, ms);
      }
      best.announced = Math.min(best.announced, await diffSide.time('announced'));
      best.read = Math.min(best.read, await diffSide.time('read'));
      best.model = Math.min(best.model, await diffSide.time('model'));
      best.diffAfterBare = Math.min(best.diffAfterBare, await bareSide.time('diffAfterBare'));
    }
    const [bareEnd, diffEnd] = [await bareSide.finish(), await diffSide.finish()];
    return {
      ...diffEnd.input, bareParseMs: best.bare, diffMs: best.diff, recordsMs: best.records, diffBesideRecordsMs: best.diffBesideRecords, announcedMs: best.announced, readMs: best.read, modelMs: best.model, diffAfterBareMs: best.diffAfterBare,
      changes: diffEnd.changes, cpuMs: bareEnd.cpuMs + diffEnd.cpuMs,
    };
  } finally {
    bareSide.kill();
    diffSide.kill();
  }
}

type Side = 'bare' | 'diff';
type Workload = 'bare' | 'diff' | 'records' | 'announced' | 'read' | 'model' | 'diffAfterBare';
type Request = { time: Workload } | { finish: true };
type Reply = { ms: number } | { cpuMs: number; changes: number; input: Pick<RevisionBench, 'label' | 'pages' | 'bytes'> } | { error: string };

/** A child process running this file as one side: it times a workload when asked, one at a time. */
class MeasuringProcess {
  private readonly child: ChildProcess;

  constructor(side: Side, specRoot: string) {
    // The same Node flags (tsx's loader when run through `npm run bench`).
    this.child = fork(fileURLToPath(import.meta.url), [side, specRoot], { execArgv: process.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  }

  async time(workload: Workload): Promise<number> {
    const reply = await this.ask({ time: workload });
    if (!('ms' in reply)) throw new Error('bench: a measuring process answered out of turn');
    return reply.ms;
  }

  async finish(): Promise<{ cpuMs: number; changes: number; input: Pick<RevisionBench, 'label' | 'pages' | 'bytes'> }> {
    const reply = await this.ask({ finish: true });
    if (!('cpuMs' in reply)) throw new Error('bench: a measuring process answered out of turn');
    return reply;
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill();
  }

  private ask(request: Request): Promise<Reply> {
    return new Promise((resolveReply, reject) => {
      const onExit = (code: number | null) => reject(new Error(`bench: a measuring process exited (${code}) before answering`));
      this.child.once('exit', onExit);
      this.child.once('message', (reply: Reply) => {
        this.child.off('exit', onExit);
        if ('error' in reply) reject(new Error(`bench: a measuring process failed: ${reply.error}`));
        else resolveReply(reply);
      });
      this.child.send(request);
    });
  }
}

interface Input {
  label: string;
  pages: number;
  bytes: number;
  texts: string[];
  schemas: string[];
  oldTree: RevisionTree;
  newTree: RevisionTree;
}

function readInput(specRoot: string): Input {
  const [before, after] = releasedPair(specRoot);
  const oldTree = inMemory(revisionTree(specRoot, before));
  const newTree = inMemory(revisionTree(specRoot, after));
  const texts = [...oldTree.pages.map((p) => oldTree.text(p)), ...newTree.pages.map((p) => newTree.text(p))];
  const schemas = [oldTree.schema(), newTree.schema()].filter((s): s is string => s !== null);
  const bytes = [...texts, ...schemas].reduce((sum, t) => sum + Buffer.byteLength(t), 0);
  return { label: `${before} → ${after}`, pages: oldTree.pages.length + newTree.pages.length, bytes, texts, schemas, oldTree, newTree };
}

/** A measuring process's side of the exchange: each workload is run once untimed (the JIT's first use), then timed cold when asked. */
function serveMeasurements(side: Side, specRoot: string): void {
  const input = readInput(specRoot);
  const { texts, schemas, oldTree, newTree } = input;
  let changes = 0;
  const workloads: Partial<Record<Workload, () => unknown>> = side === 'bare'
    ? {
        bare: () => {
          for (const text of texts) bare.parse(text);
          for (const schema of schemas) JSON.parse(schema);
        },
        diffAfterBare: () => diffRevisionTrees(oldTree, newTree),
      }
    : {
        // What `specdelta diff OLD NEW --format json` computes: the records, grouped into changes.
        diff: async () => {
          changes = (await reportRevisions(oldTree, newTree, { announcements: false })).grouped.length;
        },
        // What the text view adds: the changelog read, for the changes to carry their items.
        announced: () => reportRevisions(oldTree, newTree),
        // The records alone, to tell what grouping them costs.
        records: () => diffRevisionTrees(oldTree, newTree),
        read: () => withTreeScope(() => texts.forEach((text) => parseSections(text))),
        model: () => withTreeScope(() => texts.forEach((text) => parsePage(text))),
      };
  const warmed = new Set<Workload>();
  const cold = async (run: () => unknown) => {
    clearDiffCache();
    const start = performance.now();
    await run();
    const ms = performance.now() - start;
    clearDiffCache();
    return ms;
  };
  process.on('message', async (request: Request) => {
    try {
      if ('finish' in request) {
        const used = process.cpuUsage();
        process.send!({ cpuMs: (used.user + used.system) / 1000, changes, input: { label: input.label, pages: input.pages, bytes: input.bytes } } satisfies Reply);
        process.disconnect();
        return;
      }
      const run = workloads[request.time];
      if (!run) throw new Error(`the ${side} side has no ${request.time} workload`);
      if (!warmed.has(request.time)) {
        await cold(run);
        warmed.add(request.time);
      }
      process.send!({ ms: await cold(run) } satisfies Reply);
    } catch (error) {
      process.send!({ error: error instanceof Error ? error.message : String(error) } satisfies Reply);
    }
  });
}

/** CPU (the verdict: on a shared machine wall time measures the other processes too) and wall time of one run. */
export interface Timing {
  cpuMs: number;
  wallMs: number;
}

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; timing: Timing }> {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = await run();
  const used = process.cpuUsage(cpu);
  return { value, timing: { cpuMs: (used.user + used.system) / 1000, wallMs: performance.now() - start } };
}

export interface PullRequestBench {
  pages: number;
  page: string;
  changes: number;
  /** Nothing read before: every page parsed (once: the sides share their unchanged pages). */
  cold: Timing;
  /** The base's pages read by an earlier run (the page cache on disk): only the edited page is parsed. */
  cached: Timing;
}

/**
 * A pull request that edits one page of the draft: the whole draft (pages and schema) on
 * both sides, one page with a new rule appended: the page of median size (a typical PR),
 * or the largest (the most one page can cost). Measured cold, then as a reviewer's run
 * after one on the base (or CI with the cache folder kept): the base's pages in the page
 * cache (model/page-store.ts), memory cleared.
 */
export async function benchOnePagePullRequest(specRoot: string, which: 'median' | 'largest'): Promise<PullRequestBench> {
  const draft = inMemory(revisionTree(specRoot, 'draft'));
  const bySize = [...draft.pages].sort((a, b) => draft.text(b).length - draft.text(a).length);
  const page = which === 'largest' ? bySize[0]! : bySize[Math.floor(bySize.length / 2)]!;
  const edited = new Map(draft.pages.map((p) => [p, draft.text(p)]));
  edited.set(page, `${draft.text(page)}\n\nImplementations MUST log every request they reject.\n`);
  const head = memoryTree('head', 'head', edited, draft.schema());

  usePageStore(null);
  clearDiffCache();
  const cold = await timed(() => diffRevisionTrees(draft, head));

  const cacheDir = mkdtempSync(join(tmpdir(), 'specdelta-bench-'));
  try {
    usePageStore(cacheDir);
    clearDiffCache();
    await diffRevisionTrees(draft, draft);
    clearDiffCache();
    const cached = await timed(() => diffRevisionTrees(draft, head));
    if (JSON.stringify(cached.value) !== JSON.stringify(cold.value)) throw new Error('bench: the cached run differs from the cold run');
    return { pages: draft.pages.length, page, changes: cold.value.changes.length, cold: cold.timing, cached: cached.timing };
  } finally {
    usePageStore(null);
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

// A measuring process (`benchWholeRevision`): one side, timing what the bench asks for.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url) && process.send) {
  serveMeasurements(process.argv[2] as Side, process.argv[3]!);
}
