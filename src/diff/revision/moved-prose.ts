import type { ProseBlock, SpecDocument } from '../../model/index.ts';
import type { Change } from '../change.ts';
import { finalizeChange } from '../finalize.ts';
import { dice, diceCeiling, normalizeText, tokens } from '../similarity.ts';

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

interface Placed {
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
  const out: (Change | null)[] = [...changes];
  changes.forEach((change, i) => {
    if (change.id !== 'prose-removed' || !change.before || !change.page) return;
    const target = stillStated(change.before.text, placed, change.page);
    if (!target) return;
    const arrival = changes.findIndex((c) => c.id === 'prose-added' && c.page === target.page && c.after?.line === target.block.line);
    if (arrival !== -1) out[arrival] = null;
    out[i] = moved(change, target);
  });
  return out.filter((c): c is Change => c !== null);
}

/** Where the newer revision states the paragraph (on a page other than `page`): the same words, or a paragraph that contains it whole. */
function stillStated(text: string, candidates: readonly Placed[], page: string): Placed | null {
  const normalized = normalizeText(text);
  if (normalized.length === 0) return null;
  const words = new Set(tokens(text));
  let best: Placed | null = null;
  let bestScore = SAME_PARAGRAPH;
  for (const candidate of candidates) {
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
