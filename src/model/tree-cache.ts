import type { Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { footnoteCallsOnlyWithDefinitions } from './footnote-calls.ts';
import { gfmParts, gfmPartsIn, partsCheckedByTree, partsTheTreeMayNeed } from './gfm-parts.ts';

/**
 * Parsed section trees by their text. Two budgets:
 *
 * - Across calls, a least-recently-used cache bounded by the characters its trees were
 *   parsed from (a tree costs memory in proportion): the site, the detector and repeated
 *   diffs meet the same sections again.
 * - Within a scope (`withTreeScope`: one page pair, one revision pair), every tree read is
 *   kept until the scope ends. A diff reads the old side and then the new, and most of the
 *   new side's sections are the old side's: with only the fixed budget, a pair larger than
 *   it evicts each old section before its twin is reached (a sequential scan defeats LRU),
 *   so 4 MB cost more than 4× 1 MB. Held for one scope, each distinct section of the pair
 *   is parsed once, and the memory held grows with the input being diffed, which is in
 *   memory anyway.
 *
 * The walk that reads a tree never changes it, so one tree serves every page that holds
 * the section.
 */

/**
 * One processor per set of GFM parts a text may hold (gfm-parts.ts), with front matter or
 * without: at most 64, and a spec uses a handful. `footnoteCallsOnlyWithDefinitions` goes
 * after the parts it bounds.
 */
const processors = new Map<string, ReturnType<typeof readerWith>>();

function readerWith(parts: number, frontMatter: boolean) {
  const reader = unified().use(remarkParse).use(gfmParts, parts).use(footnoteCallsOnlyWithDefinitions);
  return (frontMatter ? reader.use(remarkFrontmatter, ['yaml']) : reader).freeze();
}

/**
 * Front matter opens a document: its fence must be the first line's first characters (after
 * a byte order mark, which the parser drops). Every section but a page's first starts with
 * its heading, so most texts are read without it (its construct is tried at every `-` line).
 */
const OPENS_WITH_FENCE = /^\uFEFF?---/;

function readWithParts(markdown: string, parts: number): Root {
  const frontMatter = OPENS_WITH_FENCE.test(markdown);
  const key = `${parts}:${frontMatter}`;
  let reader = processors.get(key);
  if (!reader) {
    reader = readerWith(parts, frontMatter);
    processors.set(key, reader);
  }
  parsedChars += markdown.length;
  return reader.parse(markdown) as Root;
}

/** Characters handed to the parser since the last `clearTreeCache`: what a page's cost grows with (tests assert it grows linearly). */
let parsedChars = 0;

/**
 * A text read as remark-gfm reads it, with only the GFM parts it may hold. A part whose
 * telltale is mostly where it never applies (literal autolinks: `://` in links) is left out
 * first; the text is read again with it only when that tree shows text it could match
 * (gfm-parts.ts), which on the real spec is a handful of sections.
 */
export function parseTree(markdown: string): Root {
  const parts = gfmPartsIn(markdown);
  const checked = partsCheckedByTree(parts);
  if (checked === 0) return readWithParts(markdown, parts);
  const tree = readWithParts(markdown, parts & ~checked);
  const needed = partsTheTreeMayNeed(tree, checked);
  return needed === 0 ? tree : readWithParts(markdown, (parts & ~checked) | needed);
}

export function charactersParsed(): number {
  return parsedChars;
}

const trees = new Map<string, { tree: Root; chars: number }>();
const TREE_CACHE_CHARS = 2_000_000;
let budget = TREE_CACHE_CHARS;
let cachedChars = 0;

/** Trees read in the open scope (null: none open), and how deeply scopes are nested. */
let scoped: Map<string, Root> | null = null;
let scopeDepth = 0;

export function cachedTree(text: string): Root {
  // The text is its own key: a Map hashes it faster than a digest would, and the cache is
  // bounded by characters either way.
  const key = text;
  const inScope = scoped?.get(key);
  if (inScope) return inScope;
  const hit = trees.get(key);
  let tree: Root;
  if (hit) {
    // Least recently used goes first: re-insert on use.
    trees.delete(key);
    trees.set(key, hit);
    tree = hit.tree;
  } else {
    tree = parseTree(text);
    remember(key, tree, text.length);
  }
  scoped?.set(key, tree);
  return tree;
}

function remember(key: string, tree: Root, chars: number): void {
  if (chars > budget) return;
  trees.set(key, { tree, chars });
  cachedChars += chars;
  for (const [oldest, entry] of trees) {
    if (cachedChars <= budget) break;
    trees.delete(oldest);
    cachedChars -= entry.chars;
  }
}

/**
 * Runs `read` with every tree it parses or meets kept until it returns, so a section the
 * texts it reads share is parsed once however large they are. Scopes nest: the outermost
 * one decides when the trees are let go (the across-calls cache keeps what fits).
 */
export function withTreeScope<T>(read: () => T): T {
  if (scopeDepth === 0) scoped = new Map();
  scopeDepth += 1;
  try {
    return read();
  } finally {
    scopeDepth -= 1;
    if (scopeDepth === 0) scoped = null;
  }
}

/**
 * Forgets every parsed tree and the parser's character count (benchmarks measure cold runs
 * with it). `budgetChars` sets the across-calls budget from now on: tests use a small one to
 * see eviction without parsing megabytes.
 */
export function clearTreeCache(budgetChars = TREE_CACHE_CHARS): void {
  budget = budgetChars;
  trees.clear();
  cachedChars = 0;
  parsedChars = 0;
  scoped?.clear();
}
