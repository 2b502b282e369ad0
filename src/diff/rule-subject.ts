import type { Rule } from '../model/index.ts';

/**
 * A rule that names no subject of its own ("MUST NOT be empty", "These headers are
 * REQUIRED for compliance.") is unreadable alone: its record says what it is about, the
 * heading of the section that states it (a lead-in, when it has one, is quoted already).
 */

/** Starts with its keyword, or with a word pointing back at what came before ("These …", "It …"). */
const NO_SUBJECT = /^[\W_]*(?:(?:MUST|SHALL|SHOULD|MAY|REQUIRED|RECOMMENDED|OPTIONAL|NOT)\b|(?:these|this|those|such|they|it|its|their)\b)/;
const POINTING_BACK = /^[\W_]*(?:these|this|those|such|they|it|its|their)\b/i;

export function subjectOf(rule: Rule, heading: string | null | undefined): string | null {
  if (!heading || rule.leadIn) return null;
  return NO_SUBJECT.test(rule.text) || POINTING_BACK.test(rule.text) ? heading : null;
}
