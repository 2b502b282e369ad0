import type { Change } from '../../src/index.ts';
import { contentHash, parsePage, type Section, type SpecDocument, parseMarkdown, type Block, alignSections, dice, tokens } from '../../src/site-entry.ts';
import { jsonDiff } from './json-diff.ts';
import { codeLines, lineDiff, markedLines, plainSegs, wordDiff, type CodeLine, type Op, type Seg } from './segments.ts';

/**
 * The side-by-side view of one page pair, as plain data: sections paired old↔new (the
 * differ's own pairing), blocks paired inside them, word/line diffs inside paired blocks,
 * and every change record placed once, at the block or heading its line points to.
 */

export interface TableView {
  header: Seg[][];
  rows: { cells: Seg[][]; op?: Op }[];
}

export interface BlockSide {
  type: 'text' | 'code' | 'table';
  line: number;
  listItem?: boolean;
  segs?: Seg[];
  lang?: string | null;
  code?: CodeLine[];
  /**
   * A JSON example diffed structurally (`code` marks only changed keys and values): the same
   * block diffed line by line, which the "show whitespace changes" toggle shows instead.
   */
  lineCode?: CodeLine[];
  table?: TableView;
}

/** `moved`: text that left this page for a page split off it (shown as it was, not struck through). */
export type RowStatus = 'same' | 'changed' | 'added' | 'removed' | 'moved';

/** A section of the older page that a page split off it carried away: its heading, and the new page's key. */
export interface MovedSection {
  heading: string;
  to: string;
}

export interface RowView {
  old: BlockSide | null;
  new: BlockSide | null;
  status: RowStatus;
  /** Indices into the page's change records annotated at this row. */
  changes: number[];
}

export interface SectionView {
  /** Unique on the page; used for the section's DOM id. */
  key: string;
  old: SectionSide | null;
  new: SectionSide | null;
  depth: number;
  status: RowStatus;
  rows: RowView[];
  /** Changes annotated at the heading (section added, renamed, moved…). */
  changes: number[];
  /** False when nothing in it differs and nothing is annotated: it can be collapsed. */
  changed: boolean;
  /** Set when the section moved to a page split off this one: that page's key. */
  movedTo?: string;
}

export interface SectionSide {
  id: string;
  heading: Seg[];
  anchor: string;
  path: string[];
  line: number;
}

export interface DiffView {
  sections: SectionView[];
  /** Changes that point nowhere on the page (no line): listed at the top. */
  top: number[];
}

const markdownCache = new Map<string, Block[]>();

function blocksOf(text: string): Block[] {
  const key = contentHash(text);
  let blocks = markdownCache.get(key);
  if (!blocks) {
    blocks = parseMarkdown(text).blocks;
    if (markdownCache.size > 256) markdownCache.delete(markdownCache.keys().next().value!);
    markdownCache.set(key, blocks);
  }
  return blocks;
}

const EMPTY_DOC: SpecDocument = {
  title: null, sections: [{ id: '', heading: '(top)', depth: 1, path: [], anchor: '', lines: { start: 1, end: 1 }, parentId: null }],
  prose: [], rules: [], codeBlocks: [], messages: [], fields: [], capabilities: [], errorCodes: [], terms: [], diagnostics: [],
};

interface Side {
  doc: SpecDocument;
  text: string;
  /** Non-heading blocks of each section, by section id. */
  blocks: Map<string, Block[]>;
}

function readSide(text: string | null): Side {
  if (text === null) return { doc: EMPTY_DOC, text: '', blocks: new Map([['', []]]) };
  const doc = parsePage(text);
  const blocks = new Map<string, Block[]>(doc.sections.map((s) => [s.id, []]));
  const starts = doc.sections.map((s) => s.lines.start);
  let current = 0;
  let headingsSeen = 0;
  for (const block of blocksOf(text)) {
    if (block.type === 'heading') {
      headingsSeen += 1;
      const next = doc.sections[headingsSeen];
      current = next && next.lines.start === block.line ? headingsSeen : sectionAt(doc.sections, starts, block.line);
      continue;
    }
    const section = doc.sections[current]!;
    const inRange = block.line >= section.lines.start && block.line <= section.lines.end;
    blocks.get((inRange ? section : doc.sections[sectionAt(doc.sections, starts, block.line)]!).id)!.push(block);
  }
  return { doc, text, blocks };
}

function sectionAt(sections: Section[], starts: number[], line: number): number {
  let found = 0;
  for (let i = 1; i < sections.length; i++) if (starts[i]! <= line) found = i;
  return found;
}

function blockKey(block: Block): string {
  switch (block.type) {
    case 'text': return `t:${block.listItem ? 'li' : 'p'}:${block.text}`;
    case 'code': return `c:${block.lang ?? ''}\n${block.value}`;
    case 'table': return `tb:${block.header.join('|')}\n${block.rows.map((r) => r.cells.join('|')).join('\n')}`;
    default: return `h:${block.text}`;
  }
}

function blockWords(block: Block): string[] {
  switch (block.type) {
    case 'code': return tokens(block.value.slice(0, 2000));
    case 'table': return tokens(block.rows.map((r) => r.cells.join(' ')).join(' ').slice(0, 4000));
    default: return tokens(block.text);
  }
}

/** Pairs removed and added blocks of one gap, in order, by similarity (same block type). */
function pairGap(removed: Block[], added: Block[]): Array<[Block | null, Block | null]> {
  const rows: Array<[Block | null, Block | null]> = [];
  const addedWords = added.map(blockWords);
  const partner = new Map<number, number>();
  let from = 0;
  for (let i = 0; i < removed.length; i++) {
    const words = blockWords(removed[i]!);
    let best = -1;
    let bestScore = 0.3;
    for (let j = from; j < Math.min(added.length, from + 40); j++) {
      if (added[j]!.type !== removed[i]!.type) continue;
      const score = dice(words, addedWords[j]!) + (removed.length === 1 && added.length === 1 ? 0.2 : 0);
      if (score > bestScore) {
        best = j;
        bestScore = score;
      }
    }
    if (best >= 0) {
      partner.set(i, best);
      from = best + 1;
    }
  }
  let i = 0;
  let j = 0;
  const pairedAdded = new Set(partner.values());
  while (i < removed.length || j < added.length) {
    const p = partner.get(i);
    if (i < removed.length && p === undefined) rows.push([removed[i++]!, null]);
    else if (j < added.length && (p === undefined || j < p) && !pairedAdded.has(j)) rows.push([null, added[j++]!]);
    else if (i < removed.length && p === j) rows.push([removed[i++]!, added[j++]!]);
    else if (j < added.length) rows.push([null, added[j++]!]);
    else rows.push([removed[i++]!, null]);
  }
  return rows;
}

/** Rows of a section pair: equal blocks matched by an LCS, the gaps between paired by similarity. */
function alignBlocks(oldBlocks: Block[], newBlocks: Block[]): Array<[Block | null, Block | null]> {
  const oldKeys = oldBlocks.map(blockKey);
  const newKeys = newBlocks.map(blockKey);
  const rows: Array<[Block | null, Block | null]> = [];
  // A classic LCS table is fine at section size; very long sections fall back to a greedy walk.
  if (oldKeys.length * newKeys.length > 250_000) {
    return greedyAlign(oldBlocks, newBlocks, oldKeys, newKeys);
  }
  const n = oldKeys.length;
  const m = newKeys.length;
  const lcs = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = oldKeys[i] === newKeys[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  let i = 0;
  let j = 0;
  let removed: Block[] = [];
  let added: Block[] = [];
  const flush = () => {
    rows.push(...pairGap(removed, added));
    removed = [];
    added = [];
  };
  while (i < n || j < m) {
    if (i < n && j < m && oldKeys[i] === newKeys[j]) {
      flush();
      rows.push([oldBlocks[i++]!, newBlocks[j++]!]);
    } else if (j < m && (i >= n || lcs[i]![j + 1]! >= lcs[i + 1]![j]!)) {
      added.push(newBlocks[j++]!);
    } else {
      removed.push(oldBlocks[i++]!);
    }
  }
  flush();
  return rows;
}

function greedyAlign(oldBlocks: Block[], newBlocks: Block[], oldKeys: string[], newKeys: string[]): Array<[Block | null, Block | null]> {
  const rows: Array<[Block | null, Block | null]> = [];
  const newIndex = new Map<string, number[]>();
  newKeys.forEach((k, idx) => newIndex.set(k, [...(newIndex.get(k) ?? []), idx]));
  let j = 0;
  let removed: Block[] = [];
  for (let i = 0; i < oldBlocks.length; i++) {
    const match = (newIndex.get(oldKeys[i]!) ?? []).find((idx) => idx >= j);
    if (match === undefined) {
      removed.push(oldBlocks[i]!);
      continue;
    }
    rows.push(...pairGap(removed, newBlocks.slice(j, match)));
    removed = [];
    rows.push([oldBlocks[i]!, newBlocks[match]!]);
    j = match + 1;
  }
  rows.push(...pairGap(removed, newBlocks.slice(j)));
  return rows;
}

function rawHeader(text: string, block: Extract<Block, { type: 'table' }>): string[] {
  const line = text.split('\n')[block.line - 1] ?? '';
  const cells = line.trim().replace(/^\|/, '').replace(/\|$/, '').split(/(?<!\\)\|/).map((c) => c.trim().replace(/^(\*\*|__)(.*)\1$/, '$2'));
  return cells.length === block.header.length ? cells : block.header;
}

function tableSide(text: string, block: Extract<Block, { type: 'table' }>, op?: Op): TableView {
  return {
    header: rawHeader(text, block).map((c) => plainSegs(c)),
    rows: block.rows.map((r) => ({ cells: r.cells.map((c) => plainSegs(c, op)), ...(op ? { op } : {}) })),
  };
}

function tableDiff(oldText: string, newText: string, a: Extract<Block, { type: 'table' }>, b: Extract<Block, { type: 'table' }>): { old: TableView; new: TableView } {
  const oldView: TableView = { header: rawHeader(oldText, a).map((c) => plainSegs(c)), rows: [] };
  const newView: TableView = { header: rawHeader(newText, b).map((c) => plainSegs(c)), rows: [] };
  const key = (cells: string[]) => cells.join('\u0001');
  const rows = alignBlocks(
    a.rows.map((r) => ({ type: 'text', text: key(r.cells), codeSpans: [], line: r.line, listItem: false, leadIn: null })),
    b.rows.map((r) => ({ type: 'text', text: key(r.cells), codeSpans: [], line: r.line, listItem: false, leadIn: null })),
  );
  const byLine = (rowsOf: typeof a.rows, line: number) => rowsOf.find((r) => r.line === line)!;
  for (const [o, n] of rows) {
    const oldRow = o ? byLine(a.rows, o.line) : null;
    const newRow = n ? byLine(b.rows, n.line) : null;
    if (oldRow && newRow && key(oldRow.cells) === key(newRow.cells)) {
      oldView.rows.push({ cells: oldRow.cells.map((c) => plainSegs(c)) });
      newView.rows.push({ cells: newRow.cells.map((c) => plainSegs(c)) });
    } else if (oldRow && newRow) {
      const width = Math.max(oldRow.cells.length, newRow.cells.length);
      const pairs = Array.from({ length: width }, (_, k) => wordDiff(oldRow.cells[k] ?? '', newRow.cells[k] ?? ''));
      oldView.rows.push({ cells: pairs.slice(0, oldRow.cells.length).map((p) => p.old), op: 'del' });
      newView.rows.push({ cells: pairs.slice(0, newRow.cells.length).map((p) => p.new), op: 'ins' });
    } else if (oldRow) {
      oldView.rows.push({ cells: oldRow.cells.map((c) => plainSegs(c, 'del')), op: 'del' });
    } else if (newRow) {
      newView.rows.push({ cells: newRow.cells.map((c) => plainSegs(c, 'ins')), op: 'ins' });
    }
  }
  return { old: oldView, new: newView };
}

function soloSide(text: string, block: Block, op?: Op): BlockSide {
  switch (block.type) {
    case 'code': return { type: 'code', line: block.line, lang: block.lang, code: codeLines(block.value, op) };
    case 'table': return { type: 'table', line: block.line, table: tableSide(text, block, op) };
    case 'text': return { type: 'text', line: block.line, listItem: block.listItem, segs: plainSegs(block.text, op) };
    default: return { type: 'text', line: block.line, segs: plainSegs(block.text, op) };
  }
}

function pairedSides(oldText: string, newText: string, a: Block, b: Block): { old: BlockSide; new: BlockSide } {
  if (a.type === 'code' && b.type === 'code') {
    const lines = lineDiff(a.value, b.value);
    const structure = jsonDiff(a.value, b.value);
    if (structure) {
      return {
        old: { type: 'code', line: a.line, lang: a.lang, code: markedLines(a.value, structure.old, 'del'), lineCode: lines.old },
        new: { type: 'code', line: b.line, lang: b.lang, code: markedLines(b.value, structure.new, 'ins'), lineCode: lines.new },
      };
    }
    return { old: { type: 'code', line: a.line, lang: a.lang, code: lines.old }, new: { type: 'code', line: b.line, lang: b.lang, code: lines.new } };
  }
  if (a.type === 'table' && b.type === 'table') {
    const tables = tableDiff(oldText, newText, a, b);
    return { old: { type: 'table', line: a.line, table: tables.old }, new: { type: 'table', line: b.line, table: tables.new } };
  }
  if (a.type === 'text' && b.type === 'text') {
    const segs = wordDiff(a.text, b.text);
    return { old: { type: 'text', line: a.line, listItem: a.listItem, segs: segs.old }, new: { type: 'text', line: b.line, listItem: b.listItem, segs: segs.new } };
  }
  return { old: soloSide(oldText, a, 'del'), new: soloSide(newText, b, 'ins') };
}

function sectionSide(section: Section, heading: Seg[]): SectionSide {
  return { id: section.id, heading, anchor: section.anchor, path: section.path, line: section.lines.start };
}

function headingText(doc: SpecDocument, section: Section): string {
  return section.id === '' ? doc.title ?? '(top of the page)' : section.heading;
}

export function buildDiffView(oldText: string | null, newText: string | null, changes: readonly Change[], options: { movedOut?: readonly MovedSection[] } = {}): DiffView {
  const oldSide = readSide(oldText);
  const newSide = readSide(newText);
  const { newToOld } = oldText !== null && newText !== null ? alignSections(oldSide.doc, newSide.doc) : { newToOld: new Map<string, string>() };
  const oldById = new Map(oldSide.doc.sections.map((s, i) => [s.id, { s, i }]));
  const pairedOld = new Set<string>(newToOld.values());
  const sections: SectionView[] = [];
  const emitted = new Set<string>();
  const usedKeys = new Set<string>();
  const keyFor = (section: Section, prefix: string) => {
    let key = `${prefix}${section.anchor || 'top'}`;
    for (let n = 2; usedKeys.has(key); n++) key = `${prefix}${section.anchor || 'top'}-${n}`;
    usedKeys.add(key);
    return key;
  };

  // A section (and those under it) that went to a page split off this one moved: it is shown as it was.
  const movedTo = new Map<string, string>();
  for (const moved of options.movedOut ?? []) {
    const top = oldSide.doc.sections.find((s) => s.heading === moved.heading);
    if (!top) continue;
    const mark = (id: string) => {
      movedTo.set(id, moved.to);
      for (const child of oldSide.doc.sections.filter((s) => s.parentId === id)) mark(child.id);
    };
    mark(top.id);
  }
  const emitOld = (section: Section) => {
    emitted.add(section.id);
    const to = movedTo.get(section.id);
    const op = to === undefined ? 'del' : undefined;
    const status: RowStatus = to === undefined ? 'removed' : 'moved';
    const rows: RowView[] = (oldSide.blocks.get(section.id) ?? []).map((b) => ({ old: soloSide(oldSide.text, b, op), new: null, status, changes: [] }));
    sections.push({
      key: keyFor(section, 'old-'), old: sectionSide(section, plainSegs(headingText(oldSide.doc, section), op)), new: null,
      depth: section.depth, status, rows, changes: [], changed: true, ...(to === undefined ? {} : { movedTo: to }),
    });
  };

  const newSections = newText === null ? [] : newSide.doc.sections;
  if (newText === null) {
    for (const section of oldSide.doc.sections) emitOld(section);
  }
  for (const section of newSections) {
    const oldId = section.id === '' && oldText !== null ? '' : newToOld.get(section.id);
    const old = oldId === undefined ? undefined : oldById.get(oldId);
    if (old) {
      for (const earlier of oldSide.doc.sections.slice(0, old.i)) {
        if (!pairedOld.has(earlier.id) && earlier.id !== '' && !emitted.has(earlier.id)) emitOld(earlier);
      }
      emitted.add(old.s.id);
      const headings = wordDiff(headingText(oldSide.doc, old.s), headingText(newSide.doc, section));
      const rows: RowView[] = alignBlocks(oldSide.blocks.get(old.s.id) ?? [], newSide.blocks.get(section.id) ?? []).map(([a, b]) => {
        if (a && b) {
          const same = blockKey(a) === blockKey(b);
          const sides = same ? { old: soloSide(oldSide.text, a), new: soloSide(newSide.text, b) } : pairedSides(oldSide.text, newSide.text, a, b);
          return { ...sides, status: same ? 'same' : 'changed', changes: [] };
        }
        return a
          ? { old: soloSide(oldSide.text, a, 'del'), new: null, status: 'removed', changes: [] }
          : { old: null, new: soloSide(newSide.text, b!, 'ins'), status: 'added', changes: [] };
      });
      const headingChanged = headings.old.some((s) => s.op) || headings.new.some((s) => s.op);
      sections.push({
        key: keyFor(section, ''), old: sectionSide(old.s, headings.old), new: sectionSide(section, headings.new), depth: section.depth,
        status: headingChanged ? 'changed' : 'same', rows, changes: [], changed: headingChanged || rows.some((r) => r.status !== 'same'),
      });
    } else {
      const rows: RowView[] = (newSide.blocks.get(section.id) ?? []).map((b) => ({ old: null, new: soloSide(newSide.text, b, 'ins'), status: 'added', changes: [] }));
      sections.push({
        key: keyFor(section, ''), old: null, new: sectionSide(section, plainSegs(headingText(newSide.doc, section), 'ins')), depth: section.depth,
        status: 'added', rows, changes: [], changed: true,
      });
    }
  }
  if (newText !== null && oldText !== null) {
    for (const section of oldSide.doc.sections) if (!emitted.has(section.id) && !pairedOld.has(section.id)) emitOld(section);
  }

  const top = placeChanges(sections, changes);
  for (const section of sections) if (section.changes.length || section.rows.some((r) => r.changes.length)) section.changed = true;
  // The top of a page (before its first heading) is shown only when it has something.
  const shown = sections.filter((s) => !((s.old?.id ?? s.new?.id) === '' && s.rows.length === 0 && s.changes.length === 0));
  return { sections: shown, top };
}

/** Puts each change at the row or heading its line points to (new side first); returns the rest. */
function placeChanges(sections: SectionView[], changes: readonly Change[]): number[] {
  type Anchor = { line: number; section: number; row: number | null };
  const anchors: Record<'old' | 'new', Anchor[]> = { old: [], new: [] };
  sections.forEach((section, s) => {
    for (const side of ['old', 'new'] as const) {
      const head = section[side];
      if (head) anchors[side].push({ line: head.line, section: s, row: null });
      section.rows.forEach((row, r) => {
        const block = row[side];
        if (block) anchors[side].push({ line: block.line, section: s, row: r });
      });
    }
  });
  for (const side of ['old', 'new'] as const) anchors[side].sort((a, b) => a.line - b.line || (a.row === null ? -1 : 1));
  const find = (side: 'old' | 'new', line: number): Anchor | null => {
    let found: Anchor | null = null;
    for (const anchor of anchors[side]) {
      if (anchor.line > line) break;
      found = anchor;
    }
    return found ?? anchors[side][0] ?? null;
  };
  const top: number[] = [];
  changes.forEach((change, index) => {
    const side = change.after?.line != null ? 'new' : change.before?.line != null ? 'old' : null;
    const line = side === 'new' ? change.after!.line! : side === 'old' ? change.before!.line! : null;
    const anchor = side && line !== null ? find(side, line) : null;
    if (!anchor) top.push(index);
    else if (anchor.row === null) sections[anchor.section]!.changes.push(index);
    else sections[anchor.section]!.rows[anchor.row]!.changes.push(index);
  });
  return top;
}
