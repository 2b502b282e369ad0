/**
 * How deep input may nest before it is not read. The readers behind a page (the Markdown
 * parser and its plugins, the walk over its tree, the JSON parser, every walk over a JSON
 * value) recurse once or more per level, so 10,000 nested blockquotes or JSON nested
 * 100,000 levels would end in a stack overflow. Real pages nest a few levels; the caps sit
 * far above that and far below what a stack holds.
 *
 * Where a cap applies, one rule: a part of a page (a section, an example, a JSX tag's body)
 * that nests too deep is skipped with a diagnostic naming its line, and the rest of the page
 * is read and diffed; a JSON Schema file, whose whole content is its structure, is refused
 * as bad input (exit 2) with the same sentence.
 */

/** Blockquotes and list items opened on one line; JSX components inside one another. */
export const MAX_MARKUP_DEPTH = 100;
/** JSX components inside one another: each level's body is parsed again, so the cap is low. */
export const MAX_COMPONENT_DEPTH = 16;
/**
 * Arrays and objects inside one another, in an example or a schema, JSON or YAML alike. The
 * YAML parser recurses per level and overflowed Node's default stack at about 790 nested
 * flow collections (measured on Node 20 here), so the one cap sits well below that.
 */
export const MAX_JSON_DEPTH = 500;

/**
 * The offset at which JSON (comments and trailing commas allowed) first nests deeper than
 * `max`, or -1. One pass over the text, strings and comments skipped.
 */
export function jsonTooDeepAt(text: string, max = MAX_JSON_DEPTH): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (ch === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i);
      i = end === -1 ? text.length : end;
    } else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
    } else if (ch === '[' || ch === '{') {
      depth += 1;
      if (depth > max) return i;
    } else if (ch === ']' || ch === '}') {
      depth = Math.max(0, depth - 1);
    }
  }
  return -1;
}

/** Container markers (`>`, `-`, `*`, `+`, `1.`, `1)`) a line opens before its content. */
const CONTAINER_MARKER = /[ \t]*(?:>|(?:[-+*]|\d{1,9}[.)])(?=[ \t]|$))/y;

/** The 0-based index of the first line that opens more than `max` containers, or -1. */
export function markupTooDeepAt(lines: readonly string[], max = MAX_MARKUP_DEPTH): number {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    CONTAINER_MARKER.lastIndex = 0;
    let depth = 0;
    while (CONTAINER_MARKER.test(line)) {
      depth += 1;
      if (depth > max) return i;
    }
  }
  return -1;
}

/** How deep JSX components (capitalised tags) nest in a block of markup; self-closing tags do not nest. */
export function componentDepth(markup: string): number {
  let depth = 0;
  let deepest = 0;
  for (const tag of markup.matchAll(/<(\/?)[A-Z][\w.]*\b[^<>]*?(\/?)>/g)) {
    if (tag[1]) depth = Math.max(0, depth - 1);
    else if (!tag[2]) deepest = Math.max(deepest, ++depth);
  }
  return deepest;
}

export function tooDeep(what: string, max: number): string {
  return `${what} nests deeper than ${max} levels`;
}

/**
 * Link and emphasis markers on one line. The inline parser matches each closer by looking
 * back over the openers still open, so a line of thousands of `[` or `*` costs time
 * quadratic in their number (10,000 took a minute). Real prose has a handful per line.
 */
export const MAX_INLINE_MARKERS = 1000;

const INLINE_MARKER = /[[\]*_]/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/**
 * A section's text with every line that holds more than `max` link or emphasis markers
 * (outside code fences) escaped, so those markers read as the literal characters they are;
 * and the 0-based indexes of the lines it escaped. Line numbers do not move.
 */
export function literalInlineFloods(text: string, max = MAX_INLINE_MARKERS): { text: string; lines: number[] } {
  if (text.length <= max) return { text, lines: [] };
  const lines = text.split('\n');
  const escaped: number[] = [];
  let fence: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const marker = FENCE.exec(line);
    if (marker) {
      if (fence === null) fence = marker[1]![0]!;
      else if (marker[1]![0] === fence) fence = null;
      continue;
    }
    if (fence !== null || line.length <= max) continue;
    let count = 0;
    for (const _ of line.matchAll(INLINE_MARKER)) if (++count > max) break;
    if (count <= max) continue;
    // Backslashes too, so an escape already in the line stays an escape of a literal.
    lines[i] = line.replace(/[\\[\]*_]/g, '\\$&');
    escaped.push(i);
  }
  return escaped.length > 0 ? { text: lines.join('\n'), lines: escaped } : { text, lines: [] };
}
