import type { Heading, List, ListItem, Nodes, Root, RootContent } from 'mdast';
import { inlineText } from '../model/inline.ts';
import { parseTree } from '../model/sections.ts';

/**
 * A changelog or release-notes page cut into its claims: each top-level list item is one
 * item, read with the headings above it (its section: "Major changes"). A nested list
 * belongs to the item it sits in: sub-points describe the same change.
 */
export interface ChangelogItem {
  /** The headings above the item, outermost first (empty for a list before any heading). */
  section: string[];
  /** 1-based position within its section, as a numbered list shows it. */
  number: number;
  /** Page line the item starts on. */
  line: number;
  /** Plain text, links reduced to their words, code spans in backticks. */
  text: string;
  codeSpans: string[];
  /** Link targets as written (`/specification/…/page#fragment`, `https://…`), with the words linked. */
  links: { url: string; text: string }[];
}

export function splitChangelog(markdown: string): ChangelogItem[] {
  const tree: Root = parseTree(markdown);
  const items: ChangelogItem[] = [];
  const headings: { depth: number; text: string }[] = [];
  const counted = new Map<string, number>();
  for (const node of tree.children) {
    if (node.type === 'heading') {
      enterHeading(headings, node);
      continue;
    }
    for (const list of topLevelLists(node)) {
      for (const listItem of list.children) {
        const section = headings.map((h) => h.text);
        const key = section.join('\u0000');
        const number = (counted.get(key) ?? 0) + 1;
        counted.set(key, number);
        items.push(readItem(listItem, section, number));
      }
    }
  }
  return items;
}

function enterHeading(headings: { depth: number; text: string }[], node: Heading): void {
  while (headings.length > 0 && headings[headings.length - 1]!.depth >= node.depth) headings.pop();
  headings.push({ depth: node.depth, text: inlineText(node).text });
}

/** Lists at the top of the flow; a list inside a block quote or similar container still counts. */
function topLevelLists(node: RootContent): List[] {
  if (node.type === 'list') return [node];
  if (node.type === 'blockquote') return node.children.flatMap(topLevelLists);
  return [];
}

function readItem(node: ListItem, section: string[], number: number): ChangelogItem {
  // Block by block, so a paragraph and the sub-list after it keep a space between them.
  const blocks = node.children.map((child) => inlineText(child));
  const text = blocks.map((b) => b.text).join(' ');
  const codeSpans = blocks.flatMap((b) => b.codeSpans);
  const links: { url: string; text: string }[] = [];
  collectLinks(node, links);
  return { section, number, line: node.position?.start.line ?? 0, text, codeSpans, links };
}

function collectLinks(node: Nodes, links: { url: string; text: string }[]): void {
  if (node.type === 'link') links.push({ url: node.url, text: inlineText(node).text });
  if ('children' in node) for (const child of node.children as Nodes[]) collectLinks(child, links);
}
