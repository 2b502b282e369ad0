import type { Code, Heading, List, ListItem, Nodes, Paragraph, RootContent, Table } from 'mdast';
import type { Diagnostic } from './diagnostic.ts';
import { htmlBlocks } from './html.ts';
import { inlineText } from './inline.ts';
import { MAX_COMPONENT_DEPTH, MAX_INLINE_MARKERS, MAX_MARKUP_DEPTH, componentDepth, tooDeep } from './nesting.ts';
import { parseSections, unclosedFence } from './sections.ts';
import { cachedTree } from './tree-cache.ts';
import { readYaml } from './yaml.ts';

/**
 * Markdown/MDX → a flat list of blocks in reading order. MDX flow tags (`<Note>`,
 * `<Warning>`) are read by plain CommonMark as HTML blocks; their inner text is parsed
 * again as Markdown, which costs far less than remark-mdx (the shared design notes, ../shared/docs/design.md, measured ~4×) and
 * tolerates the broken JSX a page may contain.
 */

export type Block =
  | {
      type: 'heading'; depth: number; text: string; line: number;
      /** The heading is only a link to another page of the spec (an outline's entry, `# [Overview](overview.md)`). */
      linksTo?: string;
    }
  | {
      type: 'text';
      text: string;
      codeSpans: string[];
      line: number;
      /** A list item (true) or a paragraph (false). */
      listItem: boolean;
      /** The sentence ending in ":" that introduced the list this item is in. */
      leadIn: string | null;
      /** The paragraph introduces the code block after it ("**Request:**"): part of the example. */
      caption?: boolean;
      /** The paragraph is the "…:" lead-in of the list after it; its items carry its words. */
      introducesList?: boolean;
      /** Every word of the paragraph is set in bold or italics ("**Request and response**"). */
      emphasized?: boolean;
      /** Texts of links into the spec's own site: words that cite where something is stated (inline.ts). */
      citations?: string[];
      /** The paragraph is only a label of the block after it (labels.ts): no paragraph of its own. */
      label?: boolean;
      /** The label introducing this paragraph, read as its title (labels.ts). */
      title?: string;
      /** A definition list (`term` then `: definition` lines, kramdown's and PHP Markdown's): its terms and what each says. */
      definitions?: { term: string; definition: string; line: number }[];
    }
  | {
      type: 'code';
      lang: string | null;
      value: string;
      line: number;
      /**
       * The page line of the value's first line, when the value's lines are the page's lines
       * (a fenced or indented block); null when they are not (an HTML `<pre>` drawn with `<br>`).
       */
      bodyLine: number | null;
      caption: string | null;
      captionSpans: string[];
    }
  /** `header` in lower case, for reading columns by name; `headerAsWritten` for quoting them. */
  | { type: 'table'; header: string[]; headerAsWritten: string[]; rows: TableRow[]; line: number; leadIn: string | null };

export interface TableRow {
  cells: string[];
  /** Inline code in each cell, so `mode` and `"form"` can be told from prose. */
  spans: string[][];
  line: number;
}

interface ParsedMarkdown {
  title: string | null;
  blocks: Block[];
  diagnostics: Diagnostic[];
}

/**
 * `sectioned: false` reads the page as one document, the way `parseSections` must match
 * (the tests compare the two on every real page); everything else reads it by sections.
 */
export function parseMarkdown(text: string, options: { sectioned?: boolean } = {}): ParsedMarkdown {
  const diagnostics: Diagnostic[] = [];
  const blocks: Block[] = [];
  // A kramdown-rfc draft: its front matter ends at "--- abstract"; read as the layout it stands for.
  const rfc = kramdownRfcLayout(text);
  const source = rfc?.text ?? text;
  const state: WalkState = { blocks, diagnostics, openTags: [], source, componentDepth: 0 };
  const sections = parseSections(source, options);
  let title: string | null = rfc ? readTitle(rfc.frontMatter, 1, diagnostics) : null;
  for (const node of rfc ? [] : sections[0]!.tree.children) {
    if (node.type === 'yaml') {
      title = readTitle(node.value, line(node, 0), diagnostics);
      break;
    }
  }
  // One walk state across sections: a JSX tag opened in one section may close in another.
  for (const section of sections) {
    if (section.tooDeep !== undefined) {
      diagnostics.push({ severity: 'error', message: `${tooDeep('this line', MAX_MARKUP_DEPTH)} of blockquotes and lists; its section was not read`, line: section.tooDeep });
    }
    for (const line of section.literalLines ?? []) {
      diagnostics.push({ severity: 'warning', message: `this line has more than ${MAX_INLINE_MARKERS} link or emphasis markers; they were read as plain characters`, line });
    }
    walkChildren(section.tree.children, section.lineOffset, { ...state, source: section.text }, null);
  }
  for (const open of state.openTags) {
    diagnostics.push({ severity: 'error', message: `<${open.name}> is opened here but never closed`, line: open.line });
  }
  return { title, blocks, diagnostics };
}

interface WalkState {
  blocks: Block[];
  diagnostics: Diagnostic[];
  openTags: { name: string; line: number }[];
  source: string;
  /** How many JSX components' bodies this walk is inside. */
  componentDepth: number;
}

function line(node: Nodes, offset: number): number {
  return (node.position?.start.line ?? 1) + offset;
}

function readTitle(yaml: string, at: number, diagnostics: Diagnostic[]): string | null {
  let read = frontMatters.get(yaml);
  if (!read) {
    read = frontMatterTitle(yaml);
    // Two revisions of a page mostly share their front matter; a bounded memo reads it once.
    if (frontMatters.size >= FRONT_MATTERS_KEPT) frontMatters.clear();
    frontMatters.set(yaml, read);
  }
  if (read.problem) diagnostics.push({ severity: 'warning', message: read.problem, line: at });
  return read.title;
}

const FRONT_MATTERS_KEPT = 1000;
const frontMatters = new Map<string, { title: string | null; problem?: string }>();

/** Forgets the front matters read (a cold run, as the benchmarks measure it, starts without them). */
export function clearFrontMatters(): void {
  frontMatters.clear();
}

function frontMatterTitle(yaml: string): { title: string | null; problem?: string } {
  const read = readYaml(yaml, 'front matter');
  if (!read.ok) return { title: null, problem: read.problem };
  const data = read.value;
  return { title: data && typeof data === 'object' && 'title' in data && typeof data.title === 'string' ? data.title : null };
}

/**
 * kramdown-rfc's layout (IETF drafts): a YAML front matter opened by "---" and closed by the
 * first "--- abstract" (or "--- middle", "--- back", "--- note_…") line, which also start the
 * document's parts. CommonMark would read that front matter as paragraphs (its reference
 * lists, `normative:` and `informative:`, as prose). The same text with the front matter
 * blanked and each part marker a heading ("# Abstract", "# Note Title"; middle and back need
 * none), line for line, so every line number stays the page's; null for any other page.
 */
export function kramdownRfcLayout(text: string): { text: string; frontMatter: string } | null {
  if (!/^---[ \t]*\r?\n/.test(text)) return null;
  const lines = text.split('\n');
  const end = lines.findIndex((l, i) => i > 0 && /^---(?:[ \t]+\S.*)?\s*$/.test(l));
  if (end === -1 || !/^---[ \t]+(?:abstract|middle|back|note_\S+)\s*$/.test(lines[end]!)) return null;
  const frontMatter = lines.slice(1, end).join('\n');
  const out = lines.map((l, i) => {
    if (i < end) return '';
    const marker = /^---[ \t]+(abstract|middle|back|note_(\S+))\s*$/.exec(l);
    if (!marker) return l;
    if (marker[1] === 'abstract') return '# Abstract';
    return marker[2] ? `# ${marker[2].replace(/_/g, ' ')}` : '';
  });
  return { text: out.join('\n'), frontMatter };
}

/** A block's citations, only when it has any (most have none; the block stays as small as before). */
function cited(citations: string[]): { citations?: string[] } {
  return citations.length ? { citations } : {};
}

/** `leadIn`: the "…:" sentence that introduced the list these children belong to. */
function walkChildren(children: readonly RootContent[], offset: number, state: WalkState, leadIn: string | null): void {
  let previousParagraph: { text: string; spans: string[]; block: Block } | null = null;
  for (const node of children) {
    switch (node.type) {
      case 'heading': {
        const page = linkedPage(node as Heading);
        state.blocks.push({ type: 'heading', depth: (node as Heading).depth, text: inlineText(node).text, line: line(node, offset), ...(page ? { linksTo: page } : {}) });
        previousParagraph = null;
        break;
      }
      case 'paragraph': {
        const { text, codeSpans, citations } = inlineText(node as Paragraph);
        const block: Block = { type: 'text', text, codeSpans, line: line(node, offset), listItem: false, leadIn, ...cited(citations) };
        if (isEmphasized(node as Paragraph)) block.emphasized = true;
        const definitions = definitionList(node as Paragraph, offset, state.source);
        if (definitions) block.definitions = definitions;
        state.blocks.push(block);
        previousParagraph = { text, spans: codeSpans, block };
        break;
      }
      case 'list':
        // A grammar production's alternatives ("Name ::" then one per bullet) are the production's text: one block.
        if (previousParagraph?.block.type === 'text' && joinAlternatives(previousParagraph.block, node as List)) {
          previousParagraph = null;
          break;
        }
        // A table of contents' title ("Table of Contents", a `<summary>`) is navigation, as its entries are.
        if (isTableOfContents(node as List)) dropContentsTitle(state.blocks);
        if (previousParagraph?.block.type === 'text' && endsWithColon(previousParagraph.text)) previousParagraph.block.introducesList = true;
        walkList(node as List, offset, state, endsWithColon(previousParagraph?.text) ? previousParagraph!.text : announcing(previousParagraph?.text) ?? leadIn);
        previousParagraph = null;
        break;
      case 'code':
        checkFence(node as Code, offset, state);
        if (previousParagraph?.block.type === 'text' && isCaption(previousParagraph.text)) previousParagraph.block.caption = true;
        state.blocks.push({
          type: 'code',
          lang: (node as Code).lang ?? null,
          value: (node as Code).value,
          line: line(node, offset),
          bodyLine: bodyLine(node as Code, offset, state),
          caption: previousParagraph?.text ?? null,
          captionSpans: previousParagraph?.spans ?? [],
        });
        previousParagraph = null;
        break;
      case 'table':
        state.blocks.push(readTable(node as Table, offset, endsWithColon(previousParagraph?.text) ? previousParagraph!.text : null));
        previousParagraph = null;
        break;
      case 'html':
        walkHtml(node.value, line(node, offset), state, leadIn);
        break;
      case 'blockquote':
        walkChildren(node.children, offset, state, leadIn);
        previousParagraph = null;
        break;
      default:
        break;
    }
  }
}

function walkList(list: List, offset: number, state: WalkState, leadIn: string | null): void {
  for (const item of list.children as ListItem[]) {
    let itemTitle: { text: string; spans: string[] } | null = null;
    let lastParagraph: { text: string; spans: string[] } | null = null;
    let lastBlock: Extract<Block, { type: 'text' }> | null = null;
    for (const child of item.children) {
      // A table of contents' entry (an item that is only a link to a heading of this page) is navigation, not text.
      if (child.type === 'paragraph' && isInPageLinkOnly(child)) continue;
      if (child.type === 'paragraph') {
        const { text, codeSpans, citations } = inlineText(child);
        lastBlock = { type: 'text', text, codeSpans, line: line(child, offset), listItem: true, leadIn, ...cited(citations) };
        state.blocks.push(lastBlock);
        lastParagraph = { text, spans: codeSpans };
        itemTitle ??= lastParagraph;
      } else if (child.type === 'list' && lastBlock && joinAttributes(lastBlock, child)) {
        // Its attributes ("Default: 10s", "Type: Integer") are part of what the item says.
        lastBlock = null;
      } else if (child.type === 'list') {
        // A nested list is introduced by its item's own text when that ends in ":"; under a
        // term's item ("`shape`: JSON Schema of the gadget") by the outer lead-in and that term, so
        // "MUST be a valid JSON Schema object" still says what must be.
        walkList(child, offset, state, endsWithColon(itemTitle?.text) ? itemTitle!.text : withTerm(leadIn, itemTitle?.text));
      } else if (child.type === 'code') {
        checkFence(child, offset, state);
        // "4. **Enum Schema**" … "Single-select enum (with titles):" … code: both name the example.
        const captions = [itemTitle, lastParagraph].filter((p, i, all): p is { text: string; spans: string[] } => p !== null && all.indexOf(p) === i);
        state.blocks.push({
          type: 'code', lang: child.lang ?? null, value: child.value, line: line(child, offset), bodyLine: bodyLine(child, offset, state),
          caption: captions.length ? captions.map((c) => c.text.replace(/:\s*$/, '')).join(' — ') : null,
          captionSpans: captions.flatMap((c) => c.spans),
        });
      } else {
        walkChildren([child], offset, state, leadIn);
      }
    }
  }
}

/**
 * A nested list that only gives its item's attributes, each a label of a word or three and a
 * short value ("Default: 10s", "Type: Integer", "Env vars: `X_TIMEOUT`"), is part of the item:
 * its attributes join the item's text (`… (Default: 10s; Type: Integer)`), so an item that came
 * with its attributes is one new item, not one paragraph per attribute. Returns whether it joined.
 */
const ATTRIBUTE = /^[\p{Lu}][\p{L}-]*(?: [\p{L}-]+){0,2}: \S/u;
const MAX_ATTRIBUTE_WORDS = 16;

/** A value, not a sentence: no full stop at its end, no determiner opening it, no label that introduces an example or a case ("For example:", "Note:", "For form mode:"). */
function isAttributeValue(text: string): boolean {
  const colon = text.indexOf(': ');
  const [label, value] = [text.slice(0, colon), text.slice(colon + 2).trim()];
  return !/[.!?]$/.test(value) && !/^(?:the|a|an|this|these|that|those|it|they|we|you)\b/i.test(value) && !/^(?:for|example|examples|note|notes|see|e\.g|i\.e)\b/i.test(label);
}

function joinAttributes(block: Extract<Block, { type: 'text' }>, list: List): boolean {
  const attributes: { text: string; codeSpans: string[] }[] = [];
  for (const item of list.children as ListItem[]) {
    const [only, ...rest] = item.children;
    if (rest.length > 0 || only?.type !== 'paragraph') return false;
    const read = inlineText(only);
    const text = read.text.trim();
    if (!ATTRIBUTE.test(text) || text.split(/\s+/).length > MAX_ATTRIBUTE_WORDS || !isAttributeValue(text)) return false;
    attributes.push({ text, codeSpans: read.codeSpans });
  }
  if (attributes.length === 0) return false;
  block.text = `${block.text.trim().replace(/[.;]$/, '')} (${attributes.map((a) => a.text).join('; ')})`;
  block.codeSpans = [...block.codeSpans, ...attributes.flatMap((a) => a.codeSpans)];
  return true;
}

/**
 * The head of a grammar production: a symbol (with its parameters, `Value[Const]`) and the
 * notation's defining mark after a space (`::`, `:`, `:::`, `::=`), perhaps "one of", nothing else. Prose never
 * puts a space before its colon.
 */
const PRODUCTION_HEAD = /^[\p{L}_][\p{L}\p{N}_-]*(?:\[[^\]\n]*\])?\s+(?::{1,3}|::=)(?:\s+one\s+of)?$/u;

/**
 * A production written as a head and one alternative per bullet is one statement of the
 * grammar, not a paragraph per alternative: the alternatives join the head's block
 * (`SourceCharacter :: "U+0009" | "U+000A"`), so an alternative gained or lost rewords the
 * production. Only bullets that are one line of text each (no nested list, no code) are
 * alternatives; returns whether the list was joined.
 */
function joinAlternatives(head: Extract<Block, { type: 'text' }>, list: List): boolean {
  if (head.listItem || !PRODUCTION_HEAD.test(head.text.trim()) || list.children.length === 0) return false;
  const alternatives: { text: string; codeSpans: string[] }[] = [];
  for (const item of list.children as ListItem[]) {
    const [only, ...rest] = item.children;
    if (rest.length > 0 || only?.type !== 'paragraph') return false;
    const read = inlineText(only);
    if (read.text.includes('\n') || !read.text.trim()) return false;
    alternatives.push(read);
  }
  head.text = `${head.text.trim()} ${alternatives.map((a) => a.text.trim()).join(' | ')}`;
  head.codeSpans = [...head.codeSpans, ...alternatives.flatMap((a) => a.codeSpans)];
  return true;
}

/** The page a heading is nothing but a link to (a local Markdown file, not a fragment of this page or another site). */
function linkedPage(heading: Heading): string | null {
  const parts = heading.children.filter((c) => !(c.type === 'text' && c.value.trim() === ''));
  const only = parts.length === 1 ? parts[0]! : null;
  if (only?.type !== 'link' || /^(?:#|[a-z][a-z0-9+.-]*:)/i.test(only.url)) return null;
  return /\.(?:md|mdx|markdown)(?:#.*)?$/i.test(decodeURI(only.url)) ? only.url : null;
}

/** A list of nothing but links to headings of this page, nested lists of the same included. */
function isTableOfContents(list: List): boolean {
  const items = list.children as ListItem[];
  return items.length > 0 && items.every((item) => item.children.length > 0 && item.children.every((child) =>
    (child.type === 'paragraph' && isInPageLinkOnly(child)) || (child.type === 'list' && isTableOfContents(child))));
}

/** The block right before a table of contents, when it is only a title (a few words, no sentence): it goes with the entries. */
function dropContentsTitle(blocks: Block[]): void {
  const last = blocks.at(-1);
  if (last?.type !== 'text' || last.listItem || last.codeSpans.length > 0) return;
  const text = last.text.trim();
  if (text.split(/\s+/).length <= 4 && !/[.:;!?]$/.test(text)) blocks.pop();
}

/** A paragraph that is a single link to a fragment of this page (`[Message: \`Stack\`](#message-stack)`). */
function isInPageLinkOnly(paragraph: Paragraph): boolean {
  const parts = paragraph.children.filter((c) => !(c.type === 'text' && c.value.trim() === ''));
  return parts.length === 1 && parts[0]!.type === 'link' && parts[0]!.url.startsWith('#');
}

function readTable(table: Table, offset: number, leadIn: string | null): Block {
  const [head, ...body] = table.children;
  const headerAsWritten = head ? head.children.map((cell) => inlineText(cell).text) : [];
  const header = headerAsWritten.map((cell) => cell.toLowerCase());
  const rows: TableRow[] = body.map((row) => {
    const read = row.children.map((cell) => inlineText(cell));
    return { cells: read.map((r) => r.text), spans: read.map((r) => r.codeSpans), line: line(row, offset) };
  });
  return { type: 'table', header, headerAsWritten, rows, line: line(table, offset), leadIn };
}

const COMPONENT_WITH_BODY = /^<([A-Z][\w.]*)\b[^>]*>([\s\S]*?)<\/\1>\s*$/;
const OPENING_TAG = /^<([A-Z][\w.]*)\b[^>]*(?<!\/)>\s*$/;
const CLOSING_TAG = /^<\/([A-Z][\w.]*)>\s*$/;

/** JSX components: keep their text, and notice tags that never close. */
function walkHtml(value: string, at: number, state: WalkState, leadIn: string | null): void {
  const trimmed = value.trim();
  // Each component's body is parsed again, so nesting multiplies the cost: a block nesting
  // too deep is checked once, at its outermost level, and skipped whole.
  if (state.componentDepth === 0 && /<[A-Z]/.test(trimmed) && componentDepth(trimmed) > MAX_COMPONENT_DEPTH) {
    state.diagnostics.push({ severity: 'error', message: `${tooDeep('this block of JSX components', MAX_COMPONENT_DEPTH)}; it was not read`, line: at });
    return;
  }
  const withBody = COMPONENT_WITH_BODY.exec(trimmed);
  if (withBody) {
    const inner = withBody[2] ?? '';
    const openingTag = trimmed.slice(0, trimmed.indexOf('>') + 1);
    const linesBefore = openingTag.split('\n').length - 1;
    parseFragment(dedent(inner.replace(/^[^\S\n]*\n/, '')), at + linesBefore + (inner.startsWith('\n') || /^[^\S\n]*\n/.test(inner) ? 1 : 0), state, leadIn);
    return;
  }
  const opening = OPENING_TAG.exec(trimmed.split('\n')[0] ?? '');
  if (opening && !trimmed.includes(`</${opening[1]}>`)) {
    state.openTags.push({ name: opening[1]!, line: at });
    const rest = trimmed.split('\n').slice(1).join('\n');
    if (rest.trim()) parseFragment(dedent(rest), at + 1, state, leadIn);
    return;
  }
  const closing = CLOSING_TAG.exec(trimmed);
  if (closing) {
    let index = state.openTags.length - 1;
    while (index >= 0 && state.openTags[index]!.name !== closing[1]) index -= 1;
    if (index === -1) state.diagnostics.push({ severity: 'error', message: `</${closing[1]}> closes a tag that was never opened`, line: at });
    else state.openTags.splice(index);
    return;
  }
  // Plain HTML: what a reader sees of it (a generated reference page is mostly this).
  for (const block of htmlBlocks(value, at)) {
    if (block.type === 'code') state.blocks.push({ ...block, bodyLine: null, caption: null, captionSpans: [] });
    else state.blocks.push({ ...block, listItem: false, leadIn });
  }
}

/** A component's body: from the tree cache, as sections are (both revisions of a page mostly hold the same callouts). */
function parseFragment(markdown: string, firstLine: number, state: WalkState, leadIn: string | null): void {
  walkChildren(cachedTree(markdown).children, firstLine - 1, { ...state, source: markdown, componentDepth: state.componentDepth + 1 }, leadIn);
}

function checkFence(node: Code, offset: number, state: WalkState): void {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return;
  if (unclosedFence(state.source.slice(start, end))) state.diagnostics.push({ severity: 'error', message: 'code fence opened here is never closed; the rest of the page was read as code', line: line(node, offset) });
}

/** A fenced block's body starts on the line after its fence; an indented block's on its own line. */
function bodyLine(node: Code, offset: number, state: WalkState): number {
  const start = node.position?.start.offset;
  const fenced = start !== undefined && /^\s*(`{3,}|~{3,})/.test(state.source.slice(start, start + 64));
  return line(node, offset) + (fenced ? 1 : 0);
}

/**
 * A paragraph written as a definition list: a term on its own line, then lines opening with
 * ": " that define it (kramdown, PHP Markdown Extra, kramdown-rfc drafts); CommonMark reads
 * it as one paragraph, so it is told from the paragraph's own lines.
 */
function definitionList(paragraph: Paragraph, offset: number, source: string): { term: string; definition: string; line: number }[] | null {
  const start = paragraph.position?.start.offset;
  const end = paragraph.position?.end.offset;
  if (start === undefined || end === undefined) return null;
  const lines = source.slice(start, end).split('\n');
  if (lines.length < 2 || /^:\s/.test(lines[0]!) || !lines.slice(1).some((l) => /^:[ \t]+\S/.test(l))) return null;
  const out: { term: string; definition: string; line: number }[] = [];
  let term: { text: string; line: number } | null = null;
  const first = line(paragraph, offset);
  lines.forEach((raw, i) => {
    const definition = /^:[ \t]+(.*)$/.exec(raw);
    if (definition && term) {
      const last = out.at(-1);
      if (last && last.term === term.text && last.line === term.line) last.definition += ` ${plain(definition[1]!)}`;
      else out.push({ term: term.text, definition: plain(definition[1]!), line: term.line });
    } else if (!definition && out.at(-1)?.line === term?.line && term && /^\s+\S/.test(raw)) {
      out.at(-1)!.definition += ` ${plain(raw)}`; // a definition's lazy continuation
    } else if (!definition) {
      term = { text: plain(raw), line: first + i };
    }
  });
  return out.length > 0 && out.every((d) => d.term.length > 0 && d.term.length <= 80) ? out : null;
}

/** Markdown source of a line, as a reader sees it: emphasis marks and link targets dropped. */
function plain(text: string): string {
  return text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_]{1,2}([^*_]+)[*_]{1,2}/g, '$1').replace(/\s+/g, ' ').trim();
}

/** Every word of the paragraph is in bold or italics: nothing but whitespace outside them. */
function isEmphasized(paragraph: Paragraph): boolean {
  const shown = paragraph.children.filter((child) => !(child.type === 'text' && child.value.trim() === ''));
  return shown.length > 0 && shown.every((child) => child.type === 'strong' || child.type === 'emphasis');
}

/** A short line ending in ":" right before a code block names that block. */
function isCaption(text: string): boolean {
  // "…:" before the block, or a fragment of a few words with no end of sentence ("The query",
  // "would return"): either way the words name the example, they say nothing of their own.
  return (endsWithColon(text) && text.length <= 160) || (text.trim().split(/\s+/).length <= 3 && !/[.!?;]\s*$/.test(text) && /^[\p{L}]/u.test(text.trim()));
}

/** The term an item defines ("`name`: …", "**name** - …"), appended to the lead-in above it; the lead-in alone when the item defines none. */
function withTerm(leadIn: string | null, item: string | undefined): string | null {
  const term = /^(`[^`]+`|\*\*[^*]+\*\*)\s*(?::|—|-)\s/.exec(item ?? '')?.[1];
  if (!term) return leadIn;
  return leadIn ? `${leadIn} ${term}:` : `${term}:`;
}

/**
 * The sentence of a paragraph that announces the list right after it without a colon ("The
 * following options MUST be available to configure the exporter."): the list's lead-in, as a
 * "…:" sentence would be. Only its own sentence, not the ones after it.
 */
function announcing(text: string | undefined): string | null {
  if (text === undefined) return null;
  const sentence = /(?:^|[.!?]\s+)([^.!?]*\bthe\s+following\b[^.!?]*[.!?])/i.exec(text);
  return sentence ? sentence[1]!.trim() : null;
}

function endsWithColon(text: string | undefined): boolean {
  return text !== undefined && /:\s*$/.test(text);
}

function dedent(text: string): string {
  const lines = text.split('\n');
  const indents = lines.filter((l) => l.trim()).map((l) => /^\s*/.exec(l)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut)).join('\n');
}
