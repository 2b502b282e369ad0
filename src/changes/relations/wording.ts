import type { RecordFacts } from '../facts.ts';
import { lonelyRecords, pushTo, type UnionFind } from './union-find.ts';
import { contentWords, shareFoundIn, wordsFoundIn } from '../../diff/content-words.ts';
import { normalizeText, tokens } from '../../diff/similarity.ts';
import { sentences } from '../../model/rules.ts';

/**
 * Relations of wording: a paragraph next to what it explains (8), and the editorial records
 * left over, one change per section (9).
 */

/**
 * 8c. A passage that went while a new passage or rule of the same page holds its words (text
 * moved into a new section, or folded into a rule's list of cases) moved there: it is part of
 * what it moved into, not a removal of its own.
 */
export function joinPassagesMovedIntoNewText(facts: readonly RecordFacts[], uf: UnionFind): void {
  const alone = lonelyRecords(facts, uf);
  const gone = facts.filter((f) => f.change.kind === 'prose' && f.direction === 'removed' && !f.change.informative && alone.has(f.index));
  if (gone.length === 0) return;
  const pages = new Set(gone.map((g) => g.page));
  const arrived = new Map<string, { f: RecordFacts; words: string[]; exact: Set<string> }[]>();
  for (const f of facts) {
    if ((f.change.kind !== 'prose' && f.change.kind !== 'rule') || f.direction !== 'added' || !pages.has(f.page)) continue;
    const words = contentWords(String(f.change.after!.text));
    pushTo(arrived, f.page, { f, words, exact: new Set(words) });
  }
  for (const g of gone) {
    const words = contentWords(String(g.change.before!.text));
    if (words.length < MOVED_PASSAGE_WORDS) continue;
    // Most words are found as written; the inflections are only looked for where enough already are.
    const likely = (a: { exact: Set<string> }) => words.filter((w) => a.exact.has(w)).length >= words.length / 2;
    const into = (arrived.get(g.page) ?? []).find((a) => likely(a) && shareFoundIn(words, a.words) >= MOVED_PASSAGE_SHARE);
    if (into) uf.union(into.f.index, g.index);
  }
}

/** A passage of a few words is found anywhere; one of five telling words or more, nearly all found in one new text, moved there. */
const MOVED_PASSAGE_WORDS = 5;
const MOVED_PASSAGE_SHARE = 0.8;

/** 8. A paragraph standing next to a rule or field of a change, in the same section and direction, explains it. */
export function joinNeighbouringProse(facts: readonly RecordFacts[], uf: UnionFind): void {
  const alone = lonelyRecords(facts, uf);
  // What a paragraph may explain: a rule, field or shape, or a statement whose sense changed (an inversion), not another paragraph's wording.
  const anchors = facts.filter((f) => f.change.kind !== 'term' && f.change.kind !== 'section' && f.change.level !== 'editorial' && f.line !== null);
  const loose = facts.filter((f) => f.change.kind === 'prose' && f.change.level === 'editorial' && f.line !== null && !f.change.informative && alone.has(f.index));
  // Paragraphs in a row (a list's items) go together, joined where the first of them stands: a list follows what introduces it.
  for (const block of blocksOf(loose)) {
    const first = block[0]!;
    let best: { anchor: RecordFacts; distance: number } | null = null;
    for (const a of anchors) {
      // A changed anchor stands on both sides: a paragraph that went sits next to its old wording.
      const line = a.direction === 'changed' && first.side === 'old' ? a.change.before?.line : a.direction === first.direction ? a.line : null;
      if (typeof line !== 'number' || a.sidePage !== first.sidePage || (a.path.join('\u0000') !== first.path.join('\u0000') && a.direction !== 'changed')) continue;
      if (a.direction === 'changed' && first.side === 'old' && a.change.section.old !== first.change.section.old) continue;
      const distance = Math.abs(line - first.line!);
      if (distance <= NEIGHBOUR_LINES && (!best || distance < best.distance || (distance === best.distance && line <= first.line!))) best = { anchor: a, distance };
    }
    if (best) for (const f of block) uf.union(best.anchor.index, f.index);
  }
}

/** Runs of records on consecutive lines (at most two apart) of one section, side and direction. */
function blocksOf(records: readonly RecordFacts[]): RecordFacts[][] {
  const sorted = [...records].sort((a, b) => a.sidePage.localeCompare(b.sidePage) || a.side.localeCompare(b.side) || a.line! - b.line!);
  const blocks: RecordFacts[][] = [];
  for (const f of sorted) {
    const last = blocks.at(-1)?.at(-1);
    const together = last && last.sidePage === f.sidePage && last.side === f.side && last.direction === f.direction && last.path.join('\u0000') === f.path.join('\u0000') && f.line! - last.line! <= 2;
    if (together) blocks.at(-1)!.push(f);
    else blocks.push([f]);
  }
  return blocks;
}

/** How far apart (in lines) a paragraph and the rule it explains may stand: a blank line and a short paragraph between. */
const NEIGHBOUR_LINES = 4;

/** 9. The editorial records nothing else took, one change per section of a page. */
export function joinLeftoverWording(facts: readonly RecordFacts[], uf: UnionFind): void {
  const alone = lonelyRecords(facts, uf);
  const bySection = new Map<string, number>();
  for (const f of facts) {
    if (f.change.level !== 'editorial' || !alone.has(f.index) || f.change.kind === 'section') continue;
    if (f.change.kind !== 'prose' && f.change.kind !== 'rule' && f.change.kind !== 'term') continue;
    const key = `${f.change.source ?? 'page'}\u0000${f.page}\u0000${f.change.informative ? 'i' : ''}\u0000${f.path.join('\u0000') || (f.change.section.new ?? f.change.section.old ?? '')}`;
    const other = bySection.get(key);
    if (other === undefined) bySection.set(key, f.index);
    else uf.union(other, f.index);
  }
}

/**
 * The same sentence stated twice on one page (a duty repeated in a summary section, a notice
 * repeated under each deprecated definition) is one difference told twice: records left alone
 * by every other relation, of one page, one catalog id and the same words on the side they
 * stand on, are one change.
 */
export function joinSameTextTwice(facts: readonly RecordFacts[], uf: UnionFind): void {
  const alone = lonelyRecords(facts, uf);
  const first = new Map<string, number>();
  for (const f of facts) {
    if (!alone.has(f.index)) continue;
    const side = f.direction === 'removed' ? f.change.before : f.change.after;
    if (!side || typeof side.text !== 'string') continue;
    const key = `${f.page}\u0000${f.change.id}\u0000${normalizeText(side.text)}`;
    const seen = first.get(key);
    if (seen === undefined) first.set(key, f.index);
    else uf.union(seen, f.index);
  }
}

/**
 * 8b. One edit made in two places: a schema description and a page's paragraph or rule that
 * changed alike (the same words came and went in both) say one thing twice. The words an
 * edit brought and took are compared, not the texts, which differ around them.
 */
export function joinSameEditTwice(facts: readonly RecordFacts[], uf: UnionFind): void {
  const edits = facts.filter((f) => f.direction === 'changed' && !f.change.informative && (f.change.kind === 'prose' || f.change.kind === 'rule' || f.change.id.endsWith('description-changed'))).map((f) => ({ f, edit: editWords(f), named: namesBrought(f) })).filter((e) => e.edit.size >= MIN_EDIT_WORDS);
  const schema = edits.filter((e) => e.f.change.source === 'schema');
  const pages = edits.filter((e) => e.f.change.source !== 'schema');
  for (const s of schema) {
    let best: { f: RecordFacts; score: number } | null = null;
    for (const p of pages) {
      const score = bringsTheSameNames(s.named, p.named) ? Math.max(SAME_EDIT, overlap(s.edit, p.edit)) : overlap(s.edit, p.edit);
      if (score >= SAME_EDIT && (!best || score > best.score)) best = { f: p.f, score };
    }
    if (best) uf.union(best.f.index, s.f.index);
  }
}

/**
 * 8d. A schema description that gained a sentence a page also gained (the page's line on the
 * field, the paragraph of the new mechanism the description now points at): the description
 * repeats that page's change. A lone description joins the change of the new or changed page
 * passage whose words its new sentence holds.
 */
export function joinDescriptionsToPageLines(facts: readonly RecordFacts[], uf: UnionFind): void {
  const alone = lonelyRecords(facts, uf);
  const descriptions = facts.filter((f) => f.change.source === 'schema' && f.change.id.endsWith('description-changed') && alone.has(f.index));
  if (descriptions.length === 0) return;
  const passages = facts
    .filter((f) => f.change.source !== 'schema' && !f.change.informative && f.direction !== 'removed' && (f.change.kind === 'prose' || f.change.kind === 'rule' || f.change.kind === 'schema-field'))
    .flatMap((f) => sentences(String(f.change.after?.text ?? '')).map((sentence) => ({ f, words: contentWords(sentence) })))
    .filter((p) => p.words.length >= DESCRIBED_WORDS);
  for (const d of descriptions) {
    const before = normalizeText(String(d.change.before?.text ?? ''));
    const gained = sentences(String(d.change.after?.text ?? '')).filter((sentence) => !before.includes(normalizeText(sentence)));
    let best: { f: RecordFacts; share: number } | null = null;
    for (const sentence of gained) {
      const words = contentWords(sentence);
      if (words.length < DESCRIBED_WORDS) continue;
      for (const p of passages) {
        // A sentence of the page says it in its own words: most of them are the description's.
        const share = shareFoundIn(p.words, words);
        if (share >= DESCRIBED_SHARE && wordsFoundIn(p.words, words).length >= DESCRIBED_WORDS && (!best || share > best.share)) best = { f: p.f, share };
      }
    }
    if (best) uf.union(best.f.index, d.index);
  }
}

/** A page line that a description repeats shares at least this many words with the sentence the description gained, and this share of its own. */
const DESCRIBED_WORDS = 4;
const DESCRIBED_SHARE = 0.6;

/** Names in code its new text writes that its old text did not. */
function namesBrought(f: RecordFacts): Set<string> {
  return new Set([...f.mentions.new].filter((name) => !f.mentions.old.has(name)));
}

/**
 * Two edits that each brought the same two or more names in code, and no other, say the same
 * new thing whatever words carry it: a description says in a sentence what a rule says in its
 * clause (a page rule and the description of what it governs both now name the same request
 * and the same field of it).
 */
function bringsTheSameNames(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size < 2 || a.size !== b.size) return false;
  for (const name of a) if (!b.has(name)) return false;
  return true;
}

/** At least this many words came or went: a one-word edit is too common to say two places made the same one. */
const MIN_EDIT_WORDS = 3;
const SAME_EDIT = 0.5;

/** The words a changed record's new text has that its old text lacks, and the reverse, marked by side. */
function editWords(f: RecordFacts): Set<string> {
  const before = new Set(tokens(String(f.change.before?.text ?? '')));
  const after = new Set(tokens(String(f.change.after?.text ?? '')));
  const edit = new Set<string>();
  for (const w of after) if (!before.has(w) && !STOP.has(w)) edit.add(`+${w}`);
  for (const w of before) if (!after.has(w) && !STOP.has(w)) edit.add(`-${w}`);
  return edit;
}

const STOP = new Set(['a', 'an', 'the', 'of', 'to', 'in', 'on', 'and', 'or', 'is', 'are', 'be', 'for', 'it', 'that', 'this', 'with', 'by', 'as']);

/** How much of the smaller edit the larger one also made (a description edits more, or less, than its page); 0 under MIN_EDIT_WORDS shared words. */
function overlap(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared < MIN_EDIT_WORDS ? 0 : shared / Math.min(a.size, b.size);
}
