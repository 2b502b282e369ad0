import { diffArrays } from 'diff';
import { createScanner, parseTree, ParseErrorCode, SyntaxKind, type Node, type ParseError } from 'jsonc-parser';

/**
 * Two JSON examples compared as data, not as lines: keys matched by name, array elements
 * aligned by value, scalars by value, comments by their words. What differs comes back as
 * character ranges of each side's text, so the page can mark exactly the keys and values
 * that changed; indentation, line breaks and key order never show as a change.
 *
 * Examples are read as a reader reads them: comments, trailing commas, placeholders
 * (`...`, `…`) and several values in a row (a request, then its result). A side that still
 * cannot be read gives null: the page falls back to the line diff.
 */

export interface Mark {
  start: number;
  end: number;
}

export interface JsonDiff {
  old: Mark[];
  new: Mark[];
}

const OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false };

interface Reading {
  text: string;
  roots: Node[];
  /** Offsets where a placeholder stands as a value (`"params": ...`): it equals only another placeholder. */
  placeholders: Set<number>;
  comments: { start: number; end: number; words: string }[];
}

/** The structural differences between two JSON examples, or null when either is not one. */
export function jsonDiff(oldCode: string, newCode: string): JsonDiff | null {
  const a = readJson(oldCode);
  const b = readJson(newCode);
  if (!a || !b) return null;
  const out: JsonDiff = { old: [], new: [] };
  compareLists(a, b, a.roots, b.roots, out);
  const comments = diffArrays(a.comments.map((c) => c.words), b.comments.map((c) => c.words));
  let i = 0;
  let j = 0;
  for (const part of comments) {
    const n = part.count ?? part.value.length;
    if (part.removed) for (let k = 0; k < n; k++, i++) out.old.push({ start: a.comments[i]!.start, end: a.comments[i]!.end });
    else if (part.added) for (let k = 0; k < n; k++, j++) out.new.push({ start: b.comments[j]!.start, end: b.comments[j]!.end });
    else {
      i += n;
      j += n;
    }
  }
  out.old.sort((x, y) => x.start - y.start);
  out.new.sort((x, y) => x.start - y.start);
  return out;
}

/** Reads a code block as one or more JSON objects or arrays, or null. */
export function readJson(code: string): Reading | null {
  if (!/^\s*(?:\/\/[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*[[{]/.test(code)) return null;
  const { text, placeholders } = blankPlaceholders(code);
  const roots = parseRoots(text);
  if (!roots || roots.some((r) => r.type !== 'object' && r.type !== 'array')) return null;
  return { text, roots, placeholders, comments: commentsOf(text) };
}

/**
 * Placeholders become what a reader takes them for, keeping every offset: an element or
 * member placeholder (with its comma) becomes blanks, a value placeholder a `0` the
 * comparison knows is a placeholder. Strings and comments are left alone.
 */
function blankPlaceholders(code: string): { text: string; placeholders: Set<number> } {
  let out = '';
  const placeholders = new Set<number>();
  let last = '';
  let i = 0;
  while (i < code.length) {
    const ch = code[i]!;
    const skipTo = ch === '"' ? stringEnd(code, i) : code.startsWith('//', i) ? lineEnd(code, i) : code.startsWith('/*', i) ? blockCommentEnd(code, i) : -1;
    if (skipTo !== -1) {
      out += code.slice(i, skipTo);
      if (ch === '"') last = '"';
      i = skipTo;
      continue;
    }
    const length = code.startsWith('...', i) ? 3 : ch === '…' ? 1 : 0;
    if (length === 0) {
      if (!/\s/.test(ch)) last = ch;
      out += ch;
      i += 1;
      continue;
    }
    if (last === ':') {
      placeholders.add(out.length);
      out += '0'.padEnd(length, ' ');
      last = '0';
      i += length;
      continue;
    }
    out += ' '.repeat(length);
    i += length;
    const comma = /^[ \t]*,/.exec(code.slice(i));
    if (comma) {
      out += ' '.repeat(comma[0].length);
      i += comma[0].length;
    }
  }
  return { text: out, placeholders };
}

function stringEnd(code: string, start: number): number {
  let j = start + 1;
  while (j < code.length && code[j] !== '"' && code[j] !== '\n') j += code[j] === '\\' ? 2 : 1;
  return Math.min(j + 1, code.length);
}

function lineEnd(code: string, start: number): number {
  const j = code.indexOf('\n', start);
  return j === -1 ? code.length : j;
}

function blockCommentEnd(code: string, start: number): number {
  const j = code.indexOf('*/', start + 2);
  return j === -1 ? code.length : j + 2;
}

/** Values in a row: each parsed where it stands (what precedes it blanked), so offsets are the text's. */
function parseRoots(text: string): Node[] | null {
  const roots: Node[] = [];
  let start = 0;
  for (;;) {
    const errors: ParseError[] = [];
    const root = parseTree(' '.repeat(start) + text.slice(start), errors, OPTIONS);
    const first = errors[0];
    if (!first) {
      if (root) roots.push(root);
      return roots.length > 0 ? roots : null;
    }
    if (first.error !== ParseErrorCode.EndOfFileExpected || first.offset <= start) return null;
    const headErrors: ParseError[] = [];
    const head = parseTree(' '.repeat(start) + text.slice(start, first.offset), headErrors, OPTIONS);
    if (!head || headErrors.length > 0) return null;
    roots.push(head);
    start = first.offset;
  }
}

function commentsOf(text: string): Reading['comments'] {
  const scanner = createScanner(text, false);
  const out: Reading['comments'] = [];
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    if (kind !== SyntaxKind.LineCommentTrivia && kind !== SyntaxKind.BlockCommentTrivia) continue;
    const start = scanner.getTokenOffset();
    const end = start + scanner.getTokenLength();
    out.push({ start, end, words: text.slice(start, end).replace(/^\/[/*]|\*\/$/g, '').replace(/\s+/g, ' ').trim() });
  }
  return out;
}

/** The range a reader sees as one item: a member or element with the comma that follows it. */
function itemRange(reading: Reading, node: Node): Mark {
  const end = node.offset + node.length;
  const comma = /^[ \t]*,/.exec(reading.text.slice(end));
  return { start: node.offset, end: end + (comma ? comma[0].length : 0) };
}

function valueRange(node: Node): Mark {
  return { start: node.offset, end: node.offset + node.length };
}

function isPlaceholder(reading: Reading, node: Node): boolean {
  return node.type === 'number' && reading.placeholders.has(node.offset);
}

/** A value's identity for aligning array elements: its data (key order aside), placeholders and all. */
function canonical(reading: Reading, node: Node): string {
  if (isPlaceholder(reading, node)) return '\u0000placeholder';
  if (node.type === 'array') return `[${(node.children ?? []).map((c) => canonical(reading, c)).join(',')}]`;
  if (node.type === 'object') {
    const members = (node.children ?? []).map((p) => `${JSON.stringify(p.children?.[0]?.value)}:${p.children?.[1] ? canonical(reading, p.children[1]) : ''}`);
    return `{${members.sort().join(',')}}`;
  }
  return `${node.type}:${JSON.stringify(node.value)}`;
}

function compare(a: Reading, b: Reading, x: Node, y: Node, out: JsonDiff): void {
  const placeholder = isPlaceholder(a, x);
  if (placeholder !== isPlaceholder(b, y) || x.type !== y.type) {
    out.old.push(valueRange(x));
    out.new.push(valueRange(y));
    return;
  }
  if (placeholder) return;
  if (x.type === 'object') {
    const members = (node: Node) => {
      const byKey = new Map<string, Node>();
      for (const property of node.children ?? []) {
        const key = property.children?.[0]?.value;
        if (typeof key === 'string') byKey.set(key, property);
      }
      return byKey;
    };
    const before = members(x);
    const after = members(y);
    for (const [key, property] of before) {
      const other = after.get(key);
      if (!other) out.old.push(itemRange(a, property));
      else if (property.children?.[1] && other.children?.[1]) compare(a, b, property.children[1], other.children[1], out);
    }
    for (const [key, property] of after) if (!before.has(key)) out.new.push(itemRange(b, property));
    return;
  }
  if (x.type === 'array') {
    compareLists(a, b, x.children ?? [], y.children ?? [], out);
    return;
  }
  if (x.value !== y.value) {
    out.old.push(valueRange(x));
    out.new.push(valueRange(y));
  }
}

/**
 * Elements aligned by value (an element inserted in the middle shifts nothing); within a run
 * of removed and added ones, they pair in order and are compared key by key.
 */
function compareLists(a: Reading, b: Reading, xs: Node[], ys: Node[], out: JsonDiff): void {
  const parts = diffArrays(xs.map((n) => canonical(a, n)), ys.map((n) => canonical(b, n)));
  let i = 0;
  let j = 0;
  let removed: Node[] = [];
  let added: Node[] = [];
  const flush = () => {
    const paired = Math.min(removed.length, added.length);
    for (let k = 0; k < paired; k++) compare(a, b, removed[k]!, added[k]!, out);
    for (const node of removed.slice(paired)) out.old.push(itemRange(a, node));
    for (const node of added.slice(paired)) out.new.push(itemRange(b, node));
    removed = [];
    added = [];
  };
  for (const part of parts) {
    const n = part.count ?? part.value.length;
    if (part.removed) {
      removed.push(...xs.slice(i, i + n));
      i += n;
    } else if (part.added) {
      added.push(...ys.slice(j, j + n));
      j += n;
    } else {
      flush();
      i += n;
      j += n;
    }
  }
  flush();
}
