import type { Change } from '../records/change.ts';
import { alsoStatedAt } from '../records/finalize.ts';
import { dice, normalizeText, tokens } from '../diff/similarity.ts';

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
  const groups = groupStatements(arrivals);
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

/** What `sameStatement` reads of an arrival, worked out once (a statement is compared with many). */
interface Statement {
  change: Change;
  normalized: string;
  words: ReadonlySet<string>;
  names: ReadonlySet<string>;
}

export function statementOf(change: Change): Statement {
  const text = change.after!.text;
  return { change, normalized: normalizeText(text), words: new Set(tokens(text)), names: new Set([...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!)) };
}

/**
 * Arrivals grouped by statement: each joins the first group (in the order groups were
 * opened) whose first arrival states the same, or opens a group. Comparing each arrival
 * with every group grew with their product; groups are found through an index instead,
 * which yields every group that can match (see `StatementIndex`), tried in that order.
 */
export function groupStatements<A extends { change: Change }>(arrivals: readonly A[]): A[][] {
  const statements = arrivals.map((a) => statementOf(a.change));
  const index = new StatementIndex(statements);
  const groups: A[][] = [];
  const heads: Statement[] = [];
  arrivals.forEach((arrival, i) => {
    const statement = statements[i]!;
    const found = index.candidates(statement).find((g) => sameStatement(heads[g]!, statement));
    if (found !== undefined) {
      groups[found]!.push(arrival);
      return;
    }
    index.add(groups.length, statement);
    groups.push([arrival]);
    heads.push(statement);
  });
  return groups;
}

/**
 * Every statement `sameStatement` accepts shares at least RESTATED of the smaller word
 * set with the other (Dice ≥ 0.9 means more: 0.9 of the smaller); so of the smaller set,
 * any `size − ⌈0.8·size⌉ + 1` words include one the other has (prefix filtering). Taking
 * each set's rarest words as that prefix keeps the lists short. A group is found by its
 * head's prefix words (when its head is the smaller) or by the arrival's (when it is); a
 * statement with no words at all matches only its own normalised text.
 */
class StatementIndex {
  /** How many arrivals use each word: rarer words first in a prefix. */
  private readonly use = new Map<string, number>();
  /** Groups by every word of their head. */
  private readonly byWord = new Map<string, number[]>();
  /** Groups by the words of their head's prefix. */
  private readonly byPrefixWord = new Map<string, number[]>();
  private readonly byText = new Map<string, number[]>();
  private readonly sizes: number[] = [];

  constructor(statements: readonly Statement[]) {
    for (const s of statements) for (const word of s.words) this.use.set(word, (this.use.get(word) ?? 0) + 1);
  }

  add(group: number, head: Statement): void {
    this.sizes[group] = head.words.size;
    push(this.byText, head.normalized, group);
    for (const word of head.words) push(this.byWord, word, group);
    for (const word of this.prefix(head.words)) push(this.byPrefixWord, word, group);
  }

  /** The groups whose head could state the same as `s`, in the order they were opened. */
  candidates(s: Statement): number[] {
    const found = new Set<number>(this.byText.get(s.normalized));
    // The head is the larger (or equal) set: one of the statement's prefix words is in it.
    for (const word of this.prefix(s.words)) for (const g of this.byWord.get(word) ?? []) if (this.sizes[g]! >= s.words.size) found.add(g);
    // The head is the smaller set: one of its prefix words is in the statement.
    for (const word of s.words) for (const g of this.byPrefixWord.get(word) ?? []) if (this.sizes[g]! < s.words.size) found.add(g);
    return [...found].sort((a, b) => a - b);
  }

  private prefix(words: ReadonlySet<string>): string[] {
    // One word more than the bound needs: a ratio at the threshold must not slip through rounding.
    const length = Math.min(words.size, words.size - Math.floor(RESTATED * words.size) + 2);
    return [...words].sort((a, b) => this.use.get(a)! - this.use.get(b)! || (a < b ? -1 : a > b ? 1 : 0)).slice(0, length);
  }
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

export function sameStatement(a: Statement, b: Statement): boolean {
  if (a.change.id !== b.change.id || a.change.page === b.change.page) return false;
  if (a.normalized === b.normalized) return true;
  // The same sentence about another method or field ("… respond to `a` with …") is a statement of its own.
  if (!sameNames(a, b)) return false;
  return dice(a.words, b.words) >= SAME_STATEMENT || restatedWithin(a.words, b.words);
}

/** The names in code the shorter text quotes are all quoted by the longer one too. */
function sameNames(a: Statement, b: Statement): boolean {
  const [small, large] = a.change.after!.text.length <= b.change.after!.text.length ? [a.names, b.names] : [b.names, a.names];
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

export function placeOf(change: Change): string {
  return change.section.new ? `${change.page} › ${change.section.new}` : change.page!;
}

/** The record at home, naming the other places the same change was made. */
export function withOtherPlaces(change: Change, places: string[]): Change {
  const after = { ...change.after!, alsoAt: places };
  return { ...change, after, message: change.message + alsoStatedAt(after) };
}
