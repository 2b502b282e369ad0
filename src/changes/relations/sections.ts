import { contentWords } from '../../diff/content-words.ts';
import { dice } from '../../diff/similarity.ts';
import { canonicalName, within, type Outlines, type RecordFacts } from '../facts.ts';
import type { SplitPage } from '../unit.ts';
import { lonelyRecords, pushTo, type UnionFind } from './union-find.ts';

/**
 * Relations of sections: a page split off a section (3b), a section that came or went with
 * its contents (4), a lone new section joining the one it is about (4b), a page's sections
 * rearranged (7c).
 */

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
export function joinSectionContents(facts: readonly RecordFacts[], uf: UnionFind, split: ReadonlySet<number>): Set<number> {
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
 * own records (the split page was diffed against the section); the passages that came along
 * word for word, or only reworded, are that move too. Returns the records that only say
 * where the text went.
 */
export function joinSplitPages(facts: readonly RecordFacts[], uf: UnionFind, splits: readonly SplitPage[], outlines: Outlines | undefined): Set<number> {
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
    // What came along with the section, word for word or only reworded, is that move too; a change of duty stays its own.
    for (const f of facts) {
      // From the split section itself: not from a like-named section of another page.
      const from = f.change.before?.['page'];
      if (f.page !== split.page || f.direction !== 'changed' || !withinSplit(f.change, split, outlines) || (from !== undefined && !samePage(String(from), split.from))) continue;
      if (f.change.action === 'moved' || f.change.level === 'editorial') {
        moves.add(f.index);
        uf.union(page.index, f.index);
      }
    }
  }
  return moves;
}

/**
 * From the split section itself, or from a section that stood under it on the old page and kept
 * its heading on the new one (a sub-section that came along; text that went into a new
 * section of the page is that section's).
 */
function withinSplit(change: RecordFacts['change'], split: SplitPage, outlines: Outlines | undefined): boolean {
  const heading = change.section.old;
  if (heading === split.heading) return true;
  if (change.section.new !== heading) return false;
  // The old page under its old id: a page that became a folder's index (`a` → `a/index`) is named by its newer id.
  const outline = outlines?.(split.from, 'old') ?? outlines?.(split.from.replace(/\/index$/, ''), 'old');
  return heading !== null && (outline?.sections ?? []).some((s) => s.path.at(-1) === heading && s.path.slice(0, -1).includes(split.heading));
}

/** One page under two ids: `a` became `a/index` when pages were split off it. */
function samePage(a: string, b: string): boolean {
  return a.replace(/\/index$/, '') === b.replace(/\/index$/, '');
}

/**
 * 4b. A section that came or went alone (no duty or shape inside it: a flow diagram, an
 * example) belongs to the change whose new (or removed) section's heading it shares most
 * words with, on the same page ("URL Mode Flow" with "URL Mode Elicitation Requests").
 */
export function joinLikeHeadedSections(facts: readonly RecordFacts[], uf: UnionFind): void {
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
 * 7c. A page's sections rearranged: sections that moved or were renamed, and a section
 * removed whose sections moved elsewhere, are one editorial change of the page.
 */
export function joinRearrangedSections(facts: readonly RecordFacts[], uf: UnionFind): Set<number> {
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

/**
 * 4c. Examples under one new heading are one change: a container of sections that each hold
 * only an example ("Map Examples" over "A street map:", "A relief map:") says
 * one thing, not one per example. Sections that state something stay changes of their own.
 */
export function joinExampleSiblings(facts: readonly RecordFacts[], uf: UnionFind): void {
  const byParent = new Map<string, RecordFacts[]>();
  for (const f of facts) {
    if (f.change.kind !== 'section' || f.direction === 'changed' || (f.change.after ?? f.change.before)?.['holds'] !== 'example' || f.path.length < 2) continue;
    pushTo(byParent, [f.direction, f.sidePage, ...f.path.slice(0, -1)].join('\u0000'), f);
  }
  const parents = new Map<string, RecordFacts>();
  for (const f of facts) if (f.change.kind === 'section' && f.direction !== 'changed') parents.set([f.direction, f.sidePage, ...f.path].join('\u0000'), f);
  for (const [parent, examples] of byParent) {
    const container = parents.get(parent);
    // Only under a heading that came or went with them: examples added to an old section each illustrate something of their own.
    if (!container) continue;
    for (const example of examples) uf.union(container.index, example.index);
  }
}

/**
 * 7d. Passages that moved to another page with their section are that section's move: the
 * section reported moved (or, when its heading went from the old page and came back on the
 * new one, removed) and the rules and paragraphs that moved with it are one change. A section
 * removed whose text all went elsewhere lost nothing: it is added to `emptied`.
 */
export function joinPassagesToTheirSection(facts: readonly RecordFacts[], uf: UnionFind, emptied: Set<number>, split: ReadonlySet<number>): void {
  const movedSections = new Map<string, number>();
  const removedSections = new Map<string, number>();
  for (const f of facts) {
    if (f.change.kind !== 'section') continue;
    if (f.change.id === 'section-moved') movedSections.set(`${f.page}\u0000${f.change.subject}`, f.index);
    // By heading alone: the old page may have been renamed (`a` → `a/index`) while the passages name the old id.
    // A section that became a page of its own is that split's (3b), not a move of passages.
    else if (f.direction === 'removed' && !split.has(f.index)) removedSections.set(f.change.subject, removedSections.has(f.change.subject) ? -1 : f.index);
  }
  if (movedSections.size === 0 && removedSections.size === 0) return;
  for (const f of facts) {
    if (f.change.action !== 'moved' || (f.change.kind !== 'rule' && f.change.kind !== 'prose')) continue;
    const from = f.change.before?.['page'];
    if (typeof from !== 'string' || from === f.page) continue;
    const moved = movedSections.get(`${f.page}\u0000${f.change.section.new ?? ''}`);
    if (moved !== undefined) {
      uf.union(moved, f.index);
      continue;
    }
    // A heading removed in two places is no one section's.
    const removed = removedSections.get(f.change.section.old ?? '');
    if (removed !== undefined && removed >= 0 && f.change.section.old === f.change.section.new) {
      uf.union(removed, f.index);
      emptied.add(removed);
    }
  }
}

/**
 * 4d. A lone section that came or went whose sub-sections are each headed by a name that came
 * or went with it (a reference page's group of definitions, `tasks` over `Task`,
 * `CreateTaskResult`, …) is that group's heading: it joins the change most of those names
 * belong to. Its sub-sections are not records of their own (the schema tells those names), so
 * the group is read from the page's outline.
 */
export function joinGroupsToTheirNames(facts: readonly RecordFacts[], uf: UnionFind, outlines: Outlines | undefined): void {
  if (!outlines) return;
  const alone = lonelyRecords(facts, uf);
  const byName = new Map<string, RecordFacts[]>();
  for (const f of facts) {
    if (f.direction === 'changed' || f.change.kind === 'section') continue;
    for (const name of f.about) pushTo(byName, `${f.direction}\u0000${name}`, f);
  }
  for (const group of facts) {
    if (!alone.has(group.index) || group.change.kind !== 'section' || group.direction === 'changed' || group.path.length === 0) continue;
    const outline = outlines(group.sidePage, group.side);
    if (!outline) continue;
    const children = outline.sections.filter((s) => s.path.length === group.path.length + 1 && within(s.path, group.path));
    if (children.length < MIN_GROUP) continue;
    const roots = new Map<number, number>();
    for (const child of children) {
      const named = byName.get(`${group.direction}\u0000${canonicalName(child.path.at(-1)!)}`);
      if (!named) continue;
      const root = uf.find(named[0]!.index);
      roots.set(root, (roots.get(root) ?? 0) + 1);
    }
    const [best] = [...roots].sort((a, b) => b[1] - a[1]);
    // Most of the group's names, in one change: the group is theirs.
    if (best && best[1] >= MIN_GROUP && best[1] * 2 > children.length) uf.union(best[0], group.index);
  }
}

/** A heading over fewer names than this is a section of its own, not a group of names. */
const MIN_GROUP = 2;
