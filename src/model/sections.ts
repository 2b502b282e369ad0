import { createHash } from 'node:crypto';
import type { Nodes, Root } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { footnoteCallsOnlyWithDefinitions } from './footnote-calls.ts';
import { literalInlineFloods, markupTooDeepAt } from './nesting.ts';
import { splitSections } from './split.ts';

/**
 * A page parsed section by section (`split.ts` says where it is cut and why that keeps the
 * blocks the same): cost linear in the page's size, and a section that is the same in two
 * texts (most of them, between two revisions) comes from a cache instead of the parser.
 */

export interface ParsedSection {
  /** Empty when the section was not read: `tooDeep` says why. */
  tree: Root;
  /** The page line of a line that nests containers deeper than the parser can follow. */
  tooDeep?: number;
  /** Page lines whose link and emphasis markers were read as plain characters (too many to pair). */
  literalLines?: number[];
  /** The text the tree was parsed from (its positions' offsets point into it). */
  text: string;
  /** Add to a node's line to get its page line. */
  lineOffset: number;
}

const processor = unified().use(remarkParse).use(remarkGfm).use(footnoteCallsOnlyWithDefinitions).use(remarkFrontmatter, ['yaml']);

export function parseTree(markdown: string): Root {
  return processor.parse(markdown) as Root;
}

/** `sectioned: false` parses the page as one document: what the sections must add up to. */
export function parseSections(source: string, options: { sectioned?: boolean } = {}): ParsedSection[] {
  if (options.sectioned === false) return [readSection(source, 0)];
  const parts = splitSections(source);
  const parsed: ParsedSection[] = [];
  let consumed = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    const section = readSection(part.text, part.firstLine - 1);
    if (i < parts.length - 1 && !cutHolds(section.tree, part.text)) {
      // The scan misjudged an open block: read the rest of the page in one piece, as before.
      parsed.push(readSection(source.slice(consumed), part.firstLine - 1));
      break;
    }
    parsed.push(section);
    consumed += part.text.length;
  }
  return parsed.length > 1 ? withSharedDefinitions(parsed) : parsed;
}

/**
 * A section whose containers nest too deep is not given to the parser (micromark and the
 * GFM plugins recurse per level, and stall long before they overflow): it is left out, and
 * the page says where (see `nesting.ts` for the rule).
 */
function readSection(text: string, lineOffset: number): ParsedSection {
  const deep = markupTooDeepAt(text.split('\n'));
  if (deep !== -1) return { tree: { type: 'root', children: [] }, text, lineOffset, tooDeep: lineOffset + deep + 1 };
  const readable = literalInlineFloods(text);
  if (readable.lines.length === 0) return { tree: cachedTree(text), text, lineOffset };
  return { tree: cachedTree(readable.text), text: readable.text, lineOffset, literalLines: readable.lines.map((i) => lineOffset + i + 1) };
}

/**
 * The cut after a section holds when nothing at its end is still open: a fenced code block
 * that never closed or a raw HTML block with no blank line after it would have taken the
 * next heading in (an HTML block ended by a marker right before the heading is taken as open
 * too: re-reading costs time, never correctness).
 */
function cutHolds(tree: Root, text: string): boolean {
  const last = tree.children.at(-1);
  const start = last?.position?.start.offset;
  const end = last?.position?.end.offset;
  if (!last || start === undefined || end === undefined) return true;
  if (last.type === 'code') return !unclosedFence(text.slice(start, end));
  // An HTML block that a blank line ended is closed; one that runs into the heading is not.
  if (last.type === 'html') return /\n[ \t]*\r?\n/.test(text.slice(end));
  return true;
}

/**
 * True when `raw` (a code block's source) opens with a fence that never closes. Indented
 * code has no fence, so it is never unclosed.
 */
export function unclosedFence(raw: string): boolean {
  const opener = /^\s*(`{3,}|~{3,})/.exec(raw);
  if (!opener) return false;
  const lastLine = raw.slice(raw.lastIndexOf('\n') + 1);
  const closer = new RegExp(`^\\s*${opener[1]![0] === '`' ? '`' : '~'}{${opener[1]!.length},}\\s*$`);
  return !(raw.includes('\n') && closer.test(lastLine));
}

/**
 * Link reference and footnote definitions hold for the whole page: `[text][ref]` in one
 * section may be defined in another. When the page has any, each section is read again with
 * a stand-in definition of every label (the target does not matter: only link text is read),
 * after the first section's text and before every other section's first heading.
 */
function withSharedDefinitions(sections: ParsedSection[]): ParsedSection[] {
  const labels = new Map<string, string>();
  for (const section of sections) {
    for (const node of definitionNodes(section.tree)) {
      const label = node.label ?? node.identifier;
      labels.set(`${node.type}:${node.identifier}`, node.type === 'footnoteDefinition' ? `[^${label}]: x` : `[${label}]: #`);
    }
  }
  if (labels.size === 0) return sections;
  const definitions = [...labels.values()].join('\n\n');
  const definitionLines = definitions.split('\n').length + 1;
  return sections.map((section, i) => {
    if (!section.text.includes('[') || section.tooDeep !== undefined) return section;
    const text = i === 0 ? `${section.text}\n\n${definitions}\n` : `${definitions}\n\n${section.text}`;
    return { tree: cachedTree(text), text, lineOffset: section.lineOffset - (i === 0 ? 0 : definitionLines) };
  });
}

/** Definitions sit in flow content: the root and the containers, never inside a paragraph. */
function definitionNodes(tree: Root): Extract<Nodes, { type: 'definition' | 'footnoteDefinition' }>[] {
  const found: Extract<Nodes, { type: 'definition' | 'footnoteDefinition' }>[] = [];
  const pending: Nodes[] = [tree];
  // A work list, not recursion: containers can nest as deep as a hostile page likes.
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.type === 'definition' || node.type === 'footnoteDefinition') found.push(node);
    if (node.type === 'root' || node.type === 'blockquote' || node.type === 'list' || node.type === 'listItem' || node.type === 'footnoteDefinition') {
      pending.push(...(node.children as Nodes[]));
    }
  }
  return found;
}

/**
 * Parsed trees by content hash, bounded by the characters they were parsed from (a tree
 * costs memory in proportion). The walk that reads a tree never changes it, so one tree
 * serves every page that holds the section.
 */
const trees = new Map<string, { tree: Root; chars: number }>();
const TREE_CACHE_CHARS = 2_000_000;
let cachedChars = 0;

function cachedTree(text: string): Root {
  const key = createHash('sha256').update(text).digest('hex');
  const hit = trees.get(key);
  if (hit) {
    // Least recently used goes first: re-insert on use.
    trees.delete(key);
    trees.set(key, hit);
    return hit.tree;
  }
  const tree = parseTree(text);
  if (text.length <= TREE_CACHE_CHARS) {
    trees.set(key, { tree, chars: text.length });
    cachedChars += text.length;
    for (const [oldest, entry] of trees) {
      if (cachedChars <= TREE_CACHE_CHARS) break;
      trees.delete(oldest);
      cachedChars -= entry.chars;
    }
  }
  return tree;
}

/** Forgets every parsed section (benchmarks measure cold runs with it). */
export function clearSectionCache(): void {
  trees.clear();
  cachedChars = 0;
}
