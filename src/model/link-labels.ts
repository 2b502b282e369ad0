/**
 * Which link reference or footnote labels a piece of Markdown may use, read from its text
 * without parsing it. A section that is parsed on its own only needs the definitions from
 * other sections whose labels it mentions: handing it every definition of the page made the
 * parser's input grow with (sections × definitions), quadratic on a long page.
 *
 * The answer may say too much (a bracketed word that is no reference), never too little:
 * a label missed would leave a link unresolved. Keys are therefore looser than CommonMark's
 * label matching (case fold and collapsed whitespace, see micromark's normalizeIdentifier):
 * whitespace and `>` are dropped, so a label that wraps inside a blockquote, whose text
 * still holds the next line's `>` prefix, has the same key as its definition's identifier.
 */

/** The loose key of a label or of a parsed node's `identifier`. */
export function labelKey(label: string): string {
  // normalizeIdentifier's fold (lower, upper) then mdast's final lower: the same composition on both sides.
  return label.replace(/[\s>]+/g, '').toLowerCase().toUpperCase().toLowerCase();
}

/**
 * The keys of every label `text` may reference: what stands between an unescaped `[` and
 * the next unescaped `]` with no unescaped bracket between (CommonMark's link label); a
 * footnote call `[^x]` gives both `^x` and `x`. One pass over the text.
 */
export function mentionedLabels(text: string): Set<string> {
  const keys = new Set<string>();
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) {
      i += 1;
    } else if (c === OPEN) {
      open = i;
    } else if (c === CLOSE && open !== -1) {
      const label = text.slice(open + 1, i);
      keys.add(labelKey(label));
      if (label.startsWith('^')) keys.add(labelKey(label.slice(1)));
      open = -1;
    }
  }
  return keys;
}

const BACKSLASH = 0x5c;
const OPEN = 0x5b;
const CLOSE = 0x5d;
