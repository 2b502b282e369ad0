import { diffArrays } from 'diff';

/**
 * Text likeness for pairing old and new elements. Tokens are lower-cased words with a
 * trailing plural "s" dropped, so "Elicitations" and "elicitation" are one word.
 */

export function normalizeText(text: string): string {
  let normal = normalized.get(text);
  if (normal === undefined) {
    normal = text
      .toLowerCase()
      .replace(/[`*_"“”‘’]/g, '')
      .replace(NOT_WORD, ' ')
      .replace(/\.(\s|$)/g, ' ')
      // Every other space character became one ' ' above; only the dots leave runs of them.
      .replace(/ {2,}/g, ' ')
      .trim();
    // The passes of a diff normalise the same sentences again and again (as keys, in scores, in
    // word sets); a bounded memo keeps that to once each without holding a long run's texts.
    if (normalized.size >= NORMALIZED_KEPT) normalized.clear();
    normalized.set(text, normal);
  }
  return normal;
}

/** The words `normalizeText` reads, as written (their case kept): word for word the same split. */
export function wordsAsWritten(text: string): string[] {
  const words = text
    .replace(/[`*_"“”‘’]/g, '')
    .replace(NOT_WORD, ' ')
    .replace(/\.(\s|$)/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  return words === '' ? [] : words.split(' ');
}

/**
 * The same wording, typography aside: what normalizeText keeps equal, and an apostrophe
 * typed straight or curly ("MCP's" and "MCP’s") is one character. Kept apart from
 * normalizeText, whose output keys records' fingerprints, so ids stay what they were.
 */
export function sameWording(a: string, b: string): boolean {
  if (normalizeText(a) === normalizeText(b)) return true;
  return normalizeText(a.replace(STRAIGHT_APOSTROPHE, '’')) === normalizeText(b.replace(STRAIGHT_APOSTROPHE, '’'));
}

const STRAIGHT_APOSTROPHE = /'/g;

/**
 * A run of characters that are not word characters (a letter, a digit, or one of `/.@$-`):
 * the same runs as `/[^\p{L}\p{N}/.@$-]+/gu` (test/diff/normalize-text.test.ts), split in
 * two. An ASCII character is tested against the ASCII non-word characters, listed; only
 * other characters reach Unicode's property data, which the engine would otherwise consult
 * for every letter. Normalising text is a revision diff's largest pass: this is 2.5× faster.
 */
const NOT_WORD = /(?:[\x00-\x23\x25-\x2c\x3a-\x3f\x5b-\x60\x7b-\x7f]|(?![\x00-\x7f])[^\p{L}\p{N}/.@$-])+/gu;

const NORMALIZED_KEPT = 50_000;
const normalized = new Map<string, string>();

/** Forgets the memo (a cold run, as the benchmarks measure it, starts without it). */
export function clearNormalizedText(): void {
  normalized.clear();
}

export function tokens(text: string): string[] {
  const normal = normalizeText(text);
  // Normalised text is trimmed and single-spaced: no empty word but the empty text's.
  if (normal === '') return [];
  const words = normal.split(' ');
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) words[i] = word.slice(0, -1);
  }
  return words;
}

/**
 * Sørensen–Dice coefficient over token sets: 1 for the same words, 0 for none shared.
 * Callers that compare one text with many pass sets, built once.
 */
export function dice(a: readonly string[] | ReadonlySet<string>, b: readonly string[] | ReadonlySet<string>): number {
  const setA = a instanceof Set ? a : new Set(a as readonly string[]);
  const setB = b instanceof Set ? b : new Set(b as readonly string[]);
  if (setA.size === 0 && setB.size === 0) return 1;
  const [small, large] = setA.size <= setB.size ? [setA, setB] : [setB, setA];
  let shared = 0;
  for (const t of small) if (large.has(t)) shared += 1;
  return (2 * shared) / (setA.size + setB.size);
}

/** The highest Dice coefficient two sets of these sizes could reach (all of the smaller shared). */
export function diceCeiling(sizeA: number, sizeB: number): number {
  return sizeA + sizeB === 0 ? 1 : (2 * Math.min(sizeA, sizeB)) / (sizeA + sizeB);
}

/**
 * `make` of an element, made the first time it is asked for and kept: a pairing asks for
 * word sets only of the elements its identical keys left unpaired, and asks for each often.
 */
export function madeOnDemand<T, R>(make: (item: T) => R): (item: T) => R {
  const made = new Map<T, R>();
  return (item) => {
    let value = made.get(item);
    if (value === undefined) made.set(item, (value = make(item)));
    return value;
  };
}

export interface Pairing<O, N> {
  pairs: [O, N][];
  removed: O[];
  added: N[];
}

/**
 * Pairs two lists: first by identical key (unless `key` is null), then greedily by best score above a threshold.
 * `score` returns a likeness in [0, 1] (or more with bonuses); pairs are taken best-first,
 * so every element is paired with its most likely counterpart, never twice.
 */
export function pairUp<O, N>(
  olds: readonly O[],
  news: readonly N[],
  options: {
    key: ((x: O | N) => string) | null;
    score: (o: O, n: N) => number;
    threshold: number;
    prefer?: (o: O, n: N) => boolean;
    /**
     * Each element's word set, and the least Dice coefficient of the two sets a pair needs to
     * reach the threshold: then only pairs that can get there are scored (`likelyPairs`),
     * not every old element against every new one. The pairs are the same.
     */
    alike?: { old: (o: O) => ReadonlySet<string>; new: (n: N) => ReadonlySet<string>; minDice: number };
  },
): Pairing<O, N> {
  const pairs: [O, N][] = [];
  const freeOld = new Set(olds.keys());
  const freeNew = new Set(news.keys());
  const key = options.key;
  const newByKey = new Map<string, number[]>();
  // Each element's key once: keys normalise text, and a pass with a preference asks twice.
  const oldKeys = key ? olds.map((o) => key(o)) : [];
  if (key) {
    news.forEach((n, j) => {
      const k = key(n);
      const found = newByKey.get(k);
      if (found) found.push(j);
      else newByKey.set(k, [j]);
    });
  }
  // Same key: a counterpart the caller prefers (the same section, for a sentence every
  // section repeats) first, then any in order.
  const passes = options.prefer ? [options.prefer, () => true] : [() => true];
  for (const accept of passes) {
    olds.forEach((o, i) => {
      if (!key || !freeOld.has(i)) return;
      const candidates = newByKey.get(oldKeys[i]!);
      const j = candidates?.find((c) => freeNew.has(c) && accept(o, news[c]!));
      if (j === undefined) return;
      pairs.push([o, news[j]!]);
      freeOld.delete(i);
      freeNew.delete(j);
    });
  }
  const scored: { i: number; j: number; s: number }[] = [];
  const consider = (i: number, j: number) => {
    const s = options.score(olds[i]!, news[j]!);
    if (s >= options.threshold) scored.push({ i, j, s });
  };
  const alike = options.alike;
  if (alike && alike.minDice > 0) {
    const oldIds = [...freeOld];
    const newIds = [...freeNew];
    const likely = likelyPairs(oldIds.map((i) => alike.old(olds[i]!)), newIds.map((j) => alike.new(news[j]!)), alike.minDice);
    likely.forEach((partners, a) => {
      for (const b of partners) consider(oldIds[a]!, newIds[b]!);
    });
  } else {
    for (const i of freeOld) for (const j of freeNew) consider(i, j);
  }
  scored.sort((a, b) => b.s - a.s || a.i - b.i || a.j - b.j);
  for (const { i, j } of scored) {
    if (!freeOld.has(i) || !freeNew.has(j)) continue;
    pairs.push([olds[i]!, news[j]!]);
    freeOld.delete(i);
    freeNew.delete(j);
  }
  return { pairs, removed: [...freeOld].map((i) => olds[i]!), added: [...freeNew].map((j) => news[j]!) };
}

/**
 * For each old set, the new sets whose Dice coefficient with it can reach `minDice` (and
 * some that cannot; never one fewer), by prefix filtering: order every word by how rarely
 * it occurs, rarest first. A pair reaching `minDice` shares at least
 * ⌈minDice·|A| / (2 − minDice)⌉ words (solve Dice ≥ t with |A ∩ B| ≤ |B|), so its first
 * shared word lies within each set's first |A| − that + 1 words: only those are indexed and
 * looked up. Common words fall at the ends and are never compared. Two empty sets are
 * alike (Dice 1).
 */
export function likelyPairs(olds: readonly ReadonlySet<string>[], news: readonly ReadonlySet<string>[], minDice: number): number[][] {
  const frequency = new Map<string, number>();
  for (const set of [...olds, ...news]) for (const word of set) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  // Every word's place in the order once (ties by spelling), so each set sorts by numbers.
  const rank = new Map([...frequency.keys()].sort((a, b) => frequency.get(a)! - frequency.get(b)! || (a < b ? -1 : a > b ? 1 : 0)).map((word, i) => [word, i]));
  const prefix = (set: ReadonlySet<string>) => {
    // Less one part in a billion: a rounding error may lengthen a prefix, never shorten it.
    const leastShared = Math.max(1, Math.ceil((minDice * set.size) / (2 - minDice) - 1e-9));
    const places = Array.from(set, (word) => rank.get(word)!).sort((a, b) => a - b);
    return places.slice(0, Math.max(0, set.size - leastShared + 1));
  };
  const holders = new Map<number, number[]>();
  const emptyNews: number[] = [];
  news.forEach((set, b) => {
    if (set.size === 0) emptyNews.push(b);
    for (const place of prefix(set)) {
      const list = holders.get(place);
      if (list) list.push(b);
      else holders.set(place, [b]);
    }
  });
  return olds.map((set) => {
    if (set.size === 0) return emptyNews;
    const partners = new Set<number>();
    for (const place of prefix(set)) for (const b of holders.get(place) ?? []) partners.add(b);
    return [...partners];
  });
}

export const STOPWORDS = new Set(['a', 'an', 'the', 'of', 'to', 'in', 'on', 'for', 'and', 'or', 'by', 'with', 'as', 'at', 'is', 'be', 'this', 'that', 'it', 'its']);
/**
 * Is the difference between two wordings cosmetic? True when every changed stretch is a
 * near-spelling (a typo fix: "form" → "from", "personal" → "personally") or only small
 * words; false as soon as content words come or go.
 */
export function isCosmeticRewording(before: string, after: string): boolean {
  const a = normalizeText(before).split(' ').filter(Boolean);
  const b = normalizeText(after).split(' ').filter(Boolean);
  const parts = diffArrays(a, b);
  for (let k = 0; k < parts.length; k++) {
    const part = parts[k]!;
    if (!part.added && !part.removed) continue;
    const removed = part.removed ? part.value.join(' ') : '';
    const nextPart = part.removed ? parts[k + 1] : undefined;
    const added = part.added ? part.value.join(' ') : nextPart?.added ? nextPart.value.join(' ') : '';
    if (nextPart?.added) k += 1;
    const words = [...removed.split(' '), ...added.split(' ')].filter(Boolean);
    if (words.every((w) => STOPWORDS.has(w))) continue;
    if (removed && added && characterSimilarity(removed, added) >= 0.75) continue;
    return false;
  }
  return true;
}

/** 1 − normalised Levenshtein distance. */
function characterSimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const longest = Math.max(a.length, b.length);
  if (longest === 0) return 1;
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return 1 - previous[b.length]! / longest;
}
