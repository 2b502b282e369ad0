import { productionSymbol } from './grammar-rules.ts';
import type { ProseBlock } from '../model/index.ts';
import { dice, tokens, type Pairing } from './similarity.ts';

/**
 * A paragraph or list item rewritten where it stood ("Request sampling through client
 * interfaces" → "Request client input (sampling, …) via … within a reply") can share too few
 * words for the paragraph pairing, and would read as one paragraph removed and another added.
 * It is one rewording when, in the same section, the paragraphs before and after it are paired
 * with the paragraphs before and after its replacement (an edit between unchanged neighbours),
 * and the two still share some words.
 */
const SHARED_WORDS = 0.25;

type ProsePairing = Pairing<ProseBlock, ProseBlock>;

export function pairProseRewrittenInPlace(
  old: readonly ProseBlock[],
  now: readonly ProseBlock[],
  pairing: ProsePairing,
  sameSection: (before: ProseBlock, after: ProseBlock) => boolean,
): ProsePairing {
  const partner = new Map(pairing.pairs);
  const oldIndex = new Map(old.map((block, i) => [block, i]));
  const newIndex = new Map(now.map((block, i) => [block, i]));
  const added = new Set(pairing.added);
  const found: [ProseBlock, ProseBlock][] = [];
  for (const before of pairing.removed) {
    const i = oldIndex.get(before)!;
    const [previous, next] = [old[i - 1], old[i + 1]];
    if (!previous || !next) continue;
    const [from, to] = [partner.get(previous), partner.get(next)];
    if (!from || !to) continue;
    const j = newIndex.get(from)! + 1;
    // Exactly one paragraph between the neighbours' partners, and it is new.
    if (newIndex.get(to) !== j + 1) continue;
    const after = now[j]!;
    if (!added.has(after) || !sameSection(before, after)) continue;
    if (dice(tokens(before.text), tokens(after.text)) < SHARED_WORDS) continue;
    found.push([before, after]);
    added.delete(after);
  }
  const paired = new Set(found.flat());
  return {
    pairs: [...pairing.pairs, ...found],
    removed: pairing.removed.filter((b) => !paired.has(b)),
    added: pairing.added.filter((b) => !paired.has(b)),
  };
}

/**
 * A grammar production rewritten (`SourceCharacter :: "U+0009" | …` → `SourceCharacter :: "Any
 * Unicode scalar value"`) keeps its symbol, and a short labelled line ("Status: Beta" →
 * "Status: Release Candidate") its label: the older and newer paragraphs that define the same
 * symbol, or give the same label a value, in the same section are one rewording, however few
 * words they share; a symbol the page defines once on each side, wherever it went. A symbol or
 * label used twice on one side is left to the wording pairing.
 */
const LABEL = /^([\p{Lu}][\p{L}-]*(?: [\p{L}-]+){0,2}):\s+\S/u;
/** A labelled line is a value, not a paragraph, up to this many words. */
const LABELLED_WORDS = 8;

function symbolOf(block: ProseBlock): string | null {
  const production = productionSymbol(block.text);
  if (production) return production;
  const label = LABEL.exec(block.text)?.[1];
  return label && block.text.split(/\s+/).length <= LABELLED_WORDS ? `${label}:` : null;
}

export function pairProductionsBySymbol(
  old: readonly ProseBlock[],
  now: readonly ProseBlock[],
  pairing: ProsePairing,
  sameSection: (before: ProseBlock, after: ProseBlock) => boolean,
): ProsePairing {
  const once = (blocks: readonly ProseBlock[]) => {
    const by = new Map<string, ProseBlock | null>();
    for (const block of blocks) {
      const symbol = symbolOf(block);
      if (symbol !== null) by.set(symbol, by.has(symbol) ? null : block);
    }
    return by;
  };
  // A grammar symbol the whole page defines once on each side names one production wherever it
  // went (a production moved into a sub-section of its own); a label pairs within its section.
  const [oldOnce, newOnce] = [once(old), once(now)];
  const added = once(pairing.added);
  const found: [ProseBlock, ProseBlock][] = [];
  for (const [symbol, before] of once(pairing.removed)) {
    const after = added.get(symbol);
    if (!before || !after) continue;
    const productionOnce = !symbol.endsWith(':') && oldOnce.get(symbol) === before && newOnce.get(symbol) === after;
    if (productionOnce || sameSection(before, after)) found.push([before, after]);
  }
  if (found.length === 0) return pairing;
  const paired = new Set(found.flat());
  return {
    pairs: [...pairing.pairs, ...found],
    removed: pairing.removed.filter((b) => !paired.has(b)),
    added: pairing.added.filter((b) => !paired.has(b)),
  };
}
