import type { Rule, SpecDocument } from '../model/index.ts';
import { isNegative, strength } from '../model/rules.ts';
import { contentWords, wordsFoundIn } from './content-words.ts';

/**
 * A keyword strengthened (SHOULD → MUST) in a sentence whose duty the older text already bound
 * with the stronger keyword beside it ("While these errors should be reported in the response"
 * above "… the error must be added to the errors list in the response"): nobody is newly bound.
 * The older rule stands in the same section, is at least as strong as the new keyword and
 * points the same way, names the strengthened sentence's subject, and says everything it asks
 * after its verb. Returns that older rule, or null.
 */
export function boundNearby(before: Rule, after: Rule, old: SpecDocument): Rule | null {
  const parts = splitAtKeyword(after.text);
  if (!parts) return null;
  const subject = contentWords(parts.subject).at(-1);
  // What it asks, up to the end of its clause, after its verb: where and what, which the older rule must name.
  const asked = contentWords(parts.asked).slice(1);
  if (subject === undefined || asked.length === 0) return null;
  for (const rule of old.rules) {
    if (rule === before || rule.sectionId !== before.sectionId) continue;
    if (strength(rule.keyword) < strength(after.keyword) || isNegative(rule.keyword) !== isNegative(after.keyword)) continue;
    const words = contentWords(rule.text);
    if (wordsFoundIn([subject], words).length === 1 && wordsFoundIn(asked, words).length === asked.length) return rule;
  }
  return null;
}

const KEYWORD = /\b(?:must|shall|should|may|required|recommended)\b/i;

/** The words before a sentence's first keyword (its subject) and the clause it asks, up to a comma or the sentence's end. */
function splitAtKeyword(text: string): { subject: string; asked: string } | null {
  const match = KEYWORD.exec(text);
  if (!match) return null;
  const rest = text.slice(match.index + match[0].length);
  const end = rest.search(/[,;:.!?]/);
  return { subject: text.slice(0, match.index), asked: end < 0 ? rest : rest.slice(0, end) };
}
