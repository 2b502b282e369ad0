import { extractArticleText, looksLikeHtml, type DomNode } from './extract-core.ts';

/**
 * The browser's side of the HTML extraction: the page's own DOMParser builds the tree,
 * `extract-core.ts` picks the article and writes its text and code, exactly as
 * `extract-html.ts` does in Node with cheerio. Uses only browser globals.
 */
export function extractHtmlInBrowser(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return extractArticleText(toDomNode(doc));
}

export { looksLikeHtml };

function toDomNode(node: Node): DomNode {
  if (node.nodeType === 3) return { type: 'text', name: '', text: node.nodeValue ?? '', attrs: {}, children: [] };
  if (node.nodeType === 1) {
    const el = node as Element;
    const attrs: Record<string, string> = {};
    for (const attr of Array.from(el.attributes)) attrs[attr.name] = attr.value;
    // <template> keeps its children in .content, which is never part of the article.
    return { type: 'element', name: el.tagName.toLowerCase(), text: '', attrs, children: Array.from(el.childNodes).map(toDomNode) };
  }
  if (node.nodeType === 9 || node.nodeType === 11) return { type: 'element', name: '#document', text: '', attrs: {}, children: Array.from(node.childNodes).map(toDomNode) };
  return { type: 'other', name: '', text: '', attrs: {}, children: [] };
}
