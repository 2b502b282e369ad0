import type { PageOutline } from '../../model/outline.ts';
import { canonicalName, keywordOf, ownerWords, squashed, type Direction, type Outlines, type RecordFacts } from '../facts.ts';
import { lonelyRecords, pushTo, type UnionFind } from './union-find.ts';

/**
 * Relations of names (grouping.ts lists them in order): the same name told by several
 * records (1), a name's home (5), mentions of a name that came or went (6).
 */

/** Kinds whose record is about a name: what the other records of one change name. */
const NAME_KINDS = new Set(['message', 'error-code', 'definition', 'capability']);

/** 1. The same name in the same direction, whichever kind and source told it. */
export function joinSameNames(facts: readonly RecordFacts[], uf: UnionFind): void {
  const first = new Map<string, number>();
  for (const f of facts) {
    if (!NAME_KINDS.has(f.change.kind) && !(f.change.kind === 'schema-field' && f.change.source === 'schema')) continue;
    for (const name of f.about) {
      const key = `${f.direction}\u0000${name}`;
      const seen = first.get(key);
      if (seen === undefined) first.set(key, f.index);
      else uf.union(seen, f.index);
    }
  }
}

/**
 * 5. A name that came or went is at home in the section or page that came or went with it
 * and talks about it most: the heading that spells it (`WidgetJammedError` under
 * "Widget Jammed Error"), else the one whose records (or, for a page, whose text)
 * name it most.
 */
export function joinNamesToTheirHome(facts: readonly RecordFacts[], uf: UnionFind, outlines: Outlines | undefined, notHome: ReadonlySet<number>): void {
  const homes = facts.filter((f) => f.direction !== 'changed' && (f.change.kind === 'section' || f.change.id === 'page-added' || f.change.id === 'page-removed') && !notHome.has(f.index));
  if (homes.length === 0) return;
  const membersOf = new Map<number, RecordFacts[]>();
  for (const f of facts) {
    const root = uf.find(f.index);
    const list = membersOf.get(root);
    if (list) list.push(f);
    else membersOf.set(root, [f]);
  }
  // What each home says, read once: how often it names each name, and the words of where it is.
  const profiles = [...new Set(homes.map((h) => uf.find(h.index)))].map((root) => homeProfile(root, membersOf.get(root) ?? [], outlines));
  const homeRoots = new Set(profiles.map((p) => p.root));
  for (const [root, members] of membersOf) {
    if (homeRoots.has(root)) continue;
    const named = members.filter((m) => m.direction !== 'changed' && m.change.source === 'schema' && (NAME_KINDS.has(m.change.kind) || m.field));
    if (named.length === 0) continue;
    const direction = named[0]!.direction;
    // An error constant is also spelled without its kind word (`WIDGET_JAMMED` for `WidgetJammedError`).
    // A namespaced key (`vendor.example/logLevel`) is also called by its own name, without the namespace.
    const names = new Set(named.flatMap((m) => (m.field ? [m.field.leaf, ...ownName(m.field.leaf), ...innerPaths(m.change.subject)] : [...m.about, ...m.aliases])));
    // Names as written (camelCase tells their words apart), read into words once for every candidate home.
    const nameWords = [...new Set(named.filter((m) => !m.field).map((m) => m.change.subject))].map(ownerWords);
    const spelledWords = nameWords.filter((words) => words.size >= 3);
    // The same words without a plural "s", to meet a page named in the plural.
    const namedWords = nameWords.map((words) => new Set([...words].map(singular)));
    // Only fields: their last names are common words, at home only where their owner is talked about.
    const owners = named.every((m) => m.field) ? new Set(named.flatMap((m) => [...m.field!.owner])) : null;
    const scores: { root: number; score: number }[] = [];
    for (const profile of profiles) {
      if (owners && ![...owners].some((w) => profile.where.has(w))) continue;
      const said = profile[direction as 'added' | 'removed'];
      let score = 0;
      for (const name of names) {
        score += said.get(name) ?? 0;
        // A heading or page spells `server/discover` as "serverdiscover".
        if (squashed(name) !== name) score += said.get(squashed(name)) ?? 0;
        score += HEADING_PREFIX * profile.headings[direction as 'added' | 'removed'].filter((h) => extendsName(h.squashed, squashed(name))).length;
      }
      for (const words of spelledWords) score += HEADING_PREFIX * profile.headings[direction as 'added' | 'removed'].filter((h) => holdsWords(h.words, words)).length;
      // A shape whose name holds the word a page that came (or went) is named for ("GetWidgetResult" and the page `widgets`) is a part of that page's feature.
      const pageWord = profile.pageWord[direction as 'added' | 'removed'];
      if (pageWord) score += PAGE_WORD * namedWords.filter((words) => words.has(pageWord)).length;
      if (score >= 1) scores.push({ root: profile.root, score });
    }
    scores.sort((a, b) => b.score - a.score);
    // A name two places talk about alike has no one home: it stays a change of its own.
    const [best, second] = scores;
    if (best && (!second || best.score >= 2 * second.score)) uf.union(best.root, root);
  }
}

/**
 * How a page writes a schema field's path without its definition: `sampling.tools` for
 * `Capabilities.sampling.tools` (each dotted tail of two names or more).
 */
function innerPaths(path: string): string[] {
  const parts = canonicalName(path).split('.');
  return parts.slice(1, -1).map((_, i) => parts.slice(i + 1).join('.'));
}

/**
 * A heading that is a name and a word or two after it ("Widget Filter Modes" for `WidgetFilter`,
 * "Widget Events" for `WidgetEvent`), or before it ("Per-widget spin speed" for `spinSpeed`):
 * about that name, less surely than one that spells it.
 * Short names (`Tool`) begin too many headings to count.
 */
const HEADING_PREFIX = 5;

/** A shape named with a word of a page that came or went: less sure than a heading that spells it, more than a mention. */
const PAGE_WORD = 3;

/** A stemmed word without its plural "s" ("tasks" → "task"), as page ids are often plural and shape names singular. */
function singular(word: string): string {
  return word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;
}

/**
 * A heading that holds every word of a long name (three at least), in any order, and at most
 * one more ("Widget Archive Requests" for `ArchiveWidgetRequestParams`: the words of a shape,
 * stemmed).
 */
function holdsWords(heading: ReadonlySet<string>, words: ReadonlySet<string>): boolean {
  return [...words].every((w) => heading.has(w)) && heading.size - words.size <= 1;
}

function extendsName(heading: string, name: string): boolean {
  return name.length >= 8 && heading !== name && (heading.startsWith(name) || heading.endsWith(name)) && heading.length - name.length <= 10;
}

/** A namespaced key's own name: what follows its namespace. */
function ownName(key: string): string[] {
  return NAMESPACED.test(key) ? [key.slice(key.lastIndexOf('/') + 1)] : [];
}

interface Heading {
  squashed: string;
  words: Set<string>;
}

interface HomeProfile {
  root: number;
  /** Per direction, the squashed headings of the sections that came or went. */
  headings: { added: Heading[]; removed: Heading[] };
  /** Per direction, each name's weight: a heading that spells it (10), each record naming it in code (1), a page that came or went naming it twice in its text (2). */
  added: Map<string, number>;
  removed: Map<string, number>;
  /** The words of the pages and sections the home's records stand in. */
  where: Set<string>;
  /** Per direction, the word a page that came or went is named for (its id's last part, or its folder's for an index), singular and stemmed. */
  pageWord: { added: string | null; removed: string | null };
}

function homeProfile(root: number, members: readonly RecordFacts[], outlines: Outlines | undefined): HomeProfile {
  const profile: HomeProfile = { root, added: new Map(), removed: new Map(), where: new Set(), headings: { added: [], removed: [] }, pageWord: { added: null, removed: null } };
  const add = (direction: Direction, name: string, weight: number) => {
    if (direction === 'changed') return;
    const tally = profile[direction];
    tally.set(name, (tally.get(name) ?? 0) + weight);
  };
  for (const m of members) {
    for (const word of placeWords(m)) profile.where.add(word);
    if (m.change.kind === 'section') {
      add(m.direction, squashed(m.change.subject), 10);
      if (m.direction !== 'changed') profile.headings[m.direction].push({ squashed: squashed(m.change.subject), words: ownerWords(m.change.subject) });
    }
    for (const name of m.direction === 'removed' ? m.mentions.old : m.mentions.new) add(m.direction, name, 1);
    if (m.change.id === 'page-added' || m.change.id === 'page-removed') {
      // A page named for a name (its id or its title spells it: "Ping", `server/discover`) is that name's home, as a heading that spells it is.
      for (const spelled of pageSpellings(m.sidePage, outlines?.(m.sidePage, m.side))) add(m.direction, spelled, 10);
      if (m.direction !== 'changed') profile.pageWord[m.direction] = pageWordOf(m.sidePage);
      const terms = outlines?.(m.sidePage, m.side)?.terms;
      // A page that came or went tells its content only through its text.
      if (terms) for (const [name, count] of Object.entries(terms)) if (count >= 2) add(m.direction, name, 2);
    }
  }
  return profile;
}

/** How a page spells what it is about: its id, its id's last part and its title, squashed as headings are. */
function pageSpellings(page: string, outline: PageOutline | undefined): Set<string> {
  const title = outline?.sections[0]?.path[0];
  return new Set([page, page.split('/').pop() ?? page, ...(title ? [title] : [])].map(squashed).filter((s) => s !== ''));
}

/** The one word a page id is named for: its last part (its folder's, for an index page), when that is one word. */
function pageWordOf(page: string): string | null {
  const parts = page.split('/');
  const last = parts.at(-1) === 'index' ? parts.at(-2) : parts.at(-1);
  const words = [...ownerWords(last ?? '')];
  return words.length === 1 ? singular(words[0]!) : null;
}

/** The words of where a record stands (its page and section path), as owner words, read once per place. */
const placeWordsCache = new Map<string, Set<string>>();

function placeWords(f: RecordFacts): Set<string> {
  const key = [f.sidePage, ...f.path].join(' ');
  let words = placeWordsCache.get(key);
  if (!words) {
    if (placeWordsCache.size > 10_000) placeWordsCache.clear();
    placeWordsCache.set(key, (words = ownerWords(key)));
  }
  return words;
}

/** 6. A rule, paragraph or term that names in code what came (or went), in the same direction, is part of that change. */
/** A key qualified by a namespace: a dotted domain or a path before its name. */
const NAMESPACED = /^[\w-]+(?:\.[\w-]+)+\/[\w-]+$|^[\w.-]+\/[\w-]+$/;

/**
 * A rule's names, those its keyword asks for first ("… the server MUST return a
 * `WidgetJammedError`"): what a duty asks for is what it is part of, more than a name in its
 * condition ("If a request lacks `widgetId`, …").
 */
function askedFirst(f: RecordFacts, names: Iterable<string>): string[] {
  const list = [...names];
  if (f.change.kind !== 'rule') return list;
  const text = String((f.direction === 'removed' ? f.change.before : f.change.after)?.text ?? '').toLowerCase();
  const keyword = text.indexOf(keywordOf(f).toLowerCase());
  if (keyword < 0) return list;
  const asked = (name: string) => text.indexOf(name, keyword) >= 0;
  return [...list.filter(asked), ...list.filter((name) => !asked(name))];
}

export function joinMentions(facts: readonly RecordFacts[], uf: UnionFind): void {
  const anchored = new Map<string, number>();
  // A field's last name (`mode`, `name`) is no name of its own: it is the field only where its owner is talked about.
  const fieldAnchors = new Map<string, RecordFacts[]>();
  for (const f of facts) {
    if (f.direction === 'changed') continue;
    if (NAME_KINDS.has(f.change.kind)) {
      for (const name of [...f.about, ...f.aliases]) {
        const key = `${f.direction}\u0000${name}`;
        if (!anchored.has(key)) anchored.set(key, f.index);
      }
    } else if (f.field && f.change.source === 'schema') {
      const key = `${f.direction}\u0000${f.field.leaf}`;
      // A namespaced last name (`vendor.example/level`) is nobody else's: it is a name of its own wherever it is written.
      if (NAMESPACED.test(f.field.leaf)) {
        if (!anchored.has(key)) anchored.set(key, f.index);
      } else pushTo(fieldAnchors, key, f);
    }
  }
  const fieldAnchor = (key: string, f: RecordFacts): number | undefined => {
    const where = placeWords({ ...f, sidePage: f.page });
    return fieldAnchors.get(key)?.find((a) => [...a.field!.owner].some((w) => where.has(w)))?.index;
  };
  if (anchored.size === 0 && fieldAnchors.size === 0) return;
  const alone = lonelyRecords(facts, uf);
  for (const f of facts) {
    // A record already part of a change (a rule in a new section) belongs there, whatever else it names.
    if (!['rule', 'prose', 'term'].includes(f.change.kind) || !alone.has(f.index) || f.change.informative) continue;
    const wanted: [Direction, Iterable<string>][] =
      f.direction === 'added' ? [['added', f.mentions.new]]
        : f.direction === 'removed' ? [['removed', f.mentions.old]]
          : [['removed', [...f.mentions.old].filter((n) => !f.mentions.new.has(n))], ['added', [...f.mentions.new].filter((n) => !f.mentions.old.has(n))]];
    const about = f.change.kind === 'term' ? f.about : [];
    let joined = false;
    for (const [direction, names] of wanted) {
      for (const name of [...about, ...askedFirst(f, names)]) {
        const key = `${direction}\u0000${name}`;
        const anchor = anchored.get(key) ?? fieldAnchor(key, f);
        if (anchor !== undefined && anchor !== f.index) {
          uf.union(anchor, f.index);
          joined = true;
          break;
        }
      }
      if (joined) break;
    }
  }
}
