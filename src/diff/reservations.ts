/**
 * A passage that reserves names ("… is reserved for …", "are all reserved") binds everyone
 * who picks names, keyword or not: a name it newly reserves may be one an implementation
 * already used, and must now give up. Both wordings reserve, and the new one names in code
 * what the old did not: what is reserved changed. The same names reserved in other words
 * change nothing.
 */
const RESERVES = /\b(?:is|are|remains?|be)\s+(?:all\s+|also\s+)?reserved\b/i;

/** The names in code a reworded reservation reserves that its old wording did not; none when either wording reserves nothing. */
export function newlyReserved(before: string, after: string): string[] {
  if (!RESERVES.test(before) || !RESERVES.test(after)) return [];
  const had = new Set(codeSpans(before));
  return [...new Set(codeSpans(after))].filter((name) => !had.has(name));
}

function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.trim());
}
