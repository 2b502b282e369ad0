import type { Rule, SpecDocument } from '../model/index.ts';
import { dice, tokens } from './similarity.ts';

/**
 * A sentence that only points at duties the page states elsewhere ("Implementations MUST
 * follow the requirements in Security Considerations") adds no duty of its own: what it asks
 * is asked where it points. It is recognised by its shape (a keyword, a verb of conformance,
 * a word for a body of requirements, a preposition) and by where it points: a section of the
 * same page. A pointer at another document ("… the requirements in RFC 9728") is a new duty.
 */
const POINTER = /\b(?:MUST|SHALL|SHOULD|REQUIRED|RECOMMENDED)\b(?:\s+\w+){0,2}?\s+(?:follow|comply\s+with|adhere\s+to|observe|meet|satisfy|respect|implement|apply)\s+(?:all\s+|any\s+)?(?:of\s+)?(?:the\s+)?(?:[\w-]+\s+){0,2}?(?:requirements|guidance|rules|recommendations|practices|considerations|guidelines|provisions|steps|measures)\s+(?:in|of|from|under|(?:described|outlined|defined|listed|given|set\s+out|stated|specified)\s+(?:in|under|by))\s+(?:the\s+)?(.+?)(?:\s+section)?\s*[.;:]?\s*$/i;

/** The section of `doc` a pointer rule points at, or null when it is no pointer (or points elsewhere). */
export function pointedSection(rule: Rule, doc: SpecDocument): string | null {
  const match = POINTER.exec(rule.text);
  if (!match) return null;
  const target = tokens(match[1]!.replace(/^["“]|["”]$/g, ''));
  if (target.length === 0) return null;
  const section = doc.sections.find((s) => dice(tokens(s.heading), target) >= 0.8);
  return section ? section.heading : null;
}
