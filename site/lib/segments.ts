import { diffLines, diffWordsWithSpace } from 'diff';
import { RFC2119_KEYWORDS } from '../../src/site-entry.ts';

/**
 * Text as runs the page renders: plain, inserted or deleted, inline code, RFC 2119
 * keywords (by strength). Plain data; the Astro components escape it when they render.
 */
export type Op = 'ins' | 'del';
export type Strength = 'must' | 'should' | 'may';

export interface Seg {
  text: string;
  op?: Op;
  kw?: Strength;
  code?: true;
}

export interface CodeLine {
  text: string;
  /** The whole line inserted or deleted. */
  op?: Op;
  /** Parts of the line inserted or deleted (a changed value in a line that otherwise stays). */
  parts?: { text: string; op?: Op }[];
}

const KEYWORD_SOURCE = `\\b(?:${[...RFC2119_KEYWORDS].sort((a, b) => b.length - a.length).map((k) => k.replace(/ /g, '\\s+')).join('|')})\\b`;

/** A fresh global regex for RFC 2119 keywords (upper case, as the RFC asks), longest first. */
export function keywordPattern(): RegExp {
  return new RegExp(KEYWORD_SOURCE, 'g');
}

export function strengthOf(keyword: string): Strength {
  const k = keyword.replace(/\s+/g, ' ');
  if (/^(MUST|SHALL|REQUIRED)/.test(k) || k === 'MUST NOT' || k === 'SHALL NOT') return 'must';
  if (/SHOULD|RECOMMENDED/.test(k)) return 'should';
  return 'may';
}

/** Per character of a side's text: 0 plain, 1 inside inline code, 2 a backtick delimiting it, 3+ keyword strength. */
const PLAIN = 0;
const CODE = 1;
const TICK = 2;
const STRENGTH_CLASS: Record<Strength, number> = { must: 3, should: 4, may: 5 };
const CLASS_STRENGTH: Strength[] = ['must', 'should', 'may'];

function classify(text: string): Uint8Array {
  const classes = new Uint8Array(text.length);
  for (const match of text.matchAll(/`([^`]+)`/g)) {
    const start = match.index;
    const end = start + match[0].length;
    classes[start] = TICK;
    classes[end - 1] = TICK;
    classes.fill(CODE, start + 1, end - 1);
  }
  for (const match of text.matchAll(keywordPattern())) {
    const start = match.index;
    if (classes[start] !== PLAIN) continue;
    classes.fill(STRENGTH_CLASS[strengthOf(match[0])], start, start + match[0].length);
  }
  return classes;
}

/** Cuts a side's text into segments where the op or the character class changes. */
function cut(text: string, parts: { length: number; op?: Op }[]): Seg[] {
  const classes = classify(text);
  const segs: Seg[] = [];
  let offset = 0;
  for (const part of parts) {
    let start = offset;
    const end = offset + part.length;
    while (start < end) {
      const cls = classes[start]!;
      let stop = start + 1;
      while (stop < end && classes[stop] === cls) stop++;
      if (cls !== TICK) {
        const seg: Seg = { text: text.slice(start, stop) };
        if (part.op) seg.op = part.op;
        if (cls === CODE) seg.code = true;
        if (cls >= 3) seg.kw = CLASS_STRENGTH[cls - 3]!;
        const last = segs.at(-1);
        if (last && last.op === seg.op && last.code === seg.code && last.kw === seg.kw) last.text += seg.text;
        else segs.push(seg);
      }
      start = stop;
    }
    offset = end;
  }
  return segs;
}

/** One side shown alone (unchanged, or with nothing to pair it with). */
export function plainSegs(text: string, op?: Op): Seg[] {
  return cut(text, [{ length: text.length, ...(op ? { op } : {}) }]);
}

/** Text for places that show no markup (a page's title, a description, a search result's title): inline code without its backticks. */
export function plainText(text: string): string {
  return plainSegs(text).map((s) => s.text).join('');
}

/** Beyond this many characters a word diff is not worth its cost: the sides are shown whole. */
const WORD_DIFF_LIMIT = 40_000;

/** Word-level insertions and deletions between two paired texts, as each side shows them. */
export function wordDiff(oldText: string, newText: string): { old: Seg[]; new: Seg[] } {
  if (oldText === newText) return { old: plainSegs(oldText), new: plainSegs(newText) };
  const parts = oldText.length + newText.length <= WORD_DIFF_LIMIT ? diffWordsWithSpace(oldText, newText, { timeout: 250 }) : undefined;
  const oldParts: { length: number; op?: Op }[] = [];
  const newParts: { length: number; op?: Op }[] = [];
  if (parts) {
    for (const part of parts) {
      if (part.removed) oldParts.push({ length: part.value.length, op: 'del' });
      else if (part.added) newParts.push({ length: part.value.length, op: 'ins' });
      else {
        oldParts.push({ length: part.value.length });
        newParts.push({ length: part.value.length });
      }
    }
  }
  const sum = (list: { length: number }[]) => list.reduce((n, p) => n + p.length, 0);
  if (!parts || sum(oldParts) !== oldText.length || sum(newParts) !== newText.length) {
    return { old: plainSegs(oldText, 'del'), new: plainSegs(newText, 'ins') };
  }
  return { old: cut(oldText, oldParts), new: cut(newText, newParts) };
}

/** Line-level insertions and deletions between two code blocks. */
export function lineDiff(oldCode: string, newCode: string): { old: CodeLine[]; new: CodeLine[] } {
  const split = (code: string) => code.replace(/\n$/, '').split('\n');
  if (oldCode === newCode) {
    const lines = split(oldCode).map((text) => ({ text }));
    return { old: lines, new: lines.map((l) => ({ ...l })) };
  }
  const parts = oldCode.length + newCode.length <= 4 * WORD_DIFF_LIMIT ? diffLines(oldCode, newCode, { timeout: 250 }) : undefined;
  if (!parts) return { old: split(oldCode).map((text) => ({ text, op: 'del' })), new: split(newCode).map((text) => ({ text, op: 'ins' })) };
  const out: { old: CodeLine[]; new: CodeLine[] } = { old: [], new: [] };
  for (const part of parts) {
    const lines = split(part.value);
    if (part.removed) out.old.push(...lines.map((text): CodeLine => ({ text, op: 'del' })));
    else if (part.added) out.new.push(...lines.map((text): CodeLine => ({ text, op: 'ins' })));
    else {
      out.old.push(...lines.map((text) => ({ text })));
      out.new.push(...lines.map((text) => ({ text })));
    }
  }
  return out;
}

export function codeLines(code: string, op?: Op): CodeLine[] {
  return code.replace(/\n$/, '').split('\n').map((text) => (op ? { text, op } : { text }));
}

/**
 * A code block's lines with the given character ranges marked `op`: a line whose every
 * non-blank character is marked is marked whole, one with some marked carries its parts, and
 * blanks alone are never marked (indentation is not a change).
 */
export function markedLines(code: string, marks: readonly { start: number; end: number }[], op: Op): CodeLine[] {
  const marked = new Uint8Array(code.length);
  for (const m of marks) marked.fill(1, m.start, m.end);
  const out: CodeLine[] = [];
  let offset = 0;
  for (const text of code.replace(/\n$/, '').split('\n')) {
    let some = false;
    let all = true;
    for (let k = 0; k < text.length; k++) {
      if (!/\S/.test(text[k]!)) continue;
      if (marked[offset + k] === 1) some = true;
      else all = false;
    }
    if (!some) out.push({ text });
    else if (all) {
      // The indentation is not part of the change: it stays unmarked.
      const indent = /^\s*/.exec(text)![0];
      out.push(indent ? { text, op, parts: [{ text: indent }, { text: text.slice(indent.length), op }] } : { text, op });
    }
    else {
      const parts: { text: string; op?: Op }[] = [];
      for (let k = 0; k < text.length;) {
        const inMark = marked[offset + k] === 1;
        let stop = k + 1;
        while (stop < text.length && (marked[offset + stop] === 1) === inMark) stop++;
        parts.push({ text: text.slice(k, stop), ...(inMark ? { op } : {}) });
        k = stop;
      }
      out.push({ text, parts });
    }
    offset += text.length + 1;
  }
  return out;
}
