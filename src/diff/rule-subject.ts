import type { Rule } from '../model/index.ts';
import { pointsBack } from '../model/cue-words.ts';

/**
 * A rule that names no subject of its own ("MUST NOT be empty", "These headers are
 * REQUIRED for compliance.") is unreadable alone: its record says what it is about, the
 * heading of the section that states it (a lead-in, when it has one, is quoted already).
 * A rule pointing back at a sentence of its own paragraph carries that sentence already
 * (statements.ts); one that opens its paragraph points back at what the section is about.
 */

/** Starts with its keyword. */
const KEYWORD_FIRST = /^[\W_]*(?:MUST|SHALL|SHOULD|MAY|REQUIRED|RECOMMENDED|OPTIONAL|NOT)\b/;

export function subjectOf(rule: Rule, heading: string | null | undefined): string | null {
  if (!heading || rule.leadIn) return null;
  return KEYWORD_FIRST.test(rule.text) || pointsBack(rule.text) ? heading : null;
}
