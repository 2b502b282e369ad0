import type { Nodes, Root } from 'mdast';
import { literalInlineFloods, markupTooDeepAt } from './nesting.ts';
import { labelKey, mentionedLabels } from './link-labels.ts';
import { splitSections } from './split.ts';
import { cachedTree, clearTreeCache } from './tree-cache.ts';

// The parser and its trees' cache live in tree-cache.ts; readers of a single fragment use these.
export { charactersParsed, parseTree } from './tree-cache.ts';

/**
 * A page parsed section by section (`split.ts` says where it is cut and why that keeps the
 * blocks the same): cost linear in the page's size, and a section that is the same in two
 * texts (most of them, between two revisions) comes from a cache instead of the parser.
 */

interface ParsedSection {
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
 * section may be defined in another. A section that mentions a label defined only in other
 * sections is read again with a stand-in definition of each such label (the target does not
 * matter: only link text is read), after the first section's text and before every other
 * section's first heading. Only the labels a section mentions (`link-labels.ts`): every
 * definition in every section would grow with sections × definitions.
 */
function withSharedDefinitions(sections: ParsedSection[]): ParsedSection[] {
  const own = sections.map((section) => definitionNodes(section.tree));
  /** Each stand-in definition by its identifier's loose key (several identifiers may share one). */
  const standIns = new Map<string, Map<string, string>>();
  for (const node of own.flat()) {
    const label = node.label ?? node.identifier;
    const byKey = standIns.get(labelKey(node.identifier)) ?? new Map<string, string>();
    byKey.set(definitionId(node), node.type === 'footnoteDefinition' ? `[^${label}]: x` : `[${label}]: #`);
    standIns.set(labelKey(node.identifier), byKey);
  }
  if (standIns.size === 0) return sections;
  return sections.map((section, i) => {
    if (section.tooDeep !== undefined) return section;
    const defined = new Set(own[i]!.map(definitionId));
    const needed = new Map<string, string>();
    for (const key of mentionedLabels(section.text)) {
      for (const [id, standIn] of standIns.get(key) ?? []) if (!defined.has(id)) needed.set(id, standIn);
    }
    if (needed.size === 0) return section;
    const definitions = [...needed.values()].join('\n\n');
    const definitionLines = definitions.split('\n').length + 1;
    const text = i === 0 ? `${section.text}\n\n${definitions}\n` : `${definitions}\n\n${section.text}`;
    return { tree: cachedTree(text), text, lineOffset: section.lineOffset - (i === 0 ? 0 : definitionLines) };
  });
}

type DefinitionNode = Extract<Nodes, { type: 'definition' | 'footnoteDefinition' }>;

function definitionId(node: DefinitionNode): string {
  return `${node.type}:${node.identifier}`;
}

/** Definitions sit in flow content: the root and the containers, never inside a paragraph. */
function definitionNodes(tree: Root): DefinitionNode[] {
  const found: DefinitionNode[] = [];
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

/** Forgets every parsed section (benchmarks measure cold runs with it). */
export function clearSectionCache(): void {
  clearTreeCache();
}
