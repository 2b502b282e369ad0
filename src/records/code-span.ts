/**
 * A name in a message goes in a code span. A name made of parts ("Section › field") whose
 * part already carries code spans (a section headed `` `_meta` ``) keeps its spans: only
 * its bare parts are put in code, "`_meta` › `traceparent`", since wrapping the whole again
 * would pair the wrong backticks ("``_meta` › traceparent`").
 */

/** How a name's parts are joined (section-label.ts, fields.ts): kept as they are. */
const PART_SEPARATOR = /(\s›\s)/;

export function inCode(name: string): string {
  if (!name.includes('`')) return `\`${name}\``;
  return name
    .split(PART_SEPARATOR)
    .map((part) => (PART_SEPARATOR.test(part) || part.includes('`') || part.trim() === '' ? part : `\`${part}\``))
    .join('');
}
