import * as cheerio from 'cheerio';
import { extractArticleText, looksLikeHtml, type DomNode } from './extract-core.ts';

/**
 * Node's side of the HTML extraction: cheerio (parse5, the same HTML parsing algorithm as a
 * browser's DOMParser) builds the tree, `extract-core.ts` picks the article and writes its
 * text and code. The browser's side is `extract-dom.ts`.
 */
export function extractHtml(html: string): string {
  const $ = cheerio.load(html);
  const root = $.root()[0] as unknown as ParsedNode | undefined;
  return root ? extractArticleText(toDomNode(root)) : '';
}

/** The parts of cheerio's (domhandler's) nodes this reads. */
interface ParsedNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: ParsedNode[];
}

export { looksLikeHtml };

function toDomNode(node: ParsedNode): DomNode {
  const children = (node.children ?? []).map(toDomNode);
  if (node.type === 'text') return { type: 'text', name: '', text: node.data ?? '', attrs: {}, children: [] };
  if (node.type === 'tag' || node.type === 'script' || node.type === 'style') {
    return { type: 'element', name: (node.name ?? '').toLowerCase(), text: '', attrs: { ...node.attribs }, children };
  }
  if (node.type === 'root') return { type: 'element', name: '#document', text: '', attrs: {}, children };
  return { type: 'other', name: '', text: '', attrs: {}, children: [] };
}
