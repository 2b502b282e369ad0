/**
 * Numbers that bound a range ("codes in the range `-32768` to `-32000`", "between 400 and
 * 499", "`-32099`–`-32000`", "[-32099, -32000]") name the range, not a code each: a page
 * that reserves a range has defined no code at its ends. A code stands on its own (in a
 * table of codes, a code span beside its name, "error code X"); the reader of codes in
 * text skips the bounds this module finds.
 *
 * The ways a spec writes a range, in one place: a connective between two numbers, "between
 * A and B", or interval brackets. Two numbers in round brackets are left out: "(`-32700`,
 * `-32603`)" is more often a list of codes than an open interval.
 */

/** A number as text shows it: maybe in a code span, maybe with a typographic minus. */
const NUMBER = '`?[-\u2212]?\\d+`?';

/** Words and marks that join a range's two ends ("A to B", "A through B", "A–B", "A..B"). */
const CONNECTIVES = ['to', 'through', 'thru', 'until', 'till', '\u2013', '\\.\\.\\.?'];

const RANGE_FORMS: readonly RegExp[] = [
  // "from A to B" needs no form of its own: "A to B" inside it is found.
  new RegExp(`(?<a>${NUMBER})\\s*(?:${CONNECTIVES.map((c) => (/^\w/.test(c) ? `\\b${c}\\b` : c)).join('|')})\\s*(?<b>${NUMBER})`, 'dgi'),
  new RegExp(`\\bbetween\\s+(?<a>${NUMBER})\\s+and\\s+(?<b>${NUMBER})`, 'dgi'),
  // Interval notation: [A, B], [A, B), (A, B].
  new RegExp(`\\[\\s*(?<a>${NUMBER})\\s*[,;]\\s*(?<b>${NUMBER})\\s*[\\])]`, 'dg'),
  new RegExp(`\\(\\s*(?<a>${NUMBER})\\s*[,;]\\s*(?<b>${NUMBER})\\s*\\]`, 'dg'),
];

/** "map `-32002` to `-32602`": after a verb that turns one value into another, "A to B" is a mapping of two codes. */
const MAPPING = /\b(?:map|convert|chang|translat|renam|renumber|rewrit|replac|upgrad|downgrad|mov|turn)\w*\s+(?:from\s+)?$/i;
/** How far before a range's first end the verb of a mapping is looked for: a few words. */
const MAPPING_REACH = 40;

/** Where, in `text`, each number bounding a range starts (its backtick, when in a code span). */
export function rangeBoundOffsets(text: string): Set<number> {
  const offsets = new Set<number>();
  // Every form joins two numbers; most text holds none, and matching with indices is slow.
  if (!/\d/.test(text)) return offsets;
  for (const form of RANGE_FORMS) {
    for (const match of text.matchAll(form)) {
      const indices = match.indices?.groups;
      if (!indices?.['a'] || !indices['b']) continue;
      if (MAPPING.test(text.slice(Math.max(0, indices['a'][0] - MAPPING_REACH), indices['a'][0]))) continue;
      offsets.add(indices['a'][0]);
      offsets.add(indices['b'][0]);
    }
  }
  return offsets;
}
