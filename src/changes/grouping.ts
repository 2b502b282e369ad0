import { contentWords } from '../diff/content-words.ts';
import { dice, normalizeText } from '../diff/similarity.ts';
import { strength } from '../model/rules.ts';
import { keywordOf, ownerWords, squashed, within, type Direction, type Outlines, type RecordFacts } from './facts.ts';
import type { SplitPage } from './unit.ts';

/**
 * Which records express one difference. Records are joined in passes, each a relation read
 * from the documents' structure, names and wording, never from a list of a spec's names:
 *
 * 1. the same name, told by several records (a schema's removed notification, its method
 *    on a page, its definition);
 * 2. a field a page's table and the schema both describe (same last name, same owner);
 * 3. schema siblings: one edit repeated field by field (the same rule, the same last name,
 *    in shapes of one family; or the same transition in one definition);
 * 4. a section that came or went, with everything that came or went inside it;
 * 5. a name's home: the new (or removed) section or page that talks about it most;
 * 6. mentions: a rule or paragraph that names, in code, a name that came or went, in the
 *    same direction;
 * 7. a rule that moved and was reworded: gone from one place, arrived in another, nearly
 *    the same words and the same strength family;
 * 8. a paragraph next to a rule or field of one change in the same section;
 * 9. what is left of the wording: the editorial records of one section, together.
 *
 * Also: a page split off an older page's section is that section moved (3b); a new section
 * with no own content is titled by its sub-sections (4's containers); a lone new section
 * joins the section it is about by heading (4b); list items join their lead-in's change
 * (7a); one duty changed the same way in two places is one change (7b); a page's moved and
 * renamed sections are one rearrangement (7c). Records of informative pages (a changelog)
 * join only each other: what a changelog says is not part of the change it describes.
 */

class UnionFind {
  private readonly parent: number[];
  /** Records of informative pages (a changelog describing changes) are never one change with the records they describe. */
  private readonly apart: readonly boolean[];
  constructor(apart: readonly boolean[]) {
    this.parent = Array.from({ length: apart.length }, (_, i) => i);
    this.apart = apart;
  }
  find(i: number): number {
    let root = i;
    while (this.parent[root] !== root) root = this.parent[root]!;
    while (this.parent[i] !== root) {
      const next = this.parent[i]!;
      this.parent[i] = root;
      i = next;
    }
    return root;
  }
  pass = '';
  union(a: number, b: number): void {
    if (this.apart[a] !== this.apart[b]) return;
    if (process.env['SPECDELTA_TRACE_GROUPS'] && this.find(a) !== this.find(b)) console.error(`${this.pass}: ${a} + ${b}`);
    const ra = this.find(a);
    const rb = this.find(b);
    // The earlier record stays the root, so groups are reported in record order.
    if (ra !== rb) this.parent[Math.max(ra, rb)] = Math.min(ra, rb);
  }
}

/** Kinds whose record is about a name: what the other records of one change name. */
const NAME_KINDS = new Set(['message', 'error-code', 'definition', 'capability']);

export interface Grouping {
  /** Groups of record indices, each in record order, groups in order of their first record. */
  groups: number[][];
  /** Pairs of a gone rule and an arrived one found to be one rule moved (for the impact: a move is not a new duty). */
  moved: Map<number, number>;
  /** Sections that went because their sections moved elsewhere: a rearrangement, not a loss. */
  emptied: Set<number>;
  /** New sections that hold nothing but what moved into them: a new heading over old text. */
  hollow: Set<number>;
  /** A split page's "new page" record and its source section's "removed" record: text that moved to a page of its own. */
  split: Set<number>;
}

export function groupRecords(facts: readonly RecordFacts[], outlines: Outlines | undefined, splits: readonly SplitPage[] = []): Grouping {
  const uf = new UnionFind(facts.map((f) => f.change.informative === true));
  uf.pass = 'joinSameNames';
  joinSameNames(facts, uf);
  uf.pass = 'joinFieldsToldTwice';
  joinFieldsToldTwice(facts, uf);
  uf.pass = 'joinSchemaSiblings';
  joinSchemaSiblings(facts, uf);
  uf.pass = 'joinSplitPages';
  const split = joinSplitPages(facts, uf, splits);
  uf.pass = 'joinSectionContents';
  const hollow = joinSectionContents(facts, uf, split);
  uf.pass = 'joinLikeHeadedSections';
  joinLikeHeadedSections(facts, uf);
  uf.pass = 'joinNamesToTheirHome';
  joinNamesToTheirHome(facts, uf, outlines, split);
  uf.pass = 'joinMentions';
  joinMentions(facts, uf);
  uf.pass = 'joinMovedRules';
  const moved = joinMovedRules(facts, uf);
  uf.pass = 'joinListItems';
  joinListItems(facts, uf);
  uf.pass = 'joinDutiesToldTwice';
  joinDutiesToldTwice(facts, uf);
  uf.pass = 'joinRearrangedSections';
  const emptied = joinRearrangedSections(facts, uf);
  uf.pass = 'joinNeighbouringProse';
  joinNeighbouringProse(facts, uf);
  uf.pass = 'joinLeftoverWording';
  joinLeftoverWording(facts, uf);

  const byRoot = new Map<number, number[]>();
  for (const f of facts) {
    const root = uf.find(f.index);
    const group = byRoot.get(root) ?? [];
    group.push(f.index);
    byRoot.set(root, group);
  }
  return { groups: [...byRoot.values()], moved, emptied, hollow, split };
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** The records no pass has joined to another yet, as a pass starts (a pass's own joins do not change whom it asks about). */
function lonelyRecords(facts: readonly RecordFacts[], uf: UnionFind): Set<number> {
  const sizes = new Map<number, number>();
  for (const f of facts) sizes.set(uf.find(f.index), (sizes.get(uf.find(f.index)) ?? 0) + 1);
  return new Set(facts.filter((f) => sizes.get(uf.find(f.index)) === 1).map((f) => f.index));
}

/** 1. The same name in the same direction, whichever kind and source told it. */
function joinSameNames(facts: readonly RecordFacts[], uf: UnionFind): void {
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

/** 2. A page's field and the schema's field with the same last name and a like owner ("Elicitation Requests" ~ `ElicitRequest`). */
function joinFieldsToldTwice(facts: readonly RecordFacts[], uf: UnionFind): void {
  const schemaFields = facts.filter((f) => f.field && f.change.source === 'schema');
  for (const f of facts) {
    if (!f.field || f.change.source === 'schema') continue;
    const match = schemaFields.find((s) => s.direction === f.direction && s.field!.leaf === f.field!.leaf && dice(s.field!.owner, f.field!.owner) >= 0.5);
    if (match) uf.union(match.index, f.index);
  }
}

/**
 * 3. One edit made field by field: in the schema, the same change of type or bounds in one
 * definition, or the same id and last name in shapes of one family; on a page, the fields
 * of one new (or removed) shape.
 */
function joinSchemaSiblings(facts: readonly RecordFacts[], uf: UnionFind): void {
  const seen = new Map<string, number>();
  const join = (key: string, f: RecordFacts) => {
    const other = seen.get(key);
    if (other === undefined) seen.set(key, f.index);
    else uf.union(other, f.index);
  };
  for (const f of facts) {
    const { change } = f;
    if (change.kind !== 'schema-field' || !f.field) continue;
    if (change.source !== 'schema') {
      if (f.direction !== 'changed') join(`p\u0000${change.id}\u0000${f.page}\u0000${change.subject.replace(/\s*›[^›]*$/, '')}`, f);
      continue;
    }
    const definition = change.section.new ?? change.section.old ?? '';
    const family = [...f.field.owner][0] ?? definition;
    // Only a change of a field (its type, its bounds) has a transition two fields can share; two arrivals share nothing but their verb.
    if (f.direction === 'changed') join(`t\u0000${change.id}\u0000${definition}\u0000${change.message.replace(change.subject, '').replace(/`/g, '')}`, f);
    // An arrival or a removal of one field name in many shapes is one edit (a `task` field for every request that may run as a task).
    join(f.direction === 'changed' ? `f\u0000${change.id}\u0000${f.field.leaf}\u0000${family}` : `f\u0000${change.id}\u0000${f.field.leaf}`, f);
  }
}

/** Sections that came or went, per page and side, as heading paths keyed by their joined path. */
function movedSectionsBy(facts: readonly RecordFacts[]): Map<string, RecordFacts[]> {
  const sections = new Map<string, RecordFacts[]>();
  for (const f of facts) {
    if (f.change.kind !== 'section' || f.direction === 'changed' || f.path.length === 0) continue;
    const key = `${f.sidePage}\u0000${f.side}`;
    pushTo(sections, key, f);
  }
  return sections;
}

/**
 * 4. A section that came or went takes everything that came or went with it: records in it,
 * or in sections below it that came or went too (a section that only moved under a new
 * parent is not new, and keeps its own changes). A section that came or went holding
 * nothing of its own but sections is a container: each of those is a change of its own,
 * and the container's heading goes with the first.
 */
function joinSectionContents(facts: readonly RecordFacts[], uf: UnionFind, split: ReadonlySet<number>): Set<number> {
  const hollow = new Set<number>();
  const sections = movedSectionsBy(facts);
  const pageOf = new Map<string, RecordFacts>();
  // A page split off an older page's section was diffed against it: its records are changes of their own.
  for (const f of facts) if ((f.change.id === 'page-added' || f.change.id === 'page-removed') && !split.has(f.index)) pageOf.set(`${f.sidePage}\u0000${f.side}`, f);
  for (const [key, candidates] of sections) {
    const page = pageOf.get(key);
    if (page) {
      for (const f of facts) if (`${f.sidePage}\u0000${f.side}` === key && f.direction !== 'changed') uf.union(page.index, f.index);
      continue;
    }
    const byPath = new Map(candidates.map((s) => [s.path.join('\u0000'), s]));
    // What came or went inside, and a rule or paragraph that moved into a new section (it is what the section holds).
    const movedIn = (f: RecordFacts) => f.direction === 'changed' && f.side === 'new' && (f.change.kind === 'rule' || f.change.kind === 'prose');
    const inside = facts.filter((f) => `${f.sidePage}\u0000${f.side}` === key && (f.direction !== 'changed' || movedIn(f)));
    /** The section record of the section that came or went and holds `path` directly, if any. */
    const cameOrWent = (path: readonly string[]) => byPath.get(path.join('\u0000'));
    const holdsOwnContent = new Set<RecordFacts>();
    for (const f of inside) {
      const section = cameOrWent(f.path);
      if (section && f.change.kind !== 'section' && f.change.level !== 'editorial' && !movedIn(f)) holdsOwnContent.add(section);
    }
    /** The section a record belongs to as a change: the outermost that came or went, below any container. */
    const unitOf = (path: readonly string[]): RecordFacts | null => {
      // The record's own section and every one above it down from the outermost that came or went must have come or gone.
      let outermost = path.length;
      while (outermost > 0 && cameOrWent(path.slice(0, outermost))) outermost -= 1;
      if (outermost === path.length) return null;
      let unit = cameOrWent(path.slice(0, outermost + 1))!;
      for (let depth = outermost + 2; depth <= path.length && !holdsOwnContent.has(unit); depth++) unit = cameOrWent(path.slice(0, depth))!;
      return unit;
    };
    const firstUnitUnder = new Map<RecordFacts, RecordFacts>();
    for (const f of inside) {
      const unit = unitOf(f.path);
      if (!unit || unit.index === f.index) continue;
      uf.union(unit.index, f.index);
    }
    // A container's own heading joins the first change below it.
    for (const section of candidates) {
      if (holdsOwnContent.has(section)) continue;
      const below = candidates.filter((c) => c !== section && within(c.path, section.path) && c.path.length === section.path.length + 1);
      const first = below.sort((a, b) => a.index - b.index)[0];
      if (first && unitOf(first.path) === first) firstUnitUnder.set(section, first);
    }
    for (const [container, first] of firstUnitUnder) uf.union(first.index, container.index);
    // A new section whose every record moved in from elsewhere is a new heading over old text.
    for (const section of candidates) {
      if (section.direction !== 'added') continue;
      const held = inside.filter((f) => f.change.kind !== 'section' && within(f.path, section.path));
      if (held.length > 0 && held.every(movedIn)) hollow.add(section.index);
    }
  }
  return hollow;
}

/**
 * 3b. A page split off an older page's section is that section moved: its "new page" record
 * and the section's "removed" record are one change, and what changed in the text has its
 * own records (the split page was diffed against the section). Returns the records that
 * only say where the text went.
 */
function joinSplitPages(facts: readonly RecordFacts[], uf: UnionFind, splits: readonly SplitPage[]): Set<number> {
  const moves = new Set<number>();
  for (const split of splits) {
    const page = facts.find((f) => f.change.id === 'page-added' && f.page === split.page);
    if (!page) continue;
    moves.add(page.index);
    const source = facts.find((f) => f.change.kind === 'section' && f.direction === 'removed' && f.sidePage === split.from && f.change.subject === split.heading);
    if (source) {
      moves.add(source.index);
      uf.union(page.index, source.index);
    }
  }
  return moves;
}

/**
 * 4b. A section that came or went alone (no duty or shape inside it: a flow diagram, an
 * example) belongs to the change whose new (or removed) section's heading it shares most
 * words with, on the same page ("URL Mode Flow" with "URL Mode Elicitation Requests").
 */
function joinLikeHeadedSections(facts: readonly RecordFacts[], uf: UnionFind): void {
  const alone = lonelyRecords(facts, uf);
  const sections = facts.filter((f) => f.change.kind === 'section' && f.direction !== 'changed');
  const words = new Map(sections.map((f) => [f.index, new Set(contentWords(f.change.subject))]));
  for (const f of sections) {
    if (!alone.has(f.index)) continue;
    // Words its parent's heading gives every section under it ("Flow" of "Message Flow › URL Mode Flow") tell nothing apart.
    const context = new Set(contentWords(f.path.at(-2) ?? ''));
    const own = new Set([...words.get(f.index)!].filter((w) => !context.has(w)));
    const candidates = sections.filter((other) => other !== f && other.sidePage === f.sidePage && other.direction === f.direction && !alone.has(other.index));
    // The first section whose heading says all it says ("URL Mode" of "URL Mode Flow": "URL Mode Elicitation Requests",
    // which introduces what later sections go on about), else the most alike.
    const covering = own.size > 0 ? candidates.find((other) => [...own].every((w) => words.get(other.index)!.has(w))) : undefined;
    let best = covering ? { other: covering, score: 1 } : null;
    for (const other of covering ? [] : candidates) {
      const score = dice(own, words.get(other.index)!);
      if (score >= 0.5 && (!best || score > best.score)) best = { other, score };
    }
    if (best) uf.union(best.other.index, f.index);
  }
}

/**
 * 5. A name that came or went is at home in the section or page that came or went with it
 * and talks about it most: the heading that spells it (`URLElicitationRequiredError` under
 * "URL Elicitation Required Error"), else the one whose records (or, for a page, whose text)
 * name it most.
 */
function joinNamesToTheirHome(facts: readonly RecordFacts[], uf: UnionFind, outlines: Outlines | undefined, notHome: ReadonlySet<number>): void {
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
    const names = new Set(named.flatMap((m) => (m.field ? [m.field.leaf] : m.about)));
    // Only fields: their last names are common words, at home only where their owner is talked about.
    const owners = named.every((m) => m.field) ? new Set(named.flatMap((m) => [...m.field!.owner])) : null;
    const scores: { root: number; score: number }[] = [];
    for (const profile of profiles) {
      if (owners && ![...owners].some((w) => profile.where.has(w))) continue;
      const said = profile[direction as 'added' | 'removed'];
      let score = 0;
      for (const name of names) score += said.get(name) ?? 0;
      if (score >= 1) scores.push({ root: profile.root, score });
    }
    scores.sort((a, b) => b.score - a.score);
    // A name two places talk about alike has no one home: it stays a change of its own.
    const [best, second] = scores;
    if (best && (!second || best.score >= 2 * second.score)) uf.union(best.root, root);
  }
}

interface HomeProfile {
  root: number;
  /** Per direction, each name's weight: a heading that spells it (10), each record naming it in code (1), a page that came or went naming it twice in its text (2). */
  added: Map<string, number>;
  removed: Map<string, number>;
  /** The words of the pages and sections the home's records stand in. */
  where: Set<string>;
}

function homeProfile(root: number, members: readonly RecordFacts[], outlines: Outlines | undefined): HomeProfile {
  const profile: HomeProfile = { root, added: new Map(), removed: new Map(), where: new Set() };
  const add = (direction: Direction, name: string, weight: number) => {
    if (direction === 'changed') return;
    const tally = profile[direction];
    tally.set(name, (tally.get(name) ?? 0) + weight);
  };
  for (const m of members) {
    for (const word of placeWords(m)) profile.where.add(word);
    if (m.change.kind === 'section') add(m.direction, squashed(m.change.subject), 10);
    for (const name of m.direction === 'removed' ? m.mentions.old : m.mentions.new) add(m.direction, name, 1);
    if (m.change.id === 'page-added' || m.change.id === 'page-removed') {
      const terms = outlines?.(m.sidePage, m.side)?.terms;
      // A page that came or went tells its content only through its text.
      if (terms) for (const [name, count] of Object.entries(terms)) if (count >= 2) add(m.direction, name, 2);
    }
  }
  return profile;
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
function joinMentions(facts: readonly RecordFacts[], uf: UnionFind): void {
  const anchored = new Map<string, number>();
  // A field's last name (`mode`, `name`) is no name of its own: it is the field only where its owner is talked about.
  const fieldAnchors = new Map<string, RecordFacts[]>();
  for (const f of facts) {
    if (f.direction === 'changed') continue;
    if (NAME_KINDS.has(f.change.kind)) {
      for (const name of f.about) {
        const key = `${f.direction}\u0000${name}`;
        if (!anchored.has(key)) anchored.set(key, f.index);
      }
    } else if (f.field && f.change.source === 'schema') {
      const key = `${f.direction}\u0000${f.field.leaf}`;
      pushTo(fieldAnchors, key, f);
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
      for (const name of [...about, ...names]) {
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

/** 7. A rule gone from one place and arrived at another on the same page, nearly word for word. */
function joinMovedRules(facts: readonly RecordFacts[], uf: UnionFind): Map<number, number> {
  const moved = new Map<number, number>();
  const rules = facts.filter((f) => f.change.kind === 'rule' && f.direction !== 'changed' && f.change.action !== 'moved');
  const gone = rules.filter((f) => f.direction === 'removed');
  const arrived = rules.filter((f) => f.direction === 'added');
  if (gone.length === 0 || arrived.length === 0) return moved;
  // Words most of a page's rules use ("servers", the page's own topic) tell no two rules apart.
  const common = commonWords(rules);
  const words = new Map<number, Set<string>>();
  const wordsOf = (f: RecordFacts) => {
    let set = words.get(f.index);
    if (!set) words.set(f.index, (set = new Set(ruleWords(f).filter((w) => !common.get(f.page)?.has(w)))));
    return set;
  };
  for (const a of arrived) {
    let best: { f: RecordFacts; score: number } | null = null;
    for (const g of gone) {
      if (g.page !== a.page || family(g) !== family(a)) continue;
      const score = dice(wordsOf(g), wordsOf(a));
      if (score >= MOVED_RULE && (!best || score > best.score)) best = { f: g, score };
    }
    if (best) {
      uf.union(best.f.index, a.index);
      moved.set(a.index, best.f.index);
    }
  }
  return moved;
}

/**
 * 7a. An item of a list that came or went under a lead-in whose own wording changed is part
 * of that change ("MUST … Specifically:" reworded, one of its bullets gone).
 */
function joinListItems(facts: readonly RecordFacts[], uf: UnionFind): void {
  const changedRules = facts.filter((f) => f.change.kind === 'rule' && f.direction === 'changed');
  if (changedRules.length === 0) return;
  const wordingOf = (text: unknown) => (typeof text === 'string' ? normalizeText(text) : '');
  for (const f of facts) {
    if (f.change.kind !== 'rule' || f.direction === 'changed') continue;
    const leadIn = wordingOf((f.direction === 'removed' ? f.change.before : f.change.after)?.['leadIn']);
    if (leadIn.length < 20) continue;
    const own = changedRules.find((r) => r.page === f.page && [r.change.before?.text, r.change.after?.text].some((t) => wordingOf(t).startsWith(leadIn) || leadIn.startsWith(wordingOf(t))));
    if (own) uf.union(own.index, f.index);
  }
}

/**
 * 7b. One duty changed the same way in two places of a page (a recommendation the page made
 * twice, strengthened in both): the same catalog id, the same party, nearly the same words.
 */
function joinDutiesToldTwice(facts: readonly RecordFacts[], uf: UnionFind): void {
  const alone = lonelyRecords(facts, uf);
  // Only rules no section took: a rule inside a new section is that section's, and two sections' rules are two duties.
  const rules = facts.filter((f) => f.change.kind === 'rule' && f.change.level !== 'editorial' && alone.has(f.index) && actorOf(f) !== '');
  const words = new Map(rules.map((f) => [f.index, new Set(contentWords((f.direction === 'removed' ? f.change.before : f.change.after)!.text))]));
  for (let i = 0; i < rules.length; i++) {
    for (let j = i + 1; j < rules.length; j++) {
      const a = rules[i]!;
      const b = rules[j]!;
      if (a.page !== b.page || a.change.id !== b.change.id || actorOf(a) !== actorOf(b) || a.path.join('\u0000') === b.path.join('\u0000')) continue;
      if (dice(words.get(a.index)!, words.get(b.index)!) >= 0.6) uf.union(a.index, b.index);
    }
  }
}

/** The party a rule binds, by its last word ("MCP clients" and "clients" are one party). */
function actorOf(f: RecordFacts): string {
  const side = f.direction === 'removed' ? f.change.before : f.change.after;
  return String(side?.actor ?? '').toLowerCase().split(/\s+/).at(-1) ?? '';
}

/**
 * 7c. A page's sections rearranged: sections that moved or were renamed, and a section
 * removed whose sections moved elsewhere, are one editorial change of the page.
 */
function joinRearrangedSections(facts: readonly RecordFacts[], uf: UnionFind): Set<number> {
  const emptied = new Set<number>();
  const rearranged = facts.filter((f) => f.change.kind === 'section' && f.direction === 'changed' && (f.change.action === 'moved' || f.change.action === 'renamed') && f.change.level === 'editorial');
  const first = new Map<string, number>();
  for (const f of rearranged) {
    const other = first.get(f.page);
    if (other === undefined) first.set(f.page, f.index);
    else uf.union(other, f.index);
  }
  // A section that went while its sections moved out of it: its heading is where they moved from.
  for (const f of facts) {
    if (f.change.kind !== 'section' || f.direction !== 'removed' || !first.has(f.page)) continue;
    const heading = f.change.subject;
    const movedOut = rearranged.some((r) => r.page === f.page && r.change.action === 'moved' && r.change.message.includes(`from "${heading}"`));
    if (movedOut && lonelyRecords(facts, uf).has(f.index)) {
      uf.union(first.get(f.page)!, f.index);
      emptied.add(f.index);
    }
  }
  return emptied;
}

/** How alike a gone and an arrived rule must be to be one rule moved (their telling words, see commonWords). */
const MOVED_RULE = 0.5;

const ruleWordsCache = new WeakMap<RecordFacts, string[]>();
function ruleWords(f: RecordFacts): string[] {
  let words = ruleWordsCache.get(f);
  if (!words) ruleWordsCache.set(f, (words = contentWords((f.direction === 'removed' ? f.change.before : f.change.after)!.text)));
  return words;
}

/** Per page, the words at least a fifth of its changed rules use (three rules at least). */
function commonWords(rules: readonly RecordFacts[]): Map<string, Set<string>> {
  const byPage = new Map<string, RecordFacts[]>();
  for (const f of rules) pushTo(byPage, f.page, f);
  const common = new Map<string, Set<string>>();
  for (const [page, list] of byPage) {
    const counts = new Map<string, number>();
    for (const f of list) for (const w of new Set(ruleWords(f))) counts.set(w, (counts.get(w) ?? 0) + 1);
    const floor = Math.max(3, list.length / 5);
    common.set(page, new Set([...counts].filter(([, n]) => n >= floor).map(([w]) => w)));
  }
  return common;
}

/** Absolute duties and recommendations are not one rule told twice. */
function family(f: RecordFacts): 'absolute' | 'recommendation' {
  return strength(keywordOf(f)) >= 3 ? 'absolute' : 'recommendation';
}

/** 8. A paragraph standing next to a rule or field of a change, in the same section and direction, explains it. */
function joinNeighbouringProse(facts: readonly RecordFacts[], uf: UnionFind): void {
  const alone = lonelyRecords(facts, uf);
  // What a paragraph may explain: a rule, field or shape, or a statement whose sense changed (an inversion), not another paragraph's wording.
  const anchors = facts.filter((f) => f.change.kind !== 'term' && f.change.kind !== 'section' && f.change.level !== 'editorial' && f.line !== null);
  const loose = facts.filter((f) => f.change.kind === 'prose' && f.change.level === 'editorial' && f.line !== null && !f.change.informative && alone.has(f.index));
  // Paragraphs in a row (a list's items) go together, joined where the first of them stands: a list follows what introduces it.
  for (const block of blocksOf(loose)) {
    const first = block[0]!;
    let best: { anchor: RecordFacts; distance: number } | null = null;
    for (const a of anchors) {
      // A changed anchor stands on both sides: a paragraph that went sits next to its old wording.
      const line = a.direction === 'changed' && first.side === 'old' ? a.change.before?.line : a.direction === first.direction ? a.line : null;
      if (typeof line !== 'number' || a.sidePage !== first.sidePage || (a.path.join('\u0000') !== first.path.join('\u0000') && a.direction !== 'changed')) continue;
      if (a.direction === 'changed' && first.side === 'old' && a.change.section.old !== first.change.section.old) continue;
      const distance = Math.abs(line - first.line!);
      if (distance <= NEIGHBOUR_LINES && (!best || distance < best.distance || (distance === best.distance && line <= first.line!))) best = { anchor: a, distance };
    }
    if (best) for (const f of block) uf.union(best.anchor.index, f.index);
  }
}

/** Runs of records on consecutive lines (at most two apart) of one section, side and direction. */
function blocksOf(records: readonly RecordFacts[]): RecordFacts[][] {
  const sorted = [...records].sort((a, b) => a.sidePage.localeCompare(b.sidePage) || a.side.localeCompare(b.side) || a.line! - b.line!);
  const blocks: RecordFacts[][] = [];
  for (const f of sorted) {
    const last = blocks.at(-1)?.at(-1);
    const together = last && last.sidePage === f.sidePage && last.side === f.side && last.direction === f.direction && last.path.join('\u0000') === f.path.join('\u0000') && f.line! - last.line! <= 2;
    if (together) blocks.at(-1)!.push(f);
    else blocks.push([f]);
  }
  return blocks;
}

/** How far apart (in lines) a paragraph and the rule it explains may stand: a blank line and a short paragraph between. */
const NEIGHBOUR_LINES = 4;

/** 9. The editorial records nothing else took, one change per section of a page. */
function joinLeftoverWording(facts: readonly RecordFacts[], uf: UnionFind): void {
  const alone = lonelyRecords(facts, uf);
  const bySection = new Map<string, number>();
  for (const f of facts) {
    if (f.change.level !== 'editorial' || !alone.has(f.index) || f.change.kind === 'section') continue;
    if (f.change.kind !== 'prose' && f.change.kind !== 'rule' && f.change.kind !== 'term') continue;
    const key = `${f.change.source ?? 'page'}\u0000${f.page}\u0000${f.change.informative ? 'i' : ''}\u0000${f.path.join('\u0000') || (f.change.section.new ?? f.change.section.old ?? '')}`;
    const other = bySection.get(key);
    if (other === undefined) bySection.set(key, f.index);
    else uf.union(other, f.index);
  }
}
