import type { Rule, SpecDocument } from '../model/index.ts';
import { sentences, strength } from '../model/rules.ts';

/**
 * A keyword lead-in and the list under it are one obligation: "Clients SHOULD return
 * errors for common failure cases:" then bullets, or "… SHOULD probe first. The probe has
 * three outcomes:" then bullets. The model keeps each bullet as a rule of its own (it
 * inherits the lead-in's keyword); the differ compares the lead-in and its items as one
 * unit, so a list that gains a bullet is one changed rule, a new list is one new rule, and
 * a bullet never reads as a rule of its own glued to a truncated lead-in.
 */

const units = new WeakMap<SpecDocument, Rule[]>();
/** A folded unit's lead-in rule (if any) and bullets, for a list that only gained bullets. */
const parts = new WeakMap<Rule, { head: Rule | null; items: Rule[] }>();

export function listParts(unit: Rule): { head: Rule | null; items: Rule[] } | undefined {
  return parts.get(unit);
}

/** The document's rules with every lead-in and its items folded into one rule, in page order. */
export function ruleUnits(doc: SpecDocument): Rule[] {
  let found = units.get(doc);
  if (!found) units.set(doc, (found = foldLists(doc.rules)));
  return found;
}

/** Folds innermost lists first: a bullet that is itself a lead-in ("`x`: … MAY …:") becomes one unit, then its own list folds. */
function foldLists(rules: readonly Rule[]): Rule[] {
  let current = [...rules];
  for (let depth = 0; depth < 4; depth++) {
    const groups = listGroups(current);
    const heads = new Set([...groups.values()].flatMap((g) => (g.head ? [g.head] : [])));
    // A group whose items still lead lists of their own waits for the next pass.
    // A single bullet under a lead-in that is no rule itself is already one rule, quoted with its lead-in.
    const ready = [...groups.values()].filter((g) => (g.head || g.items.length > 1) && !g.items.some((item) => heads.has(item)));
    if (ready.length === 0) break;
    const byMember = new Map<Rule, ListGroup>();
    for (const group of ready) for (const member of [group.head, ...group.items]) if (member) byMember.set(member, group);
    const next: Rule[] = [];
    const emitted = new Set<ListGroup>();
    for (const rule of current) {
      const group = byMember.get(rule);
      if (!group) next.push(rule);
      else if (!emitted.has(group)) {
        emitted.add(group);
        next.push(unitOf(group));
      }
    }
    current = next;
  }
  return current;
}

interface ListGroup {
  leadIn: string;
  /** The lead-in's own rule (the sentence with the keyword), when it is one. */
  head: Rule | null;
  items: Rule[];
}

function listGroups(rules: readonly Rule[]): Map<string, ListGroup> {
  const groups = new Map<string, ListGroup>();
  for (const rule of rules) {
    if (!rule.leadIn) continue;
    const key = `${rule.sectionId}\0${rule.leadIn}`;
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { leadIn: rule.leadIn, head: null, items: [] }));
    group.items.push(rule);
  }
  for (const group of groups.values()) group.head = headOf(group, rules);
  return groups;
}

/**
 * The last rule of the lead-in paragraph that precedes the list: the obligation the bullets
 * spell out. A rule is a sentence of the lead-in, or several read as one (statements.ts).
 */
function headOf(group: ListGroup, rules: readonly Rule[]): Rule | null {
  const first = group.items[0]!;
  const parts = new Set([group.leadIn, ...sentences(group.leadIn)]);
  let head: Rule | null = null;
  for (const rule of rules) {
    if (rule.line > first.line) break;
    if (rule.sectionId === first.sectionId && !group.items.includes(rule) && (parts.has(rule.text) || holdsWords(group.leadIn, rule.text))) head = rule;
  }
  return head;
}

/** `text` stands in `leadIn` as whole words ("port" is not in "exporter"). */
function holdsWords(leadIn: string, text: string): boolean {
  for (let at = leadIn.indexOf(text); at !== -1; at = leadIn.indexOf(text, at + 1)) {
    if (!/[\p{L}\p{N}]/u.test(leadIn.charAt(at - 1)) && !/[\p{L}\p{N}]/u.test(leadIn.charAt(at + text.length))) return true;
  }
  return false;
}

function unitOf(group: ListGroup): Rule {
  const { head, items } = group;
  const leadSentences = sentences(group.leadIn);
  const colonSentence = leadSentences.at(-1) ?? group.leadIn;
  // The lead-in as the reader needs it: the rule sentence, and the sentence announcing the list when that is another one.
  const lead = head ? (head.text === group.leadIn || head.text === colonSentence ? head.text : `${head.text} ${colonSentence}`) : colonSentence;
  const bullets = items.map((item) => item.text.replace(/[.;,]\s*$/, ''));
  const keywords = [...new Set([...(head?.keywords ?? []), ...items.flatMap((i) => i.keywords)])];
  const keyword = [head?.keyword ?? items[0]!.keyword, ...items.map((i) => i.keyword)].sort((a, b) => strength(b) - strength(a))[0]!;
  const actors = head?.actors.length ? head.actors : items[0]!.actors;
  const unit: Rule = {
    text: `${lead} ${bullets.join('; ')}.`,
    keyword,
    keywords,
    actor: actors[0] ?? null,
    actors,
    line: head?.line ?? items[0]!.line,
    sectionId: items[0]!.sectionId,
    leadIn: head?.leadIn ?? null,
  };
  parts.set(unit, { head, items });
  return unit;
}
