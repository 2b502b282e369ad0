import type { ChangelogItem } from './items.ts';
import { identifiersIn, referencesIn } from './identifiers.ts';
import { resolveLink, type PageLink } from './links.ts';
import type { RecordIndex } from './record-index.ts';
import { wordsIn } from './words.ts';

/**
 * One changelog item held against the records: which records reflect it, and why. The
 * evidence, strongest first: an identifier the record changed (its subject), a document
 * reference both cite, a link to the record's page and section, an identifier the record's
 * text mentions (only when few records mention it: a name every page uses says nothing
 * about which change is meant), and words the two share, weighted by how rare each word is
 * among the records.
 */
interface ItemMatch {
  item: ChangelogItem;
  /** Indexes into the record index, in record order. */
  records: number[];
  /** What matched, for a reader: "`ElicitResult`", "link client/elicitation#…", "words: elicit, url". */
  evidence: string[];
}

export interface MatchContext {
  /** The newer revision's page ids, to resolve links. */
  pages: ReadonlySet<string>;
  /** Heading keys of the section a fragment names on a page and of every section under it; null when the page has no such section. */
  sectionsUnder(page: string, fragment: string): ReadonlySet<string> | null;
  /** Words most pages of the revision use (the spec's own name, its vocabulary): they tell no change apart. */
  commonWords: ReadonlySet<string>;
  /** Identifiers most pages use (`JSON-RPC`, `_meta`): like common words, they only count beside other evidence. */
  commonIdentifiers: ReadonlySet<string>;
}

/** An identifier more records than this share change or mention names no change in particular. */
const MENTION_SHARE = 0.03;
const MENTION_FLOOR = 6;
/** Words in more records than this share are too common to tell changes apart. */
const COMMON_WORD_SHARE = 0.2;
/**
 * Word matching: at least this many shared words, weighing at least what as many words each
 * in 1 record of RARE_WORD_RECORDS would (a word weighs ln(records / records with the word)).
 */
const MIN_SHARED_WORDS = 3;
/** On a page the item links, fewer shared words suffice: the link already says where. */
const LINKED_MIN_SHARED_WORDS = 2;
const RARE_WORD_RECORDS = 50;
const LINKED_RARE_WORD_RECORDS = 20;
/** Word matching never claims more records than this for one item: the best-scored are kept (precision over recall). */
const MAX_WORD_MATCHES = 12;

/** Reasons per record, strong (enough alone) and weak (enough beside other evidence). */
interface Ledger {
  strong: Map<number, Set<string>>;
  weak: Map<number, Set<string>>;
}

function note(into: Map<number, Set<string>>, at: number, why: string): void {
  const reasons = into.get(at);
  if (reasons) reasons.add(why);
  else into.set(at, new Set([why]));
}

export function matchItem(item: ChangelogItem, index: RecordIndex, context: MatchContext): ItemMatch {
  const ledger: Ledger = { strong: new Map(), weak: new Map() };
  noteIdentifiers(item, index, context, ledger);
  for (const ref of referencesIn(item.text)) for (const at of index.byReference.get(ref) ?? []) note(ledger.strong, at, ref);
  const linkedPages = noteLinks(item, index, context, ledger);
  const allWords = wordsIn(item.text);
  noteHeadings(allWords, index, ledger);
  const words = wordScores(new Set([...allWords].filter((w) => !context.commonWords.has(w))), index);
  noteWords(words, linkedPages, index, ledger);
  settleWeak(words, index, ledger);
  const records = [...ledger.strong.keys()].sort((a, b) => a - b);
  const evidence = [...new Set(records.flatMap((at) => [...ledger.strong.get(at)!]))];
  return { item, records, evidence };
}

/** Names the item shares with records; a name many records change or mention, or most pages use (`description`, `JSON-RPC`), is weak. */
function noteIdentifiers(item: ChangelogItem, index: RecordIndex, context: MatchContext, ledger: Ledger): void {
  const rare = Math.max(MENTION_FLOOR, index.records.length * MENTION_SHARE);
  for (const id of identifiersIn(item.text, item.codeSpans)) {
    const everyday = context.commonIdentifiers.has(id);
    for (const postings of [index.bySubjectId.get(id) ?? [], index.byTextId.get(id) ?? []]) {
      const into = postings.length <= rare && !everyday ? ledger.strong : ledger.weak;
      for (const at of postings) note(into, at, `\`${id}\``);
    }
  }
}

/** Records under a linked section (or about a linked page as a whole); returns the linked pages. */
function noteLinks(item: ChangelogItem, index: RecordIndex, context: MatchContext, ledger: Ledger): Set<string> {
  const links = item.links.map((l) => resolveLink(l.url, context.pages)).filter((l): l is PageLink => l !== null);
  for (const link of links) {
    const under = link.fragment === null ? null : context.sectionsUnder(link.page, link.fragment);
    const name = under ? `${link.page}#${link.fragment}` : link.page;
    for (const at of index.byPage.get(link.page) ?? []) {
      const { change, sectionKeys } = index.records[at]!;
      const wholePage = change.section.old === null && change.section.new === null;
      if (wholePage || (under !== null && sectionKeys.some((k) => under.has(k)))) note(ledger.strong, at, `link ${name}`);
    }
  }
  return new Set(links.map((l) => l.page));
}

/**
 * Records whose section heading the item spells out in full ("Tool Names" in "guidance on
 * tool names"); a one-word heading ("Icons", "Capabilities") is too easily spelled by chance
 * to stand alone.
 */
function noteHeadings(words: ReadonlySet<string>, index: RecordIndex, ledger: Ledger): void {
  for (const { heading, words: named, records } of index.byHeading.values()) {
    if (named.length === 0 || !named.every((w) => words.has(w))) continue;
    for (const at of records) note(named.length >= 2 ? ledger.strong : ledger.weak, at, `section “${heading}”`);
  }
}

/** Records sharing enough rare words (fewer on a linked page), the best-scored few. */
function noteWords(words: Map<number, WordScore>, linkedPages: ReadonlySet<string>, index: RecordIndex, ledger: Ledger): void {
  const total = index.records.length;
  // A small spec has few records, so rarity is measured against what its size allows.
  const minWeight = MIN_SHARED_WORDS * Math.log(Math.min(total, RARE_WORD_RECORDS));
  const linkedMinWeight = LINKED_MIN_SHARED_WORDS * Math.log(Math.min(total, LINKED_RARE_WORD_RECORDS));
  const matches: { at: number; shared: string[]; weight: number }[] = [];
  for (const [at, { shared, weight }] of words) {
    const linked = linkedPages.has(index.records[at]!.change.page ?? '');
    const enough = linked ? shared.length >= LINKED_MIN_SHARED_WORDS && weight >= linkedMinWeight : shared.length >= MIN_SHARED_WORDS && weight >= minWeight;
    if (enough) matches.push({ at, shared, weight });
  }
  matches.sort((a, b) => b.weight - a.weight || a.at - b.at);
  for (const { at, shared } of matches.slice(0, MAX_WORD_MATCHES)) note(ledger.strong, at, `words: ${shared.join(', ')}`);
}

/**
 * Weak evidence stands when two pieces agree, when the record shares significant words with
 * the item, or when the item is already confirmed in the record's section (the section that
 * came with a field the item names).
 */
function settleWeak(words: Map<number, WordScore>, index: RecordIndex, ledger: Ledger): void {
  const placeOf = (at: number) => `${index.records[at]!.change.page}\u0000${index.records[at]!.sectionKeys.join('\u0000')}`;
  const confirmedPlaces = new Set([...ledger.strong.keys()].map(placeOf));
  for (const [at, reasons] of ledger.weak) {
    const shared = words.get(at)?.shared ?? [];
    if (reasons.size >= 2 || shared.length >= 2 || ledger.strong.has(at) || confirmedPlaces.has(placeOf(at))) for (const why of reasons) note(ledger.strong, at, why);
  }
}

interface WordScore {
  shared: string[];
  weight: number;
}

/** Each record sharing significant words with the item: which words, and their summed rarity. */
function wordScores(words: ReadonlySet<string>, index: RecordIndex): Map<number, WordScore> {
  const total = index.records.length;
  const scores = new Map<number, WordScore>();
  for (const word of words) {
    const postings = index.byWord.get(word);
    if (!postings || postings.length > total * COMMON_WORD_SHARE) continue;
    const weight = Math.log(total / postings.length);
    for (const at of postings) {
      const score = scores.get(at);
      if (score) {
        score.shared.push(word);
        score.weight += weight;
      } else scores.set(at, { shared: [word], weight });
    }
  }
  return scores;
}
