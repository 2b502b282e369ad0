import type { Rule, SpecDocument } from '../model/index.ts';
import type { Change, ChangeSide } from '../records/change.ts';
import { ruleUnits } from '../diff/list-rules.ts';
import { finalizeChange } from '../records/finalize.ts';
import { ruleSide } from '../diff/rules.ts';
import { dice, diceCeiling, isCosmeticRewording, normalizeText, tokens } from '../diff/similarity.ts';
import { sameDuty } from '../diff/same-duty.ts';

/**
 * Rules that changed pages between two revisions. Diffed page by page, a rule that left a
 * page reads as removed, even when the next revision states it on another page (a page
 * split into sub-pages, a section moved to a new page). Across a whole revision that is a
 * move: the removed record (and the added one, when the receiving page was diffed too)
 * becomes one `rule-moved` record naming both pages. Rules of pages that disappeared
 * altogether are matched against rules added elsewhere the same way.
 */

interface RevisionDocuments {
  /** Old page id → its document. */
  old: ReadonlyMap<string, SpecDocument>;
  /** New page id → its document. */
  new: ReadonlyMap<string, SpecDocument>;
  /** New page id → the old page id it was diffed against (absent: the page is new). */
  pairedWith: ReadonlyMap<string, string>;
}

/** Moved rules keep their wording: same keyword, and nearly all the same words. */
const SAME_RULE = 0.85;
/** A rule whose section moved with it (its siblings did) may have been reworded on the way. */
const REWORDED_WITH_SECTION = 0.5;

/**
 * A rule of a revision, where it is stated. Its wording's forms are made the first time a
 * comparison asks, then kept: most rules are never a candidate (only new arrivals and the
 * rules of gone pages are), and a candidate is compared with many removed rules.
 */
class Located {
  private wordSet: Set<string> | undefined;
  private normalText: string | undefined;

  constructor(
    readonly page: string,
    readonly doc: SpecDocument,
    readonly rule: Rule,
  ) {}

  /** tokens(rule.text) as a set. */
  get words(): Set<string> {
    return (this.wordSet ??= new Set(tokens(this.rule.text)));
  }

  /** normalizeText(rule.text). */
  get normalized(): string {
    return (this.normalText ??= normalizeText(this.rule.text));
  }
}

export function relocateRules(changes: readonly Change[], docs: RevisionDocuments): Change[] {
  const newRules = locate(docs.new);
  const oldRules = locate(docs.old);
  const used = new Set<Located>();
  const out: (Change | null)[] = [...changes];

  // Rules the new revision states for the first time: on a new page, or reported added on theirs.
  // (A rule its page already had is no destination: the removed copy was a repeat.)
  const addedKeys = new Set(changes.filter((c) => c.kind === 'rule' && c.action === 'added' && c.after).map((c) => `${c.page}\0${c.after!.line}\0${c.after!.text}`));
  const arrivals = newRules.filter((r) => !docs.pairedWith.has(r.page) || addedKeys.has(`${r.page}\0${r.rule.line}\0${r.rule.text}`));

  // A removed rule stated on another page of the new revision. Only a rule of the same
  // keyword can match (bestMatch): arrivals are looked up by it, in their order, rather
  // than every removed rule scanning every arrival.
  const arrivalsByKeyword = groupBy<Located, string>(arrivals, (r) => r.rule.keyword);
  const oldByPlace = groupBy(oldRules, (r) => placeKey(r.page, r.rule.line, r.rule.text));
  const newByPlace = groupBy(newRules, (r) => placeKey(r.page, r.rule.line, r.rule.text));
  /** Each added rule record's index by its place (the first, when a place is reported twice). */
  const firstAddedAt = new Map<string, number>();
  changes.forEach((c, i) => {
    if (c.kind !== 'rule' || c.action !== 'added' || !c.after || c.page === undefined) return;
    const place = placeKey(c.page, c.after.line, c.after.text);
    if (!firstAddedAt.has(place)) firstAddedAt.set(place, i);
  });
  /** The new revision's rule an added record reports. */
  const statedBy = (change: Change) => newByPlace.get(placeKey(change.page!, change.after!.line, change.after!.text))?.[0];
  changes.forEach((change, i) => {
    if (change.kind !== 'rule' || change.action !== 'removed' || !change.before || !change.page) return;
    const from = docs.pairedWith.get(change.page) ?? change.page;
    const candidates = arrivalsByKeyword.get(change.before.keyword ?? '') ?? [];
    const target = bestMatch(change.before, candidates.filter((r) => r.page !== change.page && !used.has(r)));
    if (!target) return;
    const source = oldByPlace.get(placeKey(from, change.before.line, change.before.text))?.[0];
    if (!source) return;
    used.add(target);
    out[i] = moved(source, target);
    // Its other half, when the receiving page was diffed: the same rule reported as added there.
    const half = firstAddedAt.get(placeKey(target.page, target.rule.line, target.rule.text)) ?? -1;
    if (half !== -1) out[half] = null;
  });

  // An added rule that a page gone from the new revision used to state.
  const paired = new Set(docs.pairedWith.values());
  const gone = new Set([...docs.old.keys()].filter((page) => !paired.has(page)));
  // The gone pages' rules once, not filtered out of every old rule for each added rule.
  const goneRules = oldRules.filter((r) => gone.has(r.page));
  out.forEach((change, i) => {
    if (!change || change.kind !== 'rule' || change.action !== 'added' || !change.after || !change.page) return;
    const source = goneRules.length === 0 ? null : bestMatch(change.after, goneRules.filter((r) => !used.has(r)));
    if (!source) return;
    used.add(source);
    const target = statedBy(change);
    if (target) out[i] = moved(source, target);
  });

  // A rule reworded as its section moved off a gone page: its siblings moved from that old
  // section to this one, so a looser likeness is enough, among that section's rules only.
  // The sections each section received rules from, and the gone rules by their section (in
  // their order): an added rule's siblings are looked up, not filtered out of every gone rule.
  const movedFrom = new Map<string, Set<string>>();
  for (const c of out) {
    if (c?.id !== 'rule-moved') continue;
    const to = sectionPlace(c.page!, c.section.new);
    const from = movedFrom.get(to) ?? new Set<string>();
    from.add(sectionPlace(String(c.before!['page']), c.section.old));
    movedFrom.set(to, from);
  }
  const goneBySection = movedFrom.size === 0 ? new Map<string, number[]>() : groupBy([...goneRules.keys()], (k) => sectionPlace(goneRules[k]!.page, headingAt(goneRules[k]!)));
  out.forEach((change, i) => {
    if (!change || change.kind !== 'rule' || change.action !== 'added' || !change.after || !change.page || movedFrom.size === 0) return;
    const fromSections = [...(movedFrom.get(sectionPlace(change.page, change.section.new)) ?? [])];
    const siblings = fromSections
      .flatMap((from) => goneBySection.get(from) ?? [])
      .sort((a, b) => a - b)
      .map((k) => goneRules[k]!)
      .filter((r) => !used.has(r));
    const source = siblings.length === 0 ? null : bestMatch(change.after, siblings, REWORDED_WITH_SECTION);
    if (!source) return;
    const target = statedBy(change);
    if (!target) return;
    used.add(source);
    // The same duty told another way (same-duty.ts) moved; only a new condition, party or object makes it a rule changed on its way.
    const same = isCosmeticRewording(source.rule.text, target.rule.text) || sameDuty(source.rule.text, target.rule.text) !== null;
    out[i] = moved(source, target, same ? 'rule-moved' : 'rule-changed');
  });

  return out.filter((c): c is Change => c !== null);
}

function sectionPlace(page: string, section: string | null): string {
  return `${page}\0${section ?? ''}`;
}

function placeKey(page: string, line: number | null, text: string): string {
  return `${page}\0${line}\0${text}`;
}

/** Items by key, each list in the items' order. */
function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

function locate(pages: ReadonlyMap<string, SpecDocument>): Located[] {
  return [...pages].flatMap(([page, doc]) => ruleUnits(doc).map((rule) => new Located(page, doc, rule)));
}

function bestMatch(side: ChangeSide, candidates: Located[], threshold = SAME_RULE): Located | null {
  const keyword = side.keyword;
  const text = normalizeText(side.text);
  const words = new Set(tokens(side.text));
  let best: Located | null = null;
  let bestScore = threshold;
  for (const candidate of candidates) {
    if (candidate.rule.keyword !== keyword) continue;
    const same = candidate.normalized === text;
    // A candidate whose word count alone keeps it at or under the best so far cannot win: skip counting.
    if (!same && diceCeiling(words.size, candidate.words.size) <= bestScore) continue;
    const score = same ? 1 : dice(words, candidate.words);
    if (score > bestScore || (score === 1 && bestScore < 1)) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/** `id`: `rule-changed` for a rule reworded in substance on its way (the message names where it came from). */
function moved(from: Located, to: Located, id: 'rule-moved' | 'rule-changed' = 'rule-moved'): Change {
  return {
    ...finalizeChange({
      id,
      subject: to.rule.text,
      key: normalizeText(from.rule.text),
      section: { old: headingAt(from), new: headingAt(to) },
      detail: { from: `${from.page} › ${headingAt(from)}`, to: `${to.page} › ${headingAt(to)}` },
      before: { ...ruleSide(from.rule, headingAt(from)), page: from.page },
      after: { ...ruleSide(to.rule, headingAt(to)), page: to.page },
      source: 'page',
    }),
    page: to.page,
  };
}

function headingAt(located: Located): string {
  return located.doc.sections.find((s) => s.id === located.rule.sectionId)?.heading ?? located.page;
}

