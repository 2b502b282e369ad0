import type { Element, ElementContent, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toText } from 'hast-util-to-text';

/**
 * Raw HTML inside a page, read for its text. Generated pages (a schema reference rendered
 * from the schema's TypeScript) are mostly HTML blocks, and their descriptions carry prose
 * and normative sentences like any other paragraph. Each innermost block element (`p`,
 * `li`, `div` holding only inline content, …) becomes one text block; `pre` becomes a code
 * block. Markup, scripts and styles are dropped: only what a reader sees is compared.
 */

export type HtmlBlock =
  | { type: 'text'; text: string; codeSpans: string[]; line: number }
  | { type: 'code'; lang: string | null; value: string; line: number };

const BLOCK = new Set([
  'address', 'article', 'aside', 'blockquote', 'dd', 'details', 'dialog', 'div', 'dl', 'dt', 'fieldset', 'figcaption',
  'figure', 'footer', 'form', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hgroup', 'hr', 'li', 'main', 'nav', 'ol',
  'p', 'pre', 'section', 'summary', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'ul', 'caption',
]);
const UNSEEN = new Set(['script', 'style', 'template', 'noscript', 'svg', 'math', 'head', 'title']);

/** The text and code of an HTML fragment that starts on page line `firstLine`. */
export function htmlBlocks(html: string, firstLine: number): HtmlBlock[] {
  const tree = fromHtml(html, { fragment: true });
  const out: HtmlBlock[] = [];
  visitChildren(tree, firstLine, out);
  return out;
}

function visitChildren(parent: Root | Element, firstLine: number, out: HtmlBlock[]): void {
  // Inline content between block children (`<div>text <p>…</p> more</div>`) is a block of its own.
  let run: ElementContent[] = [];
  const flush = () => {
    if (run.length) pushText(run, firstLine, out);
    run = [];
  };
  for (const child of parent.children as (RootContent | ElementContent)[]) {
    if (child.type === 'element' && UNSEEN.has(child.tagName)) continue;
    if (child.type === 'element' && BLOCK.has(child.tagName)) {
      flush();
      visitBlock(child, firstLine, out);
    } else if (child.type === 'text' || child.type === 'element') {
      run.push(child);
    }
  }
  flush();
}

function visitBlock(element: Element, firstLine: number, out: HtmlBlock[]): void {
  if (element.tagName === 'pre') {
    const value = toText(element, { whitespace: 'pre' }).replace(/\n$/, '');
    if (value.trim()) out.push({ type: 'code', lang: languageOf(element), value, line: lineOf(element, firstLine) });
    return;
  }
  if (hasBlock(element)) visitChildren(element, firstLine, out);
  else pushText([element], firstLine, out);
}

function pushText(nodes: ElementContent[], firstLine: number, out: HtmlBlock[]): void {
  const text = nodes
    .map((n) => (n.type === 'text' ? n.value : n.type === 'element' && !UNSEEN.has(n.tagName) ? toText(n, { whitespace: 'normal' }) : ''))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  if (!text) return;
  const codeSpans: string[] = [];
  for (const n of nodes) collectCode(n, codeSpans);
  out.push({ type: 'text', text, codeSpans, line: lineOf(nodes[0]!, firstLine) });
}

function hasBlock(element: Element): boolean {
  return element.children.some((c) => c.type === 'element' && (BLOCK.has(c.tagName) || hasBlock(c)));
}

function collectCode(node: ElementContent, into: string[]): void {
  if (node.type !== 'element' || UNSEEN.has(node.tagName)) return;
  if (node.tagName === 'code') {
    const text = toText(node, { whitespace: 'normal' }).trim();
    if (text) into.push(text);
    return;
  }
  for (const child of node.children) collectCode(child, into);
}

function languageOf(pre: Element): string | null {
  const nodes: Element[] = [pre, ...pre.children.filter((c): c is Element => c.type === 'element' && c.tagName === 'code')];
  for (const node of nodes) {
    const classes = node.properties['className'];
    for (const name of Array.isArray(classes) ? classes : []) {
      const match = /^(?:language|lang)-(.+)$/.exec(String(name));
      if (match) return match[1]!;
    }
  }
  return null;
}

function lineOf(node: ElementContent, firstLine: number): number {
  return firstLine + (node.position?.start.line ?? 1) - 1;
}
