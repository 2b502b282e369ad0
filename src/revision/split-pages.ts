import type { Section, SpecDocument } from '../model/index.ts';
import type { Change } from '../records/change.ts';
import type { PageDiffResult } from '../diff/index.ts';
import type { PagePair } from './page-pairs.ts';
import { dice, normalizeText, tokens } from '../diff/similarity.ts';

/**
 * Pages formed by a split: a section of an older page became a page of its own (the
 * transports page into one page per transport). Reported only as `page-added` plus
 * `rule-moved`, what the new page adds or strengthens would go unseen, so it is diffed
 * against the section it came from, and its additions and changes are kept (what the
 * section had and the page lacks went to its sibling pages: the continuing page's diff
 * and `rule-moved` account for it).
 */
export interface SplitSource {
  /** The new page. */
  page: string;
  /** The older page it was split from, and the heading of the section it came from. */
  from: string;
  heading: string;
}

/** Share of a new page's word triples found in its source: measured 0.14–0.89 for real splits, ≤ 0.08 for unrelated pages. */
const CONTAINED = 0.1;
/** A section heading that names the new page: its title, give or take a word ("Client Registration Approaches"). */
const SAME_HEADING = 0.6;

/** Only record actions that say what the new page has: what it lacks went elsewhere. */
const KEPT_ACTIONS = new Set(['added', 'changed', 'strengthened', 'weakened', 'renamed']);

export function findSplitSources(pairs: readonly PagePair[], oldDocs: ReadonlyMap<string, SpecDocument>, newDocs: ReadonlyMap<string, SpecDocument>, text: (side: 'old' | 'new', page: string) => string): SplitSource[] {
  const added = pairs.filter((p) => p.old === null).map((p) => p.new!);
  // The new pages that could be split off something: a titled page with words to compare (three make a triple).
  const titled = added.flatMap((page) => {
    const doc = newDocs.get(page);
    const words = doc?.title ? tokens(text('new', page)) : [];
    return doc?.title && words.length >= 3 ? [{ page, title: doc.title, words }] : [];
  });
  if (titled.length === 0) return [];
  // A triple is only looked up where all three of its words are the candidates' words: an
  // old page's own words (a generated reference page has 100,000) mostly are not. Those
  // words are numbered, so a triple is one number (spelling a string per position of every
  // old page was most of this search's cost).
  const wordIds = new Map<string, number>();
  for (const { words } of titled) for (const word of words) if (!wordIds.has(word)) wordIds.set(word, wordIds.size);
  const tripleKey = tripleKeyFor(wordIds.size);
  const candidates = titled.map((c) => ({ ...c, own: triples(c.words.map((w) => wordIds.get(w)!), tripleKey) }));
  // Which old pages hold each triple those pages have (no other triple is ever asked for):
  // each new page's triples are looked up once, not against every old page's set in turn.
  const wanted = new Set(candidates.flatMap((c) => [...c.own]));
  const oldPages = [...oldDocs.keys()];
  const holders = new Map<TripleKey, number[]>();
  oldPages.forEach((page, k) => {
    const words = tokens(text('old', page));
    const held = new Set<TripleKey>();
    // The ids of the last words, and how many in a row ending here are the candidates': each word is looked up once.
    let twoBack = 0;
    let oneBack = 0;
    let inARow = 0;
    for (const word of words) {
      const id = wordIds.get(word);
      inARow = id === undefined ? 0 : inARow + 1;
      if (inARow >= 3) {
        const t = tripleKey(twoBack, oneBack, id!);
        if (wanted.has(t) && !held.has(t)) {
          held.add(t);
          const list = holders.get(t);
          if (list) list.push(k);
          else holders.set(t, [k]);
        }
      }
      twoBack = oneBack;
      oneBack = id ?? 0;
    }
  });
  const sources: SplitSource[] = [];
  for (const { page, title, own } of candidates) {
    const shared = new Array<number>(oldPages.length).fill(0);
    for (const t of own) for (const k of holders.get(t) ?? []) shared[k]! += 1;
    let best: { from: string; share: number } | null = null;
    for (let k = 0; k < oldPages.length; k++) {
      const share = shared[k]! / own.size;
      if (!best || share > best.share) best = { from: oldPages[k]!, share };
    }
    if (!best || best.share < CONTAINED) continue;
    const section = namingSection(oldDocs.get(best.from)!, title);
    if (section) sources.push({ page, from: best.from, heading: section.heading });
  }
  return sources;
}

/** The new page diffed against its source section; only what it adds or changes, on the new page. */
export function diffSplitPage(source: SplitSource, oldDoc: SpecDocument, oldText: string, newDoc: SpecDocument, newText: string, diffTexts: (a: string, b: string) => PageDiffResult): Change[] {
  const section = oldDoc.sections.find((s) => s.heading === source.heading);
  if (!section) return [];
  // A page that kept the section's heading under its title is compared with the heading kept.
  const keepsHeading = newDoc.sections.some((s) => s.parentId !== null && normalizeText(s.heading) === normalizeText(section.heading));
  const { text, firstLine } = sectionAsPage(section, oldText, keepsHeading, newDoc.title ?? section.heading);
  return diffTexts(text, newText)
    .changes.filter((c) => c.after !== null && KEPT_ACTIONS.has(c.action))
    .map((c) => ({
      ...c,
      page: source.page,
      before: c.before && { ...c.before, line: c.before.line === null ? null : c.before.line + firstLine, page: source.from },
    }));
}

/**
 * A rule the split page states more strongly (or reworded) is also reported removed from
 * the page it left (too changed to count as moved), or moved there: one change, one
 * record, the split page's, which says both where it came from and how it changed. The
 * same for a section the split page carries renamed or changed: it is not also removed
 * from the page it left (`oldPageOf`: the older page a page of the newer revision was diffed against).
 */
export function dropRemovalsCarriedBySplits(changes: readonly Change[], splitRecords: readonly Change[], oldPageOf: (page: string) => string | undefined): Change[] {
  const carried = new Set(splitRecords.filter((c) => c.kind === 'rule' && c.before).map((c) => c.before!.text));
  const sectionKey = (page: unknown, side: Change['before']) => `${String(page)}\0${side!.line}\0${side!.text}`;
  const carriedSections = new Set(splitRecords.filter((c) => c.kind === 'section' && c.before && c.after).map((c) => sectionKey(c.before!['page'], c.before)));
  const split = new Set(splitRecords);
  return changes.filter((c) => {
    if (split.has(c) || !c.before) return true;
    if (c.kind === 'rule' && (c.action === 'removed' || c.action === 'moved')) return !carried.has(c.before.text);
    if (c.kind === 'section' && c.action === 'removed' && c.page !== undefined) return !carriedSections.has(sectionKey(oldPageOf(c.page) ?? c.page, c.before));
    return true;
  });
}

function namingSection(doc: SpecDocument, title: string): Section | null {
  const want = tokens(title);
  let best: { section: Section; score: number } | null = null;
  for (const section of doc.sections) {
    if (section.parentId === null) continue;
    const score = dice(want, tokens(section.heading));
    if (score >= SAME_HEADING && (!best || score > best.score || (score === best.score && section.depth < best.section.depth))) best = { section, score };
  }
  return best?.section ?? null;
}

/**
 * The section as a page of its own: the new page's title (the page's name is not its
 * change), then the section's lines as the page has them. Headings keep their levels (a
 * section's place comes from its heading path, not its depth), so each sub-section's text
 * is the one the old page was read with, and its tree comes from the tree cache instead of
 * the parser. `firstLine` maps the page's lines back to the old page's.
 */
function sectionAsPage(section: Section, pageText: string, keepHeading: boolean, title: string): { text: string; firstLine: number } {
  const lines = pageText.split('\n');
  const first = section.lines.start - (keepHeading ? 1 : 0);
  const offsetOf = (line: number) => Math.min(pageText.length, lines.slice(0, line).reduce((sum, l) => sum + l.length + 1, 0));
  const header = ['---', `title: ${JSON.stringify(title)}`, '---'];
  // Page line L (1-based) is old line L + firstLine.
  return { text: `${header.join('\n')}\n${pageText.slice(offsetOf(first), offsetOf(section.lines.end))}`, firstLine: first - header.length };
}

type TripleKey = number | string;

/** Three word ids as one number while the vocabulary allows it exactly, else as a string. */
export function tripleKeyFor(vocabulary: number): (a: number, b: number, c: number) => TripleKey {
  if (vocabulary ** 3 <= Number.MAX_SAFE_INTEGER) return (a, b, c) => (a * vocabulary + b) * vocabulary + c;
  return (a, b, c) => `${a} ${b} ${c}`;
}

function triples(ids: readonly number[], key: (a: number, b: number, c: number) => TripleKey): Set<TripleKey> {
  const out = new Set<TripleKey>();
  for (let i = 0; i + 3 <= ids.length; i++) out.add(key(ids[i]!, ids[i + 1]!, ids[i + 2]!));
  return out;
}
