import type { ProseBlock } from '../model/index.ts';
import { bothSections, sectionPair, type DiffContext, type Emit } from './context.ts';
import { exceptionsChanged } from './exceptions.ts';
import { isInversion } from './inversion.ts';
import { newlyReserved } from './reservations.ts';
import { pairProductionsBySymbol, pairProseRewrittenInPlace } from './prose-in-place.ts';
import { clip } from '../records/quote.ts';
import { dice, diceCeiling, madeOnDemand, normalizeText, pairUp, sameWording, tokens } from './similarity.ts';

/**
 * Non-normative paragraphs. Only what a reader would want to know is reported: a reversed
 * statement, a reworded paragraph, paragraphs that came or went inside a section both
 * versions have. Whole sections that came or went are reported once, as sections.
 */
export function diffProse(ctx: DiffContext, emit: Emit): void {
  // Word sets only for the paragraphs left to pair by wording: most pair by their text first.
  const wordsOf = madeOnDemand((p: ProseBlock) => new Set(tokens(p.text)));
  const threshold = 0.55;
  const sameSectionBonus = 0.1;
  const byWording = pairUp(ctx.old.prose, ctx.new.prose, {
    key: (p) => normalizeText(p.text),
    score: (o, n) => {
      const a = wordsOf(o);
      const b = wordsOf(n);
      const bonus = ctx.oldToNew.get(o.sectionId) === n.sectionId ? sameSectionBonus : 0;
      // Paragraphs of very different lengths cannot pair: skip counting their shared words.
      if (diceCeiling(a.size, b.size) + bonus < threshold) return 0;
      return dice(a, b) + bonus;
    },
    threshold,
    prefer: (o, n) => ctx.oldToNew.get(o.sectionId) === n.sectionId,
    // The section bonus is the most a pair adds to its words' likeness.
    alike: { old: wordsOf, new: wordsOf, minDice: threshold - sameSectionBonus },
  });
  // Rewritten where it stood, between unchanged neighbours (prose-in-place.ts).
  const sameSection = (o: ProseBlock, n: ProseBlock) => ctx.oldToNew.get(o.sectionId) === n.sectionId;
  // …and a grammar production rewritten keeps its symbol.
  const { pairs, removed, added } = pairProductionsBySymbol(ctx.old.prose, ctx.new.prose, pairProseRewrittenInPlace(ctx.old.prose, ctx.new.prose, byWording, sameSection), sameSection);
  for (const [before, after] of pairs) {
    if (sameWording(before.text, after.text)) continue;
    const inverted = isInversion(before.text, after.text);
    // What a statement includes changed when the names it leaves out did (exceptions.ts).
    const narrowed = inverted ? null : exceptionsChanged(before.text, after.text);
    const reserved = inverted ? [] : newlyReserved(before.text, after.text);
    emit({
      id: inverted ? 'prose-inverted' : 'prose-changed',
      subject: clip(after.text, 100), key: normalizeText(before.text),
      section: bothSections(ctx, before.sectionId, after.sectionId), before: side(before), after: side(after),
      // A reservation binds without a keyword (reservations.ts); it outweighs a change of what a statement leaves out.
      ...(reserved.length > 0
        ? { level: 'breaking' as const, levelReason: `it reserves names, and now reserves ${reserved.map((n) => `\`${n}\``).join(', ')}, which it did not: an implementation that used them must give them up` }
        : narrowed ? { level: 'non-breaking' as const, levelReason: `${narrowed}: what the statement includes changed` } : {}),
    });
  }
  // A table read as data on one side and as named entries on the other (a row with a description
  // tips it) has rows on one side only: they came or went with the reading, not the text.
  const dataRowsIn = (blocks: readonly ProseBlock[]) => new Set(blocks.filter((b) => b.tableRow).map((b) => b.sectionId));
  const oldDataRows = dataRowsIn(ctx.old.prose);
  const newDataRows = dataRowsIn(ctx.new.prose);
  for (const block of removed) {
    if (!ctx.oldToNew.has(block.sectionId)) continue;
    if (block.tableRow && !newDataRows.has(ctx.oldToNew.get(block.sectionId)!)) continue;
    emit({ id: 'prose-removed', subject: clip(block.text, 100), key: normalizeText(block.text), section: sectionPair(ctx, 'old', block.sectionId), before: side(block), after: null });
  }
  for (const block of added) {
    if (!ctx.newToOld.has(block.sectionId)) continue;
    if (block.tableRow && !oldDataRows.has(ctx.newToOld.get(block.sectionId)!)) continue;
    emit({ id: 'prose-added', subject: clip(block.text, 100), key: normalizeText(block.text), section: sectionPair(ctx, 'new', block.sectionId), before: null, after: side(block) });
  }
}

function side(block: ProseBlock) {
  return { text: block.text, line: block.line };
}
