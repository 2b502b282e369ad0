import type { Element, ElementContent, Root as HastRoot, RootContent as HastContent } from 'hast';
import type { Html, Root, RootContent } from 'mdast';
import GithubSlugger from 'github-slugger';
import rehypeRaw from 'rehype-raw';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeStringify from 'rehype-stringify';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { parse as parseYaml } from 'yaml';
import { matchFragment } from './fragments.ts';
import { keywordPattern, strengthOf } from './segments.ts';
import { stripPageExtension } from '../../src/site-entry.ts';
import { loadableFile, upstreamPageOf } from './upstream.ts';

/**
 * A spec page (Markdown/MDX) → safe HTML for the revision pages.
 *
 * Safety: raw HTML in the page (the schema reference is generated HTML) is parsed by
 * rehype-raw and then passed through rehype-sanitize's GitHub schema: no script, style,
 * iframe or form elements, no event-handler or style attributes, and URLs only with http,
 * https, mailto (and relative) protocols. Everything this module adds afterwards (heading
 * ids, link targets, classes) is derived from already-sanitised text. The output is the
 * only HTML the site inserts unescaped.
 *
 * MDX: capitalised JSX components (`<Note>`, `<Warning>`…) become labelled boxes whose
 * inner Markdown is rendered; self-closing ones with an `href` (cards) become links.
 */

export interface RenderContext {
  revision: string;
  page: string;
  /** Turns an upstream spec path ("2025-11-25", "basic/lifecycle") into a site URL when the site has it. */
  resolvePage: (revision: string, page: string) => string | null;
  /** The element ids of that page, to point a link's `#fragment` at one that exists (fragments.ts). */
  pageIds?: (revision: string, page: string) => readonly string[];
  /** This page upstream (spec-identity.ts upstreamPageUrl): its relative links and images are resolved against it. */
  upstreamPage: string;
  /** The spec's `upstream` setting, read backwards to tell a link to one of its pages (upstream.ts). */
  upstreamTemplate: string;
  /**
   * A `#fragment` no element of this page has, on another page of the revision: its site URL
   * with the id there, or null (a spec written as one document split into files links its
   * sections across them). Given, a fragment found nowhere leaves its text unlinked; not
   * given, the link is kept as written.
   */
  fragmentElsewhere?: (fragment: string) => string | null;
  /** Notes to show beside blocks of the page (its "since when" marks), by source line and by element id. */
  marks?: PageMarks;
}

/** A short note shown beside a block: a label (none when the block names it already), then runs of text, some linked. */
export interface PageMark {
  label: string | null;
  parts: { text: string; href: string | null }[];
}

export interface PageMarks {
  /** Marks of what starts on lines start..end of the page's source. */
  atLines(start: number, end: number): PageMark[];
  /** Marks of the element with this id (after sanitising: generated HTML's ids carry the `user-content-` prefix). */
  atId(id: string): PageMark[];
}

export interface RenderedPage {
  title: string | null;
  description: string | null;
  html: string;
  headings: { depth: number; text: string; id: string }[];
}

const COMPONENT_WITH_BODY = /^<([A-Z][\w.]*)\b([^>]*)>([\s\S]*)<\/\1>\s*$/;
const OPENING_TAG = /^<([A-Z][\w.]*)\b([^>]*?)(?<!\/)>\s*$/;
const CLOSING_TAG = /^<\/([A-Z][\w.]*)>\s*$/;
const SELF_CLOSING = /<([A-Z][\w.]*)\b((?:[^>"'{}]|"[^"]*"|'[^']*'|\{[^}]*\})*?)\/>/g;

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml']);

function attributes(source: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of source.matchAll(/([A-Za-z][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*["'`]?([^}"'`]*)["'`]?\s*\})/g)) {
    out[m[1]!] = m[2] ?? m[3] ?? m[4] ?? '';
  }
  return out;
}

type Container = { type: 'mdxBox'; name: string; children: RootContent[]; data: { hName: string; hProperties: Record<string, unknown> } };

function box(name: string, children: RootContent[]): RootContent {
  const node: Container = { type: 'mdxBox', name, children, data: { hName: 'div', hProperties: { dataMdx: name } } };
  return node as unknown as RootContent;
}

function cards(value: string): RootContent[] | null {
  const trimmed = value.trim();
  const found = [...trimmed.matchAll(SELF_CLOSING)];
  if (!found.length || trimmed.replace(SELF_CLOSING, '').trim() !== '') return null;
  const out: RootContent[] = [];
  for (const m of found) {
    const attrs = attributes(m[2] ?? '');
    const label = attrs['title'] ?? attrs['label'] ?? attrs['href'];
    if (attrs['href'] && label) {
      out.push(box(m[1]!, [{ type: 'paragraph', children: [{ type: 'link', url: attrs['href'], children: [{ type: 'text', value: label }] }] }]));
    } else if (label) {
      out.push(box(m[1]!, [{ type: 'paragraph', children: [{ type: 'text', value: label }] }]));
    }
  }
  return out;
}

function dedent(text: string): string {
  const lines = text.split('\n');
  const indents = lines.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut)).join('\n');
}

function parseFragment(markdown: string): RootContent[] {
  const tree = parser.parse(dedent(markdown)) as Root;
  return transformComponents(tree.children);
}

/** Rewrites JSX component blocks in a list of siblings (recursively). */
function transformComponents(children: RootContent[]): RootContent[] {
  const out: RootContent[] = [];
  for (let i = 0; i < children.length; i++) {
    let node = children[i]!;
    // A JSX tag spread over several lines (`<Card\n  title="…"\n/>`) is not an HTML block for
    // CommonMark: it arrives as a paragraph of inline HTML.
    if (node.type === 'paragraph' && node.children.length && node.children.every((c) => c.type === 'html' || (c.type === 'text' && !c.value.trim()))) {
      const value = node.children.map((c) => (c as { value: string }).value).join('');
      if (/^\s*<\/?[A-Z]/.test(value)) node = { type: 'html', value, ...(node.position ? { position: node.position } : {}) };
    }
    if (node.type !== 'html') {
      if ('children' in node && Array.isArray(node.children) && node.type !== 'paragraph' && node.type !== 'heading' && node.type !== 'tableCell') {
        (node as { children: RootContent[] }).children = transformComponents(node.children as RootContent[]);
      }
      out.push(node);
      continue;
    }
    const value = (node as Html).value.trim();
    const withBody = COMPONENT_WITH_BODY.exec(value);
    if (withBody) {
      out.push(box(withBody[1]!, parseFragment(withBody[3]!.replace(/^[^\S\n]*\n/, ''))));
      continue;
    }
    const selfClosing = cards(value);
    if (selfClosing) {
      out.push(...selfClosing);
      continue;
    }
    const firstLine = value.split('\n')[0] ?? '';
    const opening = OPENING_TAG.exec(firstLine);
    if (opening) {
      const name = opening[1]!;
      const rest = value.split('\n').slice(1).join('\n');
      // The component's body runs until its closing tag among the following siblings.
      let depth = 1;
      let j = i + 1;
      const inner: RootContent[] = rest.trim() ? parseFragment(rest) : [];
      for (; j < children.length; j++) {
        const sibling = children[j]!;
        if (sibling.type === 'html') {
          const v = sibling.value.trim();
          if (OPENING_TAG.exec(v.split('\n')[0] ?? '')?.[1] === name) depth++;
          const closing = CLOSING_TAG.exec(v);
          if (closing?.[1] === name && --depth === 0) break;
          if (v.endsWith(`</${name}>`) && !CLOSING_TAG.test(v) && --depth === 0) {
            inner.push(...parseFragment(v.slice(0, -`</${name}>`.length)));
            break;
          }
        }
        inner.push(sibling);
      }
      out.push(box(name, transformComponents(inner)));
      i = j;
      continue;
    }
    if (CLOSING_TAG.test(value)) continue;
    out.push(node);
  }
  return out;
}

const schema: SanitizeSchema = {
  ...defaultSchema,
  attributes: { ...defaultSchema.attributes, div: [...(defaultSchema.attributes?.['div'] ?? []), 'dataMdx'] },
};

function textOf(node: ElementContent | HastContent): string {
  if (node.type === 'text') return node.value;
  if ('children' in node) return (node.children as ElementContent[]).map(textOf).join('');
  return '';
}

function walk(node: HastRoot | Element, visit: (el: Element, parent: HastRoot | Element) => void): void {
  for (const child of node.children) {
    if (child.type === 'element') {
      visit(child, node);
      walk(child, visit);
    }
  }
}

/** After sanitising: heading ids and levels, box labels. Returns every id the page has. */
function finish(tree: HastRoot, headings: RenderedPage['headings']): Set<string> {
  const slugger = new GithubSlugger();
  let previous = 1;
  const ids = new Set<string>();
  walk(tree, (el) => {
    if (typeof el.properties['id'] === 'string') ids.add(el.properties['id']);
  });
  walk(tree, (el) => {
    const level = /^h([1-6])$/.exec(el.tagName);
    if (level) {
      const text = textOf(el).replace(/\s+/g, ' ').trim();
      const id = slugger.slug(text);
      // h1 is the page title; spec headings start at h2 and never skip a level.
      const depth = Math.min(Math.max(2, Number(level[1])), previous + 1);
      previous = depth;
      el.tagName = `h${depth}`;
      if (!ids.has(id)) {
        el.properties['id'] = id;
        ids.add(id);
      }
      headings.push({ depth, text, id: String(el.properties['id'] ?? id) });
    }
    if (el.tagName === 'div' && typeof el.properties['dataMdx'] === 'string') {
      const name = el.properties['dataMdx'];
      el.properties['className'] = ['mdx-box'];
      if (/^[A-Z][\w]*$/.test(name) && !/Group$/.test(name) && !el.children.some((c) => c.type === 'element' && c.properties['dataMdx'])) {
        el.children.unshift({ type: 'element', tagName: 'p', properties: { className: ['mdx-label'] }, children: [{ type: 'text', value: name }] });
      }
    }
  });
  return ids;
}

/** Links into the site (or upstream), fragments pointed at ids that exist, images from upstream. */
function resolveLinks(tree: HastRoot, context: RenderContext, ids: ReadonlySet<string>): void {
  walk(tree, (el) => {
    if (el.tagName === 'a' && typeof el.properties['href'] === 'string') {
      const href = el.properties['href'];
      if (href.startsWith('#')) {
        const fragment = decodeURIComponentSafe(href.slice(1));
        const target = matchFragment(fragment, ids);
        if (target !== null) el.properties['href'] = `#${encodeURIComponent(target)}`;
        else if (context.fragmentElsewhere) {
          const elsewhere = context.fragmentElsewhere(fragment);
          if (elsewhere !== null) el.properties['href'] = elsewhere;
          else delete el.properties['href'];
        }
        return;
      }
      const target = rewriteLink(href, context);
      el.properties['href'] = target;
      if (/^https?:/i.test(target)) el.properties['rel'] = ['noopener', 'noreferrer'];
    }
    if (el.tagName === 'img' && typeof el.properties['src'] === 'string' && !/^https?:/i.test(el.properties['src'])) {
      // Images live upstream, beside the page: a relative one is resolved against the page's upstream URL.
      el.properties['src'] = upstreamFile(el.properties['src'], context);
    }
  });
}

/**
 * Keyboard users reach everything a mouse can: a code block or table that the styles let
 * scroll sideways (site.css) takes focus so arrow keys scroll it, and a link inside a
 * `<summary>` (an interactive element within another, which the keyboard and screen readers
 * cannot reach separately) is unwrapped to its text.
 */
const SCROLL_BOXES = new Set(['pre', 'table']);

function keyboardReachable(node: HastRoot | Element, inSummary = false): void {
  const children: (ElementContent | HastContent)[] = [];
  for (const child of node.children) {
    if (child.type !== 'element') {
      children.push(child);
      continue;
    }
    keyboardReachable(child, inSummary || child.tagName === 'summary');
    if (SCROLL_BOXES.has(child.tagName)) child.properties['tabIndex'] = 0;
    if (inSummary && child.tagName === 'a') children.push(...child.children);
    else children.push(child);
  }
  node.children = children as typeof node.children;
}

/**
 * The sanitiser strips the classes of generated HTML (the schema reference's syntax
 * highlighting) but keeps their elements: thousands of bare `<span>`s and empty `class`
 * attributes that mean nothing. Dropping them keeps the longest revision page under the
 * site's 400 KB page budget without changing what it shows.
 */
function dropInertMarkup(node: HastRoot | Element): void {
  const children: (ElementContent | HastContent)[] = [];
  for (const child of node.children) {
    if (child.type !== 'element') {
      children.push(child);
      continue;
    }
    dropInertMarkup(child);
    const className = child.properties['className'];
    if (Array.isArray(className) && className.length === 0) delete child.properties['className'];
    if (child.tagName === 'span' && Object.keys(child.properties).length === 0) children.push(...child.children);
    else children.push(child);
  }
  node.children = children as typeof node.children;
}

/** Blocks a mark is put in (inline, at their end) or, for those that hold no inline text of their own, after. */
const MARKED_INSIDE = new Set(['p', 'li', 'td', 'th', 'div']);
const MARKED_AFTER = new Set(['pre', 'h2', 'h3', 'h4', 'h5', 'h6', 'table']);

function markElement(mark: PageMark): Element {
  const children: ElementContent[] = mark.label === null ? [] : [{ type: 'element', tagName: 'span', properties: { className: ['sw-l'] }, children: [{ type: 'text', value: mark.label }] }, { type: 'text', value: ' ' }];
  for (const part of mark.parts) {
    children.push(part.href ? { type: 'element', tagName: 'a', properties: { href: part.href }, children: [{ type: 'text', value: part.text }] } : { type: 'text', value: part.text });
  }
  return { type: 'element', tagName: 'span', properties: { className: ['sw'] }, children };
}

/**
 * The page's marks placed once each: by element id first, then by source lines, innermost
 * block first (a paragraph in a list item takes its lines before the item does). Built from
 * plain text after sanitising, like every other node this module adds.
 */
function addMarks(tree: HastRoot, marks: PageMarks): void {
  const claimed = new Set<number>();
  const visit = (node: HastRoot | Element) => {
    const children: (ElementContent | HastContent)[] = [];
    for (const child of node.children) {
      if (child.type !== 'element') {
        children.push(child);
        continue;
      }
      visit(child);
      const found: PageMark[] = [];
      const id = child.properties['id'];
      if (typeof id === 'string') found.push(...marks.atId(id));
      const start = child.position?.start.line;
      const end = child.position?.end.line;
      if ((MARKED_INSIDE.has(child.tagName) || MARKED_AFTER.has(child.tagName)) && start !== undefined && end !== undefined) {
        const open: number[] = [];
        for (let line = start; line <= end; line++) if (!claimed.has(line)) open.push(line);
        for (const line of open) claimed.add(line);
        for (const line of open) found.push(...marks.atLines(line, line));
      }
      children.push(child);
      if (found.length === 0) continue;
      const elements = found.map(markElement);
      if (MARKED_AFTER.has(child.tagName)) children.push({ type: 'element', tagName: 'p', properties: { className: ['sw-line'] }, children: elements });
      else child.children.push({ type: 'text', value: ' ' }, ...elements);
    }
    node.children = children as typeof node.children;
  };
  visit(tree);
}

const HAS_KEYWORD = new RegExp(keywordPattern().source);

/** RFC 2119 keywords in text (not in code) styled by strength, as on the diff pages. */
function markKeywords(node: HastRoot | Element): void {
  if (node.type === 'element' && (node.tagName === 'code' || node.tagName === 'pre')) return;
  const children: (ElementContent | HastContent)[] = [];
  for (const child of node.children) {
    if (child.type === 'element') markKeywords(child);
    if (child.type !== 'text' || !HAS_KEYWORD.test(child.value)) {
      children.push(child);
      continue;
    }
    let last = 0;
    for (const m of child.value.matchAll(keywordPattern())) {
      if (m.index > last) children.push({ type: 'text', value: child.value.slice(last, m.index) });
      children.push({ type: 'element', tagName: 'span', properties: { className: ['kw', `kw-${strengthOf(m[0])}`] }, children: [{ type: 'text', value: m[0] }] });
      last = m.index + m[0].length;
    }
    if (last < child.value.length) children.push({ type: 'text', value: child.value.slice(last) });
  }
  node.children = children as typeof node.children;
}

export function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function upstreamFile(src: string, context: RenderContext): string {
  try {
    return loadableFile(new URL(src, context.upstreamPage).href);
  } catch {
    return context.upstreamPage;
  }
}

/**
 * A spec link → the site's page when the site has it, else where it points upstream: a
 * relative link (a page, or a file beside it: an image, a `.proto`) is resolved against the
 * page's own upstream URL, so it opens in the spec's own repository or site.
 */
export function rewriteLink(href: string, context: RenderContext): string {
  let url: URL;
  try {
    url = new URL(href, context.upstreamPage);
  } catch {
    return href;
  }
  if (url.origin !== new URL(context.upstreamPage).origin) return href;
  const linked = upstreamPageOf(context.upstreamTemplate, url);
  if (linked) {
    const [revision, page] = [linked.revision, stripPageExtension(linked.page) || 'index'];
    const local = context.resolvePage(revision, page);
    if (local) return local + fragmentOn(url.hash, context.pageIds?.(revision, page));
  }
  return url.href;
}

/**
 * A cross-page `#fragment` pointed at the id the target page has for it. One that names no
 * heading there (the heading was renamed upstream) is dropped: the link opens the page's top
 * instead of pointing at nothing.
 */
function fragmentOn(hash: string, ids: readonly string[] | undefined): string {
  if (!hash || !ids) return hash;
  const target = matchFragment(decodeURIComponentSafe(hash.slice(1)), ids);
  return target === null ? '' : `#${encodeURIComponent(target)}`;
}

const toHast = unified().use(remarkRehype, { allowDangerousHtml: true });
const sanitize = unified().use(rehypeRaw).use(rehypeSanitize, schema);
const stringify = unified().use(rehypeStringify);

/**
 * A page read as far as it reads the same in every context: parsed, its components boxed,
 * sanitised, its headings numbered and given ids. Another page's links need only its ids,
 * and the same text in several revisions is read once (revision.ts keeps these).
 */
export interface ReadPage {
  title: string | null;
  description: string | null;
  headings: RenderedPage['headings'];
  ids: string[];
  tree: HastRoot;
}

export function readPage(text: string): ReadPage {
  const tree = parser.parse(text) as Root;
  let title: string | null = null;
  let description: string | null = null;
  const yaml = tree.children.find((n) => n.type === 'yaml');
  if (yaml && 'value' in yaml) {
    try {
      const data = parseYaml(yaml.value) as Record<string, unknown> | null;
      if (data && typeof data['title'] === 'string') title = data['title'];
      if (data && typeof data['description'] === 'string') description = data['description'];
    } catch {
      // Invalid front matter: the page renders without a title from it.
    }
  }
  tree.children = transformComponents(tree.children.filter((n) => n.type !== 'yaml'));
  const headings: RenderedPage['headings'] = [];
  const hast = toHast.runSync(tree) as HastRoot;
  const sanitized = sanitize.runSync(hast) as HastRoot;
  const ids = finish(sanitized, headings);
  return { title, description, headings, ids: [...ids], tree: sanitized };
}

/** A page as its revision page shows it, from its reading (`readPage`, which is left as it was). */
export function renderPage(text: string, context: RenderContext, read: ReadPage = readPage(text)): RenderedPage {
  const tree = structuredClone(read.tree);
  resolveLinks(tree, context, new Set(read.ids));
  if (context.marks) addMarks(tree, context.marks);
  dropInertMarkup(tree);
  keyboardReachable(tree);
  markKeywords(tree);
  const html = stringify.stringify(tree);
  return { title: read.title, description: read.description, html, headings: read.headings };
}
