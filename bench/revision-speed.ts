import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { clearDiffCache } from '../src/diff/index.ts';
import { diffRevisionTrees } from '../src/diff/revisions.ts';
import { folderTree, memoryTree, type RevisionTree } from '../src/input/revision-tree.ts';
import { listRevisionFolders } from '../src/input/spec-folders.ts';
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
  diffMs: number;
  /** Where the diff's time goes, each part measured cold on its own: the model's reader over every page's sections, every page read whole… */
  readMs: number;
  /** …and every page's model built (reading included). The diff reads less (a reference page settled against the schema, settled-by-schema.ts), so the rest of `diffMs` is a lower bound of its diffs, cross-page passes and schema. */
  modelMs: number;
  changes: number;
}

const bare = unified().use(remarkParse).use(remarkGfm);
const ROUNDS = 3;

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
  const released = listRevisionFolders(join(specRoot, 'docs/specification')).filter((r) => r !== 'draft');
  return [released.at(-2)!, released.at(-1)!];
}

export async function benchWholeRevision(specRoot: string): Promise<RevisionBench> {
  const [before, after] = releasedPair(specRoot);
  const oldTree = inMemory(revisionTree(specRoot, before));
  const newTree = inMemory(revisionTree(specRoot, after));
  const texts = [...oldTree.pages.map((p) => oldTree.text(p)), ...newTree.pages.map((p) => newTree.text(p))];
  const schemas = [oldTree.schema(), newTree.schema()].filter((s): s is string => s !== null);

  // Warm both code paths so neither pays the JIT's first-use cost, then start cold.
  bare.parse(texts[0]!);
  await diffRevisionTrees(memoryTree('a', 'a', new Map([['p', texts[0]!]])), memoryTree('b', 'b', new Map([['p', texts[1]!]])));
  clearDiffCache();

  // The fastest of a few cold rounds of each: on a shared machine, other processes only ever add time.
  let bareParseMs = Infinity;
  let diffMs = Infinity;
  let readMs = Infinity;
  let modelMs = Infinity;
  let changes: unknown[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    let start = performance.now();
    for (const text of texts) bare.parse(text);
    for (const schema of schemas) JSON.parse(schema);
    bareParseMs = Math.min(bareParseMs, performance.now() - start);

    clearDiffCache();
    start = performance.now();
    ({ changes } = await diffRevisionTrees(oldTree, newTree));
    diffMs = Math.min(diffMs, performance.now() - start);

    clearDiffCache();
    start = performance.now();
    withTreeScope(() => texts.forEach((text) => parseSections(text)));
    readMs = Math.min(readMs, performance.now() - start);

    clearDiffCache();
    start = performance.now();
    withTreeScope(() => texts.forEach((text) => parsePage(text)));
    modelMs = Math.min(modelMs, performance.now() - start);
  }
  const bytes = [...texts, ...schemas].reduce((sum, t) => sum + Buffer.byteLength(t), 0);
  return { label: `${before} → ${after}`, pages: oldTree.pages.length + newTree.pages.length, bytes, bareParseMs, diffMs, readMs, modelMs, changes: changes.length };
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
