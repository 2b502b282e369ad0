import type { ProseBlock, SpecDocument } from '../model/index.ts';
import type { Change } from '../records/change.ts';
import { finalizeChange } from '../records/finalize.ts';
import { dice, diceCeiling, normalizeText, tokens } from '../diff/similarity.ts';

/**
 * A paragraph gone from its page that the newer revision still states on another page (a
 * page split into sub-pages, a section moved) was moved, not removed: the removal becomes
 * one `prose-moved` record on the page that states it now, and the same paragraph's
 * `prose-added` record there, if that page reported it, is folded into it. What `rule-moved`
 * does for rules (cross-page-rules.ts), for paragraphs.
 */

/** Nearly the same words: a link or an article edited on the way. */
const SAME_PARAGRAPH = 0.9;
/** A sentence found whole inside a longer paragraph counts only when it is long enough to be telling. */
const TELLING_LENGTH = 40;

export interface Placed {
  page: string;
  doc: SpecDocument;
  block: ProseBlock;
  normalized: string;
  words: Set<string>;
}

export function relocateProse(changes: readonly Change[], newDocs: ReadonlyMap<string, SpecDocument>): Change[] {
  const placed: Placed[] = [...newDocs].flatMap(([page, doc]) =>
    doc.prose.map((block) => ({ page, doc, block, normalized: normalizeText(block.text), words: new Set(tokens(block.text)) })),
  );
  const index = new PlacedIndex(placed);
  const out: (Change | null)[] = [...changes];
  changes.forEach((change, i) => {
    if (change.id !== 'prose-removed' || !change.before || !change.page) return;
    const target = stillStated(change.before.text, index, change.page);
    if (!target) return;
    const arrival = changes.findIndex((c) => c.id === 'prose-added' && c.page === target.page && c.after?.line === target.block.line);
    if (arrival !== -1) out[arrival] = null;
    out[i] = moved(change, target);
  });
  return out.filter((c): c is Change => c !== null);
}

/** Where the newer revision states the paragraph (on a page other than `page`): the same words, or a paragraph that contains it whole. */
export function stillStated(text: string, index: Pick<PlacedIndex, 'candidates'>, page: string): Placed | null {
  const normalized = normalizeText(text);
  if (normalized.length === 0) return null;
  const list = tokens(text);
  const words = new Set(list);
  let best: Placed | null = null;
  let bestScore = SAME_PARAGRAPH;
  for (const candidate of index.candidates(normalized, list, words)) {
    if (candidate.page === page) continue;
    const contains = candidate.normalized === normalized || (normalized.length >= TELLING_LENGTH && candidate.normalized.length > normalized.length && candidate.normalized.includes(normalized));
    // A candidate whose word count alone keeps it at or under the best so far cannot win: skip counting.
    if (!contains && diceCeiling(words.size, candidate.words.size) <= bestScore) continue;
    const score = contains ? 1 : dice(words, candidate.words);
    if (score > bestScore || (score === 1 && bestScore < 1 && best === null)) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/**
 * The new revision's paragraphs by word, so a removed paragraph is compared only with those
 * that could score above SAME_PARAGRAPH, not with every paragraph of every page. Such a
 * paragraph holds the same words, or contains the removed one whole (then every word but
 * the first and last, which the match may cut, is one of its words), or shares more than
 * 0.9·(a+b)/2 words with it, so more than 0.8 of the removed one's a words, and any
 * `a − ⌊0.8·a⌋ + 1` of them include one it has: the rarest are taken. The paragraphs come
 * in their order, so the best is picked as when all were read.
 */
export class PlacedIndex {
  private readonly byWord = new Map<string, number[]>();

  constructor(private readonly placed: readonly Placed[]) {
    placed.forEach((p, i) => {
      for (const word of p.words) {
        const list = this.byWord.get(word);
        if (list) list.push(i);
        else this.byWord.set(word, [i]);
      }
    });
  }

  /** `list`: tokens(text) in order, one per word of `normalized`; `words`: as a set. */
  candidates(normalized: string, list: readonly string[], words: ReadonlySet<string>): readonly Placed[] {
    const found = new Set<number>();
    const add = (word: string | undefined) => {
      for (const i of (word !== undefined && this.byWord.get(word)) || []) found.add(i);
    };
    for (const word of this.rarest(words, words.size - Math.floor(0.8 * words.size) + 1)) add(word);
    if (normalized.length >= TELLING_LENGTH) {
      const inner = list.slice(1, -1);
      // A long paragraph of one or two words has no word a containing one must have whole: read them all.
      if (inner.length === 0) return this.placed;
      add(this.rarest(new Set(inner), 1)[0]);
    }
    return [...found].sort((a, b) => a - b).map((i) => this.placed[i]!);
  }

  private rarest(words: ReadonlySet<string>, count: number): string[] {
    const uses = (word: string) => this.byWord.get(word)?.length ?? 0;
    return [...words].sort((a, b) => uses(a) - uses(b) || (a < b ? -1 : a > b ? 1 : 0)).slice(0, count);
  }
}

function moved(removal: Change, to: Placed): Change {
  const heading = to.doc.sections.find((s) => s.id === to.block.sectionId)?.heading ?? to.page;
  return {
    ...finalizeChange({
      id: 'prose-moved',
      subject: removal.subject,
      key: normalizeText(removal.before!.text),
      section: { old: removal.section.old, new: heading },
      detail: { from: `${removal.page} › ${removal.section.old ?? ''}`, to: `${to.page} › ${heading}` },
      before: { ...removal.before!, page: removal.page },
      after: { text: to.block.text, line: to.block.line, page: to.page },
      source: 'page',
    }),
    page: to.page,
  };
}
