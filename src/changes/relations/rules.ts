import { contentWords, shareFoundIn, wordsFoundIn } from '../../diff/content-words.ts';
import { dice, diceCeiling, normalizeText } from '../../diff/similarity.ts';
import { strength } from '../../model/rules.ts';
import { keywordOf, type RecordFacts } from '../facts.ts';
import { lonelyRecords, pushTo, type UnionFind } from './union-find.ts';

/**
 * Relations of rules: a rule that moved and was reworded (7), a list's items with their
 * lead-in (7a), one duty changed alike in two places (7b).
 */

/** 7. A rule gone from one place and arrived at another on the same page, nearly word for word. */
export function joinMovedRules(facts: readonly RecordFacts[], uf: UnionFind): Map<number, number> {
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
  const goneByPage = new Map<string, RecordFacts[]>();
  const goneByDuty = new Map<string, RecordFacts[]>();
  for (const g of gone) {
    pushTo(goneByPage, g.page, g);
    const duty = dutyOf(g);
    if (duty) pushTo(goneByDuty, duty, g);
  }
  for (const a of arrived) {
    let best: { f: RecordFacts; score: number } | null = null;
    for (const g of goneByPage.get(a.page) ?? []) {
      if (family(g) !== family(a)) continue;
      const score = dice(wordsOf(g), wordsOf(a));
      if (score >= MOVED_RULE && (!best || score > best.score)) best = { f: g, score };
    }
    // Across pages a rule is rewritten for its new home: on a page of the same folder, the same duty (keyword,
    // verb, and the named thing it governs) is that rule moved.
    const duty = best ? null : dutyOf(a);
    const across = duty ? (goneByDuty.get(duty) ?? []).find((g) => g.page !== a.page && relatedPages(g.page, a.page)) : undefined;
    if (across) best = { f: across, score: 1 };
    if (best) {
      uf.union(best.f.index, a.index);
      moved.set(a.index, best.f.index);
    }
  }
  joinSplitRules(gone, arrived, uf, moved);
  return moved;
}

/**
 * 7'. A rule split in two or more (a sentence that allowed one thing and required another,
 * now two rules in two sections): each new rule's telling words are mostly the old rule's,
 * and together they say most of it. The old rule goes with the half of its own strength;
 * every half is a move, not a new duty.
 */
function joinSplitRules(gone: readonly RecordFacts[], arrived: readonly RecordFacts[], uf: UnionFind, moved: Map<number, number>): void {
  const taken = new Set(moved.values());
  const free = new Map<string, RecordFacts[]>();
  for (const a of arrived) if (!moved.has(a.index) && ruleWords(a).length >= MIN_HALF_WORDS) pushTo(free, a.page, a);
  for (const g of gone) {
    if (taken.has(g.index) || !free.has(g.page)) continue;
    const whole = ruleWords(g);
    const halves = free.get(g.page)!.filter((a) => !moved.has(a.index) && shareFoundIn(ruleWords(a), whole) >= SPLIT_HALF);
    if (halves.length < 2) continue;
    const said = new Set(halves.flatMap((a) => wordsFoundIn(whole, ruleWords(a))));
    if (said.size / whole.length < SPLIT_WHOLE) continue;
    const own = halves.find((a) => family(a) === family(g)) ?? halves[0]!;
    uf.union(g.index, own.index);
    for (const a of halves) moved.set(a.index, g.index);
  }
}

/** How much of a new rule must be the old rule's words to be a part of it, and how much of the old rule its parts must say together. */
const SPLIT_HALF = 0.6;
const SPLIT_WHOLE = 0.6;
const MIN_HALF_WORDS = 3;

/**
 * 7a. An item of a list that came or went under a lead-in whose own wording changed is part
 * of that change ("MUST … Specifically:" reworded, one of its bullets gone).
 */
export function joinListItems(facts: readonly RecordFacts[], uf: UnionFind): void {
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
export function joinDutiesToldTwice(facts: readonly RecordFacts[], uf: UnionFind): void {
  const alone = onlyRuleOfItsGroup(facts, uf);
  // Only rules no section took (a paragraph beside one may have joined it): a rule inside a new section is that section's, and two sections' rules are two duties.
  const rules = facts.filter((f) => f.change.kind === 'rule' && f.change.level !== 'editorial' && alone.has(f.index) && actorOf(f) !== '');
  // Items of a handful of words ("An optional total value") are alike by chance: an item counts from four telling words.
  const duties = new Map(rules.map((f) => [f.index, dutiesIn((f.direction === 'removed' ? f.change.before : f.change.after)!.text).map((d) => new Set(contentWords(d))).filter((words, i) => i === 0 || words.size >= 4)]));
  for (let i = 0; i < rules.length; i++) {
    for (let j = i + 1; j < rules.length; j++) {
      const a = rules[i]!;
      const b = rules[j]!;
      if (a.page !== b.page || a.change.id !== b.change.id || actorOf(a) !== actorOf(b) || a.path.join('\u0000') === b.path.join('\u0000')) continue;
      const alike = duties.get(a.index)!.some((x) => duties.get(b.index)!.some((y) => dice(x, y) >= 0.6));
      if (alike) uf.union(a.index, b.index);
    }
  }
}

/**
 * The duties a rule states: the whole rule, and when it is a lead-in with its list ("Clients
 * MUST: do X; do Y.") each item too, since a page may repeat one item as a rule of its own.
 */
function dutiesIn(text: string): string[] {
  const colon = text.indexOf(': ');
  const items = colon < 0 ? [] : text.slice(colon + 2).split(/;\s+/).filter((item) => item.trim() !== '');
  return items.length > 1 ? [text, ...items] : [text];
}

/** The parties a rule binds, each by its last word ("MCP clients" and "clients" are one party), in any order ("servers and clients", "clients and servers"). */
function actorOf(f: RecordFacts): string {
  const side = f.direction === 'removed' ? f.change.before : f.change.after;
  const actors = Array.isArray(side?.['actors']) ? (side['actors'] as unknown[]).map(String) : [String(side?.actor ?? '')];
  return [...new Set(actors.map((actor) => actor.toLowerCase().split(/\s+/).at(-1) ?? ''))].filter(Boolean).sort().join('+');
}

/** Records that are the only rule of their group so far (alone, or with the paragraphs that joined them). */
function onlyRuleOfItsGroup(facts: readonly RecordFacts[], uf: UnionFind): Set<number> {
  const rulesIn = new Map<number, number>();
  const othersIn = new Map<number, number>();
  for (const f of facts) {
    const root = uf.find(f.index);
    if (f.change.kind === 'rule') rulesIn.set(root, (rulesIn.get(root) ?? 0) + 1);
    else if (f.change.kind !== 'prose') othersIn.set(root, (othersIn.get(root) ?? 0) + 1);
  }
  return new Set(facts.filter((f) => rulesIn.get(uf.find(f.index)) === 1 && !othersIn.has(uf.find(f.index))).map((f) => f.index));
}

/** How alike a gone and an arrived rule must be to be one rule moved (their telling words, see commonWords). */
const MOVED_RULE = 0.5;

/** Pages of one folder: `a/index` (once `a`) and `a/b`, or `a/b` and `a/c`. */
function relatedPages(x: string, y: string): boolean {
  const own = (p: string) => p.replace(/\/index$/, '');
  const parent = (p: string) => own(p).split('/').slice(0, -1).join('/');
  return own(x) === parent(y) || own(y) === parent(x) || (parent(x) !== '' && parent(x) === parent(y));
}

/** A rule's duty as a key: its keyword, the verb the keyword governs, and the named thing right after it ("MUST include `X-Version`"); null when it names none there. */
const dutyCache = new WeakMap<RecordFacts, string | null>();
function dutyOf(f: RecordFacts): string | null {
  if (dutyCache.has(f)) return dutyCache.get(f)!;
  const match = /\b(?:MUST|SHALL|SHOULD|MAY)(?:\s+NOT)?\s+(?:(?:also|always|only)\s+)?(\w+)((?:\s+\S+){0,4})/.exec(String((f.direction === 'removed' ? f.change.before : f.change.after)?.text ?? ''));
  const object = /`([^`:\s]+)/.exec(match?.[2] ?? '')?.[1]?.toLowerCase();
  const duty = match && object ? `${keywordOf(f)} ${match[1]!.toLowerCase()} ${object}` : null;
  dutyCache.set(f, duty);
  return duty;
}

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

/**
 * 7e. One duty stated twice, in two sections of a page or on pages of one folder (a summary
 * rule and the section that spells it out, the same advice in an overview and in a binding):
 * the same keyword and parties, nearly the same telling words, and, when both name things in
 * code, a name in common (`gizmos/list` and `gadgets/list` are two duties told alike). One of
 * the two must be the only rule of its change so far, so that two sections' duties are never
 * merged through one resemblance.
 */
export function joinDutyRestated(facts: readonly RecordFacts[], uf: UnionFind): void {
  const alone = onlyRuleOfItsGroup(facts, uf);
  // A rule whose party the page names in its own words ("Custom channels built over …") has none read: its words alone must then agree.
  const rules = facts.filter((f) => f.change.kind === 'rule' && f.direction !== 'changed' && f.change.level !== 'editorial');
  const names = (f: RecordFacts) => (f.direction === 'removed' ? f.mentions.old : f.mentions.new);
  // Only rules of one direction, keyword and party can be one duty: compared within those.
  const kinds = new Map<string, RecordFacts[]>();
  for (const f of rules) pushTo(kinds, `${f.direction}\u0000${keywordOf(f)}\u0000${actorOf(f)}`, f);
  const words = new Map<number, Set<string>>();
  const wordsOf = (f: RecordFacts) => {
    let set = words.get(f.index);
    if (!set) words.set(f.index, (set = new Set(ruleWords(f))));
    return set;
  };
  const place = new Map(rules.map((f) => [f.index, f.path.join('\u0000')]));
  for (const kind of kinds.values()) {
    if (kind.length < 2) continue;
    for (const a of kind) {
      if (!alone.has(a.index)) continue;
      for (const b of kind) {
        // Each pair once: from its lone rule, or from the first of two lone ones.
        if (b === a || (alone.has(b.index) && b.index < a.index)) continue;
        // Told twice means in two places: alike duties side by side in one section are a list of duties.
        if (a.page === b.page ? place.get(a.index) === place.get(b.index) : !relatedPages(a.page, b.page)) continue;
        const [wa, wb] = [wordsOf(a), wordsOf(b)];
        if (diceCeiling(wa.size, wb.size) < RESTATED_DUTY || dice(wa, wb) < RESTATED_DUTY || uf.find(a.index) === uf.find(b.index)) continue;
        const [na, nb] = [names(a), names(b)];
        if (na.size === 0 || nb.size === 0 || [...na].some((n) => nb.has(n))) uf.union(a.index, b.index);
      }
    }
  }
}

/** How alike two rules of one party and keyword must be to be one duty told twice. */
const RESTATED_DUTY = 0.7;

/**
 * 7g. A new rule that refers back with "such" ("Servers MUST use URL mode for such sensitive
 * information", "A server that does not support such clients MUST …") completes the rule just
 * before it in its section that names what "such" refers to: one duty told in two sentences.
 */
export function joinAnaphora(facts: readonly RecordFacts[], uf: UnionFind): void {
  const rules = facts.filter((f) => f.change.kind === 'rule' && f.direction !== 'removed' && f.line !== null && !f.change.informative);
  const bySection = rulesBySection(rules);
  for (const f of rules) {
    if (f.direction !== 'added') continue;
    const referent = SUCH.exec(String(f.change.after?.text ?? ''))?.[1];
    if (!referent) continue;
    const word = normalizeText(referent).replace(/s$/, '');
    const before = (bySection.get(sectionKey(f)) ?? [])
      .filter((o) => o !== f && o.line! < f.line! && f.line! - o.line! <= NEAR_LINES)
      .sort((a, b) => b.line! - a.line!)[0];
    if (before && normalizeText(String(before.change.after?.text ?? '')).split(' ').some((w) => w.replace(/s$/, '') === word)) uf.union(before.index, f.index);
  }
}

/** Rules by the page side and section they stand in. */
function rulesBySection(rules: readonly RecordFacts[]): Map<string, RecordFacts[]> {
  const bySection = new Map<string, RecordFacts[]>();
  for (const f of rules) pushTo(bySection, sectionKey(f), f);
  return bySection;
}

function sectionKey(f: RecordFacts): string {
  return `${f.sidePage}\u0000${f.path.join('\u0000')}`;
}

/** "such" before a noun phrase, not "such as" (which gives examples, not a reference). */
const SUCH = /\bsuch\s+(?!as\b)([A-Za-z][\w-]*)/i;
/** The rule referred to stands this close before the one that refers to it. */
const NEAR_LINES = 8;

/**
 * 7h. Duties written in a row: rules that came (or went) in one section of a page that was there
 * before (or stays), one right after another and sharing words besides their parties (a general duty and
 * its forms, a rule and its sub-rules, one procedure's steps), were written as one addition,
 * and those that came alone join the first; a run of more than a few is a list of duties,
 * each its own.
 */
export function joinRulesInARow(facts: readonly RecordFacts[], uf: UnionFind): void {
  const alone = lonelyRecords(facts, uf);
  // Rules that came, on the newer side, and rules that went, on the older side (sub-rules removed with their parent).
  const moving = facts.filter((f) => f.change.kind === 'rule' && f.direction !== 'changed' && f.line !== null && !f.change.informative && f.change.level !== 'editorial');
  const sorted = [...moving].sort((a, b) => a.direction.localeCompare(b.direction) || a.sidePage.localeCompare(b.sidePage) || a.line! - b.line!);
  // The parties a rule binds say nothing of what it is about.
  const telling = (f: RecordFacts) => {
    const party = new Set(contentWords(actorOf(f)));
    return new Set(ruleWords(f).filter((w) => !party.has(w)));
  };
  const runs: RecordFacts[][] = [];
  for (let i = 0; i < sorted.length; i++) {
    const [a, b] = [sorted[i - 1], sorted[i]!];
    // A run may start at a rule already part of a change (the parent of sub-rules that follow it):
    // what follows must be alone, and then say mostly the parent's words (a sub-rule spells it out).
    const parent = a !== undefined && runs.at(-1)!.length === 1 && !alone.has(a.index);
    if (a && alone.has(b.index) && inARow(a, b, telling) && (!parent || shareFoundIn([...telling(b)], [...telling(a)]) >= SUB_RULE)) runs.at(-1)!.push(b);
    else runs.push([b]);
  }
  // A long run is a list of duties, each its own; a short one is one duty told in its forms or steps.
  for (const run of runs) if (run.length <= MAX_RUN) for (const f of run.slice(1)) uf.union(run[0]!.index, f.index);
}

function inARow(a: RecordFacts, b: RecordFacts, telling: (f: RecordFacts) => Set<string>): boolean {
  if (a.direction !== b.direction || a.sidePage !== b.sidePage || a.path.join('\u0000') !== b.path.join('\u0000')) return false;
  // The next rule starts where the last one's text ends, give or take a blank line.
  const end = a.line! + Math.ceil(String((a.direction === 'removed' ? a.change.before : a.change.after)?.text ?? '').length / WRAP);
  if (b.line! - end > IN_A_ROW) return false;
  // Side by side and about one thing: words of their own in common (not a duty about something else that happens to follow).
  const own = telling(a);
  return [...telling(b)].filter((w) => own.has(w)).length >= SHARED_IN_A_ROW;
}

/** Characters per source line, to tell where a rule's text ends. */
const WRAP = 80;
/** Lines between two rules written in a row: a blank line, a list marker's line. */
const IN_A_ROW = 2;
/** Words (besides their parties) two rules in a row share when they are about one thing. */
const SHARED_IN_A_ROW = 2;
/** The share of a sub-rule's words its parent rule (part of another change) has. */
const SUB_RULE = 0.6;
/** The most rules one addition written in a row holds: a general duty and a few forms, a procedure of a few steps. */
const MAX_RUN = 4;

/**
 * 7i. A rule that names no party of its own and whose subject points back ("On HTTP, the
 * response status MUST be `400`"), right after a rule of the same strength that names one, is
 * that rule's further clause: one duty with it, not a duty of its own (and never one with a
 * like sentence under another rule).
 */
export function joinClausesToTheirRule(facts: readonly RecordFacts[], uf: UnionFind): void {
  const alone = lonelyRecords(facts, uf);
  const rules = facts.filter((f) => f.change.kind === 'rule' && f.direction !== 'removed' && f.line !== null && !f.change.informative);
  const bySection = rulesBySection(rules);
  for (const f of rules) {
    // Only a clause no other relation placed: one already part of a change stays there.
    if (f.direction !== 'added' || actorOf(f) !== '' || !alone.has(f.index) || !refersBack(f)) continue;
    // The nearest rule before it (on one line, the later sentence).
    const before = (bySection.get(sectionKey(f)) ?? [])
      .filter((o) => o !== f && o.index < f.index && o.line! <= f.line! && f.line! - o.line! <= SAME_PARAGRAPH && actorOf(o) !== '' && family(o) === family(f))
      .sort((a, b) => b.line! - a.line! || b.index - a.index)[0];
    if (before) uf.union(before.index, f.index);
  }
}

/**
 * A clause whose subject points back at what came before: a definite subject ("the response
 * status", "its body"), after a leading phrase if any ("On HTTP, …"). "Progress reports for
 * boosts MUST …" names a subject of its own.
 */
function refersBack(f: RecordFacts): boolean {
  const text = String(f.change.after?.text ?? '');
  const keyword = text.search(/\b(?:MUST|SHALL|SHOULD|REQUIRED|RECOMMENDED|MAY|OPTIONAL)\b/);
  if (keyword <= 0) return false;
  const subject = text.slice(0, keyword).replace(/^[^,]{0,40},\s*/, '');
  return /^(?:the|its|their|this|that|these|those|such)\b/i.test(subject);
}

/** Lines between a rule and the further clause of it in one paragraph. */
const SAME_PARAGRAPH = 3;
