/**
 * An HTML page's article as Markdown-ish text the detector reads: headings as `#`, code
 * blocks fenced, inline code in backticks, links as `[text](href)`; navigation, headers,
 * footers, sidebars, scripts and styles dropped. Works on a minimal tree so that Node
 * (cheerio, `extract-html.ts`) and the browser (DOMParser, `extract-dom.ts`) share one
 * algorithm and extract the same text from the same page. Browser-safe, no dependencies.
 */

export interface DomNode {
  type: 'element' | 'text' | 'other';
  /** Lower-case tag name for elements, '' otherwise. */
  name: string;
  /** Text content of a text node. */
  text: string;
  attrs: Record<string, string>;
  children: DomNode[];
}

/** Elements that never hold the article. */
const DROP = new Set(['nav', 'header', 'footer', 'aside', 'script', 'style', 'noscript', 'template', 'svg', 'iframe', 'button', 'form', 'select', 'dialog', 'head', 'title', 'meta', 'link']);
const DROP_ROLES = /^(navigation|banner|contentinfo|complementary|search|menu|menubar|dialog)$/;
const BOILERPLATE = /(^|[\s_-])(sidebar|side-bar|navbar|nav|menu|breadcrumbs?|site-header|site-footer|cookie|consent|comments?|related|share|social|newsletter|subscribe|advert|ads?|promo|skip-link)($|[\s_-])/i;
const BLOCKS = new Set(['p', 'div', 'section', 'article', 'main', 'blockquote', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tr', 'dl', 'dt', 'dd', 'figure', 'figcaption', 'details', 'summary', 'hr', 'body', 'html']);

/** True when a text is an HTML document or fragment rather than Markdown/MDX. */
export function looksLikeHtml(text: string): boolean {
  const head = text.slice(0, 4096);
  if (/^\s*(?:<\?xml[^>]*>\s*)?(?:<!--[\s\S]*?-->\s*)*<!doctype html/i.test(head) || /^\s*<html[\s>]/i.test(head)) return true;
  return /<(?:body|article|main|head)[\s>]/i.test(text) && /<\/(?:p|div|pre|article|main|body)>/i.test(text);
}

export function extractArticleText(root: DomNode): string {
  const article = pickRoot(root);
  const out: string[] = [];
  render(article, out, { inPre: false });
  return out
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .concat('\n');
}

/** The article: the `<article>` (or `<main>`, `[role=main]`) with the most text, else the body. */
function pickRoot(root: DomNode): DomNode {
  const candidates: DomNode[] = [];
  const walk = (node: DomNode) => {
    if (node.type !== 'element') return;
    if (isDropped(node)) return;
    if (node.name === 'article' || node.name === 'main' || node.attrs['role'] === 'main') candidates.push(node);
    for (const child of node.children) walk(child);
  };
  walk(root);
  if (candidates.length === 0) return findFirst(root, 'body') ?? root;
  // Prefer an article over the main that contains it; among several, the one with most text.
  const articles = candidates.filter((c) => c.name === 'article');
  const pool = articles.length > 0 ? articles : candidates;
  return pool.reduce((best, c) => (textLength(c) > textLength(best) ? c : best));
}

function findFirst(node: DomNode, name: string): DomNode | null {
  if (node.type === 'element' && node.name === name) return node;
  for (const child of node.children) {
    const found = findFirst(child, name);
    if (found) return found;
  }
  return null;
}

function textLength(node: DomNode): number {
  if (node.type === 'text') return node.text.trim().length;
  if (node.type !== 'element' || isDropped(node)) return 0;
  let n = 0;
  for (const child of node.children) n += textLength(child);
  return n;
}

function isDropped(node: DomNode): boolean {
  if (DROP.has(node.name)) return true;
  if (node.attrs['hidden'] !== undefined || node.attrs['aria-hidden'] === 'true') return true;
  const role = node.attrs['role'];
  if (role && DROP_ROLES.test(role)) return true;
  const label = `${node.attrs['class'] ?? ''} ${node.attrs['id'] ?? ''}`;
  return BOILERPLATE.test(label);
}

interface State {
  inPre: boolean;
}

function render(node: DomNode, out: string[], state: State): void {
  if (node.type === 'text') {
    out.push(state.inPre ? node.text : node.text.replace(/\s+/g, ' '));
    return;
  }
  if (node.type !== 'element' || isDropped(node)) return;
  const name = node.name;
  if (/^h[1-6]$/.test(name)) {
    out.push(`\n\n${'#'.repeat(Number(name[1]))} ${inlineText(node).trim()}\n\n`);
    return;
  }
  if (name === 'pre') {
    const code = rawText(node).replace(/\n+$/, '');
    const fence = code.includes('```') ? '~~~~' : '```';
    out.push(`\n\n${fence}${languageOf(node)}\n${code}\n${fence}\n\n`);
    return;
  }
  if (name === 'code') {
    const text = rawText(node).replace(/\s+/g, ' ');
    if (text.trim()) out.push(text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``);
    return;
  }
  if (name === 'a') {
    const inner: string[] = [];
    for (const child of node.children) render(child, inner, state);
    const text = inner.join('').trim();
    const href = node.attrs['href'];
    out.push(href && !href.startsWith('#') && !href.startsWith('javascript:') ? `[${text}](${href.replace(/[()\s]/g, encodeURIComponent)})` : text);
    return;
  }
  if (name === 'br') {
    out.push('\n');
    return;
  }
  if (name === 'img') {
    if (node.attrs['alt']) out.push(node.attrs['alt']);
    return;
  }
  const block = BLOCKS.has(name);
  if (block) out.push(name === 'li' ? '\n- ' : '\n\n');
  for (const child of node.children) render(child, out, state);
  if (block) out.push(name === 'li' ? '\n' : '\n\n');
  if (name === 'td' || name === 'th') out.push(' | ');
}

function inlineText(node: DomNode): string {
  const out: string[] = [];
  for (const child of node.children) render(child, out, { inPre: false });
  return out.join('').replace(/\s+/g, ' ');
}

function rawText(node: DomNode): string {
  if (node.type === 'text') return node.text;
  if (node.type !== 'element') return '';
  if (node.name === 'br') return '\n';
  return node.children.map(rawText).join('');
}

function languageOf(pre: DomNode): string {
  const classes = [pre.attrs['class'] ?? '', ...pre.children.filter((c) => c.type === 'element' && c.name === 'code').map((c) => c.attrs['class'] ?? '')].join(' ');
  const m = /(?:^|\s)(?:language|lang)-([\w+#.-]+)/.exec(classes) ?? (pre.attrs['data-language'] ? [null, pre.attrs['data-language']] : null);
  return m?.[1] ?? '';
}
