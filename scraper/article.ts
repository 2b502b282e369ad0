import * as cheerio from 'cheerio';

/**
 * The rendered documentation site's HTML → the page's Markdown. Used for pages with no
 * raw source: finds the article (article, [role=main], main, body), drops chrome
 * (navigation, scripts, buttons, anchors' icons) and writes Markdown close to what the
 * upstream MDX says, so the differ reads both alike: the title as front matter, then
 * headings, paragraphs, lists, tables, code blocks and quotes.
 */
interface Article {
  title: string | null;
  markdown: string;
}

/** Structural view of domhandler's nodes (cheerio's DOM), enough to walk them. */
interface DomNode {
  type: string;
  data?: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
}

const ROOTS = ['article', '[role="main"]', 'main', 'body'];
const CHROME = 'script, style, noscript, template, nav, footer, aside, button, svg, form, iframe, select, input, [aria-hidden="true"], [hidden]';
const BLOCK = new Set(['p', 'div', 'section', 'article', 'main', 'header', 'ul', 'ol', 'li', 'pre', 'blockquote', 'table', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'dl', 'dt', 'dd', 'figure', 'figcaption', 'details', 'summary']);

export function extractArticle(html: string): Article {
  const $ = cheerio.load(html);
  const root = ROOTS.map((selector) => $(selector).first()).find((found) => found.length > 0);
  if (!root) return { title: null, markdown: '' };
  root.find(CHROME).remove();
  const h1 = root.find('h1').first();
  const title = normalizeSpace(h1.text()) || normalizeSpace($('title').first().text()) || null;
  h1.remove();
  const node = root.get(0) as unknown as DomNode;
  const body = blocks(node.children ?? [], 0).join('\n\n').replace(/\n{3,}/g, '\n\n').trim();
  const front = title ? `---\ntitle: ${yamlString(title)}\n---\n\n` : '';
  return { title, markdown: `${front}${body}\n` };
}

function blocks(nodes: DomNode[], depth: number): string[] {
  const out: string[] = [];
  let run: DomNode[] = [];
  const flush = () => {
    const text = inline(run).trim();
    if (text) out.push(text);
    run = [];
  };
  for (const node of nodes) {
    if (node.type === 'tag' && node.name && BLOCK.has(node.name)) {
      flush();
      const block = blockOf(node, depth);
      if (block.trim()) out.push(block);
    } else {
      run.push(node);
    }
  }
  flush();
  return out;
}

function blockOf(node: DomNode, depth: number): string {
  const name = node.name ?? '';
  const children = node.children ?? [];
  if (/^h[1-6]$/.test(name)) return `${'#'.repeat(Number(name[1]))} ${inline(children).trim()}`;
  switch (name) {
    case 'p':
    case 'dt':
    case 'summary':
    case 'figcaption':
      return inline(children).trim();
    case 'hr':
      return '---';
    case 'pre':
      return codeBlock(node);
    case 'blockquote':
      return blocks(children, depth)
        .join('\n\n')
        .split('\n')
        .map((line) => (line ? `> ${line}` : '>'))
        .join('\n');
    case 'ul':
    case 'ol':
      return list(node, depth);
    case 'table':
      return table(node);
    default:
      return blocks(children, depth).join('\n\n');
  }
}

function list(node: DomNode, depth: number): string {
  const ordered = node.name === 'ol';
  const items = (node.children ?? []).filter((c) => c.type === 'tag' && c.name === 'li');
  return items
    .map((item, i) => {
      const marker = ordered ? `${i + 1}. ` : '- ';
      const pad = ' '.repeat(marker.length);
      // A nested list follows its item's text directly (a tight list).
      const body = blocks(item.children ?? [], depth + 1).join('\n\n').replace(/\n\n(?=(?:[-*]|\d+\.) )/g, '\n');
      return body
        .split('\n')
        .map((line, n) => (n === 0 ? `${marker}${line}` : line ? `${pad}${line}` : ''))
        .join('\n');
    })
    .join('\n');
}

function codeBlock(node: DomNode): string {
  const code = findTag(node, 'code') ?? node;
  const classes = `${code.attribs?.['class'] ?? ''} ${node.attribs?.['class'] ?? ''}`;
  const lang = /(?:^|\s)(?:language|lang)-([\w+-]+)/.exec(classes)?.[1] ?? '';
  const text = textOf(code).replace(/\n$/, '');
  const fence = text.includes('```') ? '~~~~' : '```';
  return `${fence}${lang}\n${text}\n${fence}`;
}

function table(node: DomNode): string {
  const rows: string[][] = [];
  const visit = (n: DomNode) => {
    for (const child of n.children ?? []) {
      if (child.type !== 'tag') continue;
      if (child.name === 'tr') {
        rows.push((child.children ?? []).filter((c) => c.type === 'tag' && (c.name === 'td' || c.name === 'th')).map((c) => inline(c.children ?? []).trim().replace(/\|/g, '\\|')));
      } else visit(child);
    }
  };
  visit(node);
  if (rows.length === 0) return '';
  const width = Math.max(...rows.map((r) => r.length));
  const line = (cells: string[]) => `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
  const [head = [], ...rest] = rows;
  return [line(head), `| ${Array.from({ length: width }, () => '---').join(' | ')} |`, ...rest.map(line)].join('\n');
}

function inline(nodes: DomNode[]): string {
  let out = '';
  for (const node of nodes) {
    if (node.type === 'text') {
      out += (node.data ?? '').replace(/\s+/g, ' ');
      continue;
    }
    if (node.type !== 'tag') continue;
    const children = node.children ?? [];
    switch (node.name) {
      case 'br':
        out += '  \n';
        break;
      case 'code':
      case 'kbd':
      case 'samp': {
        const text = textOf(node);
        const tick = text.includes('`') ? '``' : '`';
        out += `${tick}${text}${tick}`;
        break;
      }
      case 'strong':
      case 'b':
        out += wrap(inline(children), '**');
        break;
      case 'em':
      case 'i':
        out += wrap(inline(children), '_');
        break;
      case 'a': {
        const text = inline(children).trim();
        const href = node.attribs?.['href'];
        if (!text) break; // heading anchors and icon links
        out += href && !href.startsWith('#') ? `[${text}](${href})` : text;
        break;
      }
      case 'img': {
        const src = node.attribs?.['src'];
        if (src) out += `![${node.attribs?.['alt'] ?? ''}](${src})`;
        break;
      }
      default:
        out += BLOCK.has(node.name ?? '') ? ` ${blocks([node], 0).join(' ')} ` : inline(children);
    }
  }
  return out.replace(/ {2,}(?!\n)/g, ' ');
}

function wrap(text: string, mark: string): string {
  const trimmed = text.trim();
  if (!trimmed) return text;
  const lead = text.startsWith(' ') ? ' ' : '';
  const tail = text.endsWith(' ') ? ' ' : '';
  return `${lead}${mark}${trimmed}${mark}${tail}`;
}

function textOf(node: DomNode): string {
  if (node.type === 'text') return node.data ?? '';
  if (node.type === 'tag' && node.name === 'br') return '\n';
  return (node.children ?? []).map(textOf).join('');
}

function findTag(node: DomNode, name: string): DomNode | null {
  for (const child of node.children ?? []) {
    if (child.type === 'tag' && child.name === name) return child;
    const found = findTag(child, name);
    if (found) return found;
  }
  return null;
}

function normalizeSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function yamlString(text: string): string {
  return /^[\w][\w .,()'-]*$/.test(text) ? text : JSON.stringify(text);
}
