import type { Rule } from '../model/index.ts';
import { beforeFirstKeyword } from '../model/rules.ts';
import { contentWords } from './content-words.ts';
import { normalizeText } from './similarity.ts';

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
  const removedBy = groupBySlot(removed, newSectionOf);
  const addedBy = groupBySlot(added, (rule) => rule.sectionId);
  const pairs: [Rule, Rule][] = [];
  for (const [slot, was] of removedBy) {
    const now = addedBy.get(slot);
    if (was.length === 1 && now?.length === 1) pairs.push([was[0]!, now[0]!]);
  }
  const paired = new Set(pairs.flat());
  return { pairs, removed: removed.filter((r) => !paired.has(r)), added: added.filter((r) => !paired.has(r)) };
}

/** Rules by section, keyword and subject; rules without a subject of their own have no slot. */
function groupBySlot(rules: readonly Rule[], sectionOf: (rule: Rule) => string | undefined): Map<string, Rule[]> {
  const slots = new Map<string, Rule[]>();
  for (const rule of rules) {
    const section = sectionOf(rule);
    const subject = subjectWords(rule);
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
