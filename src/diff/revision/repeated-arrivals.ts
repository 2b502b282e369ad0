import type { Change } from '../change.ts';
import { alsoStatedAt } from '../finalize.ts';
import { dice, normalizeText, tokens } from '../similarity.ts';

/**
 * The same new statement on several pages of the newer revision (a constraint list stated
 * where a feature is defined and again where a transport applies it, a reminder repeated
 * on every page of a family) is one change: it is reported once, at the page where it is
 * at home, and that record lists the other places. Home is the page whose section heading
 * and address share most words with the statement; ties go to the first page in order.
 */

/** Near-identical wording still counts as the same statement (a link or article added in one copy). */
const SAME_STATEMENT = 0.9;

/** `informative`: records of pages that describe changes rather than make them (never a home, never folded). */
export function reportRepeatsOnce(changes: readonly Change[], informative: (change: Change) => boolean): Change[] {
  const arrivals = changes.map((change, index) => ({ change, index })).filter(({ change }) => isArrival(change) && !informative(change));
  const groups: Array<typeof arrivals> = [];
  for (const arrival of arrivals) {
    const group = groups.find((g) => sameStatement(g[0]!.change, arrival.change));
    if (group) group.push(arrival);
    else groups.push([arrival]);
  }
  const repeated = groups.filter((group) => new Set(group.map((a) => a.change.page)).size > 1);
  // Statements repeated across the same pages share a home: the page that is at home with most of them.
  const pageScores = new Map<string, number>();
  const pagesKey = (group: typeof arrivals) => [...new Set(group.map((a) => a.change.page!))].sort().join('\0');
  for (const group of repeated) {
    for (const a of group) {
      const key = `${pagesKey(group)}\0\0${a.change.page}`;
      pageScores.set(key, (pageScores.get(key) ?? 0) + homeScore(a.change));
    }
  }
  const score = (group: typeof arrivals, change: Change) => pageScores.get(`${pagesKey(group)}\0\0${change.page}`)!;
  // On a tie, the page that states more of its own: a summary page (a grammar appendix, an overview) repeats the others.
  const total = new Map<string, number>();
  const repeats = new Map<string, number>();
  for (const a of arrivals) total.set(a.change.page!, (total.get(a.change.page!) ?? 0) + 1);
  for (const group of repeated) for (const a of group) repeats.set(a.change.page!, (repeats.get(a.change.page!) ?? 0) + 1);
  const repeatShare = (change: Change) => (repeats.get(change.page!) ?? 0) / total.get(change.page!)!;
  const better = (group: typeof arrivals, a: Change, b: Change) =>
    score(group, a) > score(group, b) || (score(group, a) === score(group, b) && repeatShare(a) < repeatShare(b));
  const dropped = new Set<number>();
  const replaced = new Map<number, Change>();
  for (const group of repeated) {
    const home = group.reduce((best, a) => (better(group, a.change, best.change) ? a : best));
    const others = group.filter((a) => a !== home && a.change.page !== home.change.page);
    if (others.length === 0) continue;
    for (const other of others) dropped.add(other.index);
    replaced.set(home.index, withOtherPlaces(home.change, others.map((a) => placeOf(a.change))));
  }
  return changes.flatMap((change, index) => (dropped.has(index) ? [] : [replaced.get(index) ?? change]));
}

/** New rules and paragraphs of pages (the schema's records have their own inheritance reading). */
function isArrival(change: Change): boolean {
  return change.action === 'added' && (change.kind === 'rule' || change.kind === 'prose') && change.source !== 'schema' && change.after !== null && change.page !== undefined;
}

function sameStatement(a: Change, b: Change): boolean {
  if (a.id !== b.id || a.page === b.page) return false;
  const textA = a.after!.text;
  const textB = b.after!.text;
  if (normalizeText(textA) === normalizeText(textB)) return true;
  const wordsA = new Set(tokens(textA));
  const wordsB = new Set(tokens(textB));
  // The same sentence about another method or field ("… respond to `a` with …") is a statement of its own.
  if (!sameNames(textA, textB)) return false;
  return dice(wordsA, wordsB) >= SAME_STATEMENT || restatedWithin(wordsA, wordsB);
}

/** The names in code the shorter text quotes are all quoted by the longer one too. */
function sameNames(a: string, b: string): boolean {
  const names = (text: string) => new Set([...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
  const [small, large] = a.length <= b.length ? [names(a), names(b)] : [names(b), names(a)];
  return [...small].every((name) => large.has(name));
}

/** A long statement (a list of constraints) restated with an item more or less: nearly all the shorter one's words are in the longer one. */
const LONG_STATEMENT = 20;
const RESTATED = 0.8;

function restatedWithin(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  if (small.size < LONG_STATEMENT) return false;
  let shared = 0;
  for (const word of small) if (large.has(word)) shared += 1;
  return shared / small.size >= RESTATED;
}

/** Words the statement shares with its section heading and page address: where the topic is defined. */
function homeScore(change: Change): number {
  const words = new Set(tokens(change.after!.text));
  const place = tokens(`${change.section.new ?? ''} ${(change.page ?? '').replace(/[/-]/g, ' ')}`);
  return place.filter((w) => words.has(w)).length;
}

function placeOf(change: Change): string {
  return change.section.new ? `${change.page} › ${change.section.new}` : change.page!;
}

function withOtherPlaces(change: Change, places: string[]): Change {
  const after = { ...change.after!, alsoAt: places };
  return { ...change, after, message: change.message + alsoStatedAt(after) };
}
