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
  return KEYWORD_FIRST.test(rule.text) || pointsBack(rule.text) || OBJECT_POINTS_BACK.test(rule.text) ? heading : null;
}

/** A duty whose object is a word pointing back ("Implementations SHOULD NOT use them", "SHOULD NOT adopt it"): what it is about is elsewhere. */
const OBJECT_POINTS_BACK = /\b(?:MUST|SHALL|SHOULD|MAY)(?:\s+NOT)?\s+(?:\w+\s+){1,2}(?:it|them|these|those|this|that)\b(?!\s+(?:\w+)\b(?<!\b(?:to|for|in|on|by|and|or|if|when|as)\b))/;
