import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { clearDiffCache, diffPageTexts } from '../src/diff/index.ts';
import { pageIds, revisionFolders } from '../src/input/spec-tree.ts';

/** Every adjacent revision pair of every page both revisions have, read from the upstream layout. */
export function pagePairs(specRoot: string): { label: string; oldText: string; newText: string }[] {
  const pagesRoot = join(specRoot, 'docs/specification');
  const revisions = revisionFolders(pagesRoot);
  const pairs: { label: string; oldText: string; newText: string }[] = [];
  for (let i = 1; i < revisions.length; i++) {
    const [before, after] = [revisions[i - 1]!, revisions[i]!];
    const previous = new Set(pageIds(join(pagesRoot, before)));
    for (const page of pageIds(join(pagesRoot, after))) {
      if (!previous.has(page)) continue;
      pairs.push({
        label: `${before} → ${after} ${page}`,
        oldText: readFileSync(join(pagesRoot, before, `${page}.mdx`), 'utf8'),
        newText: readFileSync(join(pagesRoot, after, `${page}.mdx`), 'utf8'),
      });
    }
  }
  return pairs;
}

export interface PageBench {
  pairs: number;
  bytes: number;
  bareParseMs: number;
  /** Bare parse of each distinct text once: what the differ itself parses, thanks to its cache. */
  bareDistinctMs: number;
  distinctBytes: number;
  firstRunMs: number;
  rerunMs: number;
  changes: number;
}

const bare = unified().use(remarkParse).use(remarkGfm);

/**
 * The page matrix: a bare parse (remark-parse + remark-gfm) of every text the matrix reads,
 * then the full diff cold (caches cleared), then again with unchanged inputs (warm caches).
 */
export function benchPages(specRoot: string): PageBench {
  const pairs = pagePairs(specRoot);
  const texts = pairs.flatMap((p) => [p.oldText, p.newText]);
  const bytes = texts.reduce((sum, t) => sum + Buffer.byteLength(t), 0);

  // Warm both code paths up on one pair so neither side pays the JIT's first-use cost.
  for (const t of texts.slice(0, 2)) bare.parse(t);
  diffPageTexts(pairs[0]!.oldText, pairs[0]!.newText);
  clearDiffCache();

  let start = performance.now();
  for (const t of texts) bare.parse(t);
  const bareParseMs = performance.now() - start;

  const distinct = [...new Set(texts)];
  const distinctBytes = distinct.reduce((sum, t) => sum + Buffer.byteLength(t), 0);
  start = performance.now();
  for (const t of distinct) bare.parse(t);
  const bareDistinctMs = performance.now() - start;

  start = performance.now();
  let changes = 0;
  for (const p of pairs) changes += diffPageTexts(p.oldText, p.newText).changes.length;
  const firstRunMs = performance.now() - start;

  start = performance.now();
  for (const p of pairs) diffPageTexts(p.oldText, p.newText);
  const rerunMs = performance.now() - start;

  return { pairs: pairs.length, bytes, bareParseMs, bareDistinctMs, distinctBytes, firstRunMs, rerunMs, changes };
}
