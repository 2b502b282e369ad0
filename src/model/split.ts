/**
 * Where a page can be cut into top-level sections that parse on their own. remark-parse
 * (micromark) grows super-linearly on one huge document (the shared design notes, ../shared/docs/design.md: 1 MB ≈ 6 s, 4 MB ≈
 * 84 s); parsed section by section the cost stays linear, and a section that did not change
 * between two texts is parsed once (see `tree-cache.ts`).
 *
 * A cut goes before an ATX heading (`#` … `######`) at column 0. Such a line closes every
 * container (list, blockquote, footnote) and interrupts a paragraph or a table, so the
 * blocks before it are the same whether the rest of the page follows or not. Only a leaf
 * block that is still open can swallow it: front matter, a fenced code block, a raw HTML
 * block. The scan below tracks those three the way CommonMark opens and closes them; where
 * it cannot tell (an indented fence may belong to a list item that a later line closes),
 * it errs towards not cutting, and the parser's own tree checks every cut afterwards
 * (`cutHolds` in `sections.ts`).
 */

interface SourceSection {
  text: string;
  /** The page line of the section's first line (1-based). */
  firstLine: number;
}

export const ATX_HEADING = /^#{1,6}(?:[ \t\r]|$)/;
const FRONT_MATTER_FENCE = /^---[ \t]*\r?$/;
const FENCE_OPENER = /^ {0,3}(`{3,}|~{3,})(.*)$/;
/** HTML blocks of CommonMark kinds 1–5 end at a marker, not at a blank line. */
const HTML_WITH_END_MARKER: [RegExp, RegExp][] = [
  [/^ {0,3}<(?:script|pre|style|textarea)(?:\s|>|$)/i, /<\/(?:script|pre|style|textarea)>/i],
  [/^ {0,3}<!--/, /-->/],
  [/^ {0,3}<\?/, /\?>/],
  [/^ {0,3}<![A-Za-z]/, />/],
  [/^ {0,3}<!\[CDATA\[/, /\]\]>/],
];
/** Any other line starting with a tag may open an HTML block (kinds 6 and 7) that ends at a blank line. */
const HTML_UNTIL_BLANK = /^ {0,3}<[A-Za-z/]/;

type Open =
  | { kind: 'none' }
  | { kind: 'fence'; closer: RegExp }
  | { kind: 'html'; end: RegExp | null };

/** Cuts a page before each top-level ATX heading that starts a section of its own. */
export function splitSections(source: string): SourceSection[] {
  const lines = source.split('\n');
  const sections: SourceSection[] = [];
  let start = 0;
  let startLine = 0;
  let offset = 0;
  let open: Open = { kind: 'none' };
  let firstContentLine = frontMatterEnd(lines);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (i >= firstContentLine) {
      if (open.kind === 'none' && i > startLine && ATX_HEADING.test(line)) {
        sections.push({ text: source.slice(start, offset), firstLine: startLine + 1 });
        start = offset;
        startLine = i;
      }
      open = next(open, line);
    }
    offset += line.length + 1;
  }
  sections.push({ text: source.slice(start), firstLine: startLine + 1 });
  return sections;
}

/** The line after the front matter's closing `---`, or 0 when the page has none. */
function frontMatterEnd(lines: readonly string[]): number {
  if (!FRONT_MATTER_FENCE.test(lines[0] ?? '')) return 0;
  for (let i = 1; i < lines.length; i++) if (FRONT_MATTER_FENCE.test(lines[i]!)) return i + 1;
  return 0;
}

/** The leaf block still open after `line`. */
function next(open: Open, line: string): Open {
  switch (open.kind) {
    case 'fence':
      return open.closer.test(line) ? { kind: 'none' } : open;
    case 'html':
      if (open.end === null) return line.trim() === '' ? { kind: 'none' } : open;
      return open.end.test(line) ? { kind: 'none' } : open;
    default:
      return opens(line);
  }
}

function opens(line: string): Open {
  const fence = FENCE_OPENER.exec(line);
  // A backtick fence's info string holds no backtick (else the line is inline code).
  if (fence && !(fence[1]![0] === '`' && fence[2]!.includes('`'))) {
    const marker = fence[1]!;
    return { kind: 'fence', closer: new RegExp(`^ {0,3}\\${marker[0]}{${marker.length},}[ \\t\\r]*$`) };
  }
  for (const [start, end] of HTML_WITH_END_MARKER) {
    // The end marker may sit on the opening line itself.
    if (start.test(line)) return end.test(line.replace(start, '')) ? { kind: 'none' } : { kind: 'html', end };
  }
  if (HTML_UNTIL_BLANK.test(line)) return { kind: 'html', end: null };
  return { kind: 'none' };
}
