import type { Rule } from '../model/index.ts';
import { beforeFirstKeyword } from '../model/rules.ts';
import { contentWords } from './content-words.ts';
import { KEYWORD_WORDS } from './rule-words.ts';
import { dice, normalizeText, tokens } from './similarity.ts';

/**
 * A rule rewritten in place keeps its subject and keyword while what it asks changes ("The
 * token MUST NOT have been used before in the session" → "The token MUST NOT match a token
 * still in use"): too few shared words for the wording pairing, yet the same sentence of the
 * same section, so one rule changed rather than one removed and another added. A removed and
 * an added rule pair when, in the same section, they are the only rules of their keyword whose
 * subject (the words before the keyword, naming at least two things) is that one.
 */
const MIN_SUBJECT_WORDS = 2;

interface InPlace {
  pairs: [Rule, Rule][];
  removed: Rule[];
  added: Rule[];
}

/** `newSectionOf` maps an old rule's section to the new section it became (undefined: gone). */
export function pairRulesRewrittenInPlace(removed: readonly Rule[], added: readonly Rule[], newSectionOf: (rule: Rule) => string | undefined): InPlace {
  const pairs: [Rule, Rule][] = [];
  const paired = new Set<Rule>();
  // First by the sentence that leads a list (a lead-in that gained or lost its cases), then by subject.
  for (const slotOf of [leadWords, subjectWords]) {
    const removedBy = groupBySlot(removed.filter((r) => !paired.has(r)), newSectionOf, slotOf);
    const addedBy = groupBySlot(added.filter((r) => !paired.has(r)), (rule) => rule.sectionId, slotOf);
    for (const [slot, was] of removedBy) {
      const now = addedBy.get(slot);
      if (was.length === 1 && now?.length === 1) {
        pairs.push([was[0]!, now[0]!]);
        paired.add(was[0]!).add(now[0]!);
      }
    }
  }
  // Last, a rule gone from a section and one come into it with its keyword, restated with new
  // words (a permission rephrased, its grammar symbols renamed): one rule changed when each is
  // the only one of its side that still shares a good part of the other's words.
  const removedBy = groupBySlot(removed.filter((r) => !paired.has(r) && !r.leadIn), newSectionOf, () => 'restated');
  const addedBy = groupBySlot(added.filter((r) => !paired.has(r) && !r.leadIn), (rule) => rule.sectionId, () => 'restated');
  for (const [slot, was] of removedBy) {
    const now = addedBy.get(slot) ?? [];
    const alike = (a: Rule, b: Rule) => dice(ownWords(a), ownWords(b)) >= RESTATED;
    for (const before of was) {
      const matches = now.filter((after) => alike(before, after));
      if (matches.length !== 1 || was.filter((other) => alike(other, matches[0]!)).length !== 1) continue;
      pairs.push([before, matches[0]!]);
      paired.add(before).add(matches[0]!);
    }
  }
  return { pairs, removed: removed.filter((r) => !paired.has(r)), added: added.filter((r) => !paired.has(r)) };
}

/** How alike a rule that left a section and one of its keyword that came must be to be one rule restated. */
const RESTATED = 0.4;

function ownWords(rule: Rule): Set<string> {
  return new Set(tokens(rule.text).filter((t) => !KEYWORD_WORDS.has(t)));
}

/** Rules by section, keyword and slot; rules without a slot of that kind have none. */
function groupBySlot(rules: readonly Rule[], sectionOf: (rule: Rule) => string | undefined, slotOf: (rule: Rule) => string | null): Map<string, Rule[]> {
  const slots = new Map<string, Rule[]>();
  for (const rule of rules) {
    const section = sectionOf(rule);
    const subject = slotOf(rule);
    if (section === undefined || subject === null) continue;
    const slot = [section, rule.keyword, subject].join('\u0000');
    slots.set(slot, [...(slots.get(slot) ?? []), rule]);
  }
  return slots;
}

/** The words before the rule's keyword, when they name enough to tell one rule's subject from another's. */
function subjectWords(rule: Rule): string | null {
  if (rule.leadIn) return null;
  const subject = beforeFirstKeyword(rule.text);
  if (subject === rule.text || contentWords(subject).length < MIN_SUBJECT_WORDS) return null;
  return normalizeText(subject);
}

/**
 * The sentence before a rule's first colon, when it holds the keyword and says enough ("Clients
 * SHOULD return errors for common failure cases:"): the same lead-in with other cases after it
 * (or none) is the same rule, however many words the cases bring.
 */
const MIN_LEAD_WORDS = 4;

function leadWords(rule: Rule): string | null {
  if (rule.leadIn) return null;
  const colon = rule.text.indexOf(':');
  if (colon < 0) return null;
  const head = rule.text.slice(0, colon);
  if (beforeFirstKeyword(head) === head || contentWords(head).length < MIN_LEAD_WORDS) return null;
  return `lead\u0000${normalizeText(head)}`;
}
