import { gfmAutolinkLiteralFromMarkdown } from 'mdast-util-gfm-autolink-literal';
import { gfmFootnoteFromMarkdown } from 'mdast-util-gfm-footnote';
import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmAutolinkLiteral } from 'micromark-extension-gfm-autolink-literal';
import { gfmFootnote } from 'micromark-extension-gfm-footnote';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import type { Nodes, Root } from 'mdast';
import type { Processor } from 'unified';

/**
 * GitHub Flavored Markdown as its five parts, each with what its syntax cannot start
 * without. micromark tries every construct it has at every place one may begin (a table at
 * every line, a literal autolink at every `w`, `h` and word character), and GFM's parts
 * add about 70% to the cost of reading prose (measured on the spec's pages). A part whose
 * telltale characters are absent from a text can match nothing there, so a text is read
 * with only the parts it may hold (`gfmParts`) and its tree is exactly the one the whole of
 * remark-gfm gives (a test reads every section of every revision of the real spec both ways).
 *
 * The order is remark-gfm's (micromark-extension-gfm, mdast-util-gfm): where two parts
 * claim the same character, the first one tried wins, as it does there.
 */

// The extension types, named as the parts' own packages give them (their home packages are not ours to depend on).
type SyntaxExtension = ReturnType<typeof gfmTable>;
type FromMarkdownExtension = ReturnType<typeof gfmTableFromMarkdown>;

interface GfmPart {
  name: string;
  syntax: () => SyntaxExtension;
  fromMarkdown: () => FromMarkdownExtension;
  /** False only when the part cannot match anything in `text`. */
  mayOccurIn: (text: string) => boolean;
  /**
   * For a part whose telltale is common where the part never applies: false only when a
   * tree read without the part has no text the part could have matched, and so is the tree
   * it would give (`parseTree`, in tree-cache.ts, then keeps it).
   */
  mayMatchIn?: (tree: Root) => boolean;
}

/**
 * A line that could be a table's delimiter row (`| --- | :-: |`), once what may open it is
 * skipped: indentation, block quote markers, list markers (wider than a delimiter row can
 * be: a line it wrongly takes only costs the table part's time). The row's part starts at
 * its first `-`, `:` or `|` and its first `-` is found without trying another: one reading
 * per line, so a hostile line costs its length, not its square.
 */
const DELIMITER_ROW = /^(?:[ \t>*+]|\d{1,9}[.)])*(?:[:|][:| \t]*)?-[-:| \t]*$/m;

export const GFM_PARTS: readonly GfmPart[] = [
  {
    // `www.`, `http://`/`https://`, `someone@example.com`. The tree transform that finds them
    // reads text after escapes and character references are decoded: `www\.x` and `&#64;`
    // count too.
    name: 'autolink literal',
    syntax: gfmAutolinkLiteral,
    fromMarkdown: gfmAutolinkLiteralFromMarkdown,
    mayOccurIn: (text) => /[@&]|www\.|:\/\//i.test(text.includes('\\') ? text.replaceAll('\\', '') : text),
    // Most `://` are in links' destinations and most `&` start character references, where
    // no literal can be. A literal starts in inline text, at a `w`, `h` or word character no
    // other construct claims, so read without the part those characters are text, decoded
    // (an image's alt, for one inside an image's brackets). Its syntax and its tree transform
    // both need one of these in that text: without one, the part changes nothing.
    mayMatchIn: (tree) => someInlineText(tree, (text) => /@|www\.|https?:\/\//i.test(text)),
  },
  // A call `[^1]` and a definition `[^1]: …` both need the caret.
  { name: 'footnote', syntax: gfmFootnote, fromMarkdown: gfmFootnoteFromMarkdown, mayOccurIn: (text) => text.includes('^') },
  { name: 'strikethrough', syntax: () => gfmStrikethrough(), fromMarkdown: gfmStrikethroughFromMarkdown, mayOccurIn: (text) => text.includes('~') },
  // A table's head row is only a row when it holds a pipe (one cell without one is a
  // paragraph), and a delimiter row follows it: a line of only `-`, `:`, `|` and spaces,
  // after its containers' markers. Pipes in code and prose are far more common than tables.
  { name: 'table', syntax: gfmTable, fromMarkdown: gfmTableFromMarkdown, mayOccurIn: (text) => text.includes('|') && DELIMITER_ROW.test(text) },
  // `[ ]`, `[x]`: the box's inside is whitespace (a line ending too, as GitHub reads files) or an x.
  { name: 'task list item', syntax: gfmTaskListItem, fromMarkdown: gfmTaskListItemFromMarkdown, mayOccurIn: (text) => /\[[\sxX]\]/.test(text) },
];

/** The parts `text` may hold, as a key of one bit per part (`GFM_PARTS` order). */
export function gfmPartsIn(text: string): number {
  let key = 0;
  GFM_PARTS.forEach((part, bit) => {
    if (part.mayOccurIn(text)) key |= 1 << bit;
  });
  return key;
}

/** The parts of a key that a tree read without them may show are not needed (`mayMatchIn`). */
export function partsCheckedByTree(key: number): number {
  return GFM_PARTS.reduce((checked, part, bit) => (part.mayMatchIn && key & (1 << bit) ? checked | (1 << bit) : checked), 0);
}

/** Of the `checked` parts a tree was read without, those it shows may have mattered. */
export function partsTheTreeMayNeed(tree: Root, checked: number): number {
  return GFM_PARTS.reduce((needed, part, bit) => (checked & (1 << bit) && part.mayMatchIn?.(tree) ? needed | (1 << bit) : needed), 0);
}

/** True when `test` holds for the value of a text node or the alt of an image in `tree`. */
function someInlineText(tree: Root, test: (text: string) => boolean): boolean {
  const pending: Nodes[] = [tree];
  // A work list, not recursion: containers nest as deep as a page likes.
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (node.type === 'text' && test(node.value)) return true;
    if ((node.type === 'image' || node.type === 'imageReference') && node.alt && test(node.alt)) return true;
    if ('children' in node) pending.push(...(node.children as Nodes[]));
  }
  return false;
}

/** The whole of GFM, as `gfmPartsIn` keys it. */
const ALL_GFM_PARTS = (1 << GFM_PARTS.length) - 1;

/** A unified plugin, in remark-gfm's place: the parts a `gfmPartsIn` key names, for reading only. */
export function gfmParts(this: Processor, key: number = ALL_GFM_PARTS): void {
  const data = this.data() as { micromarkExtensions?: SyntaxExtension[]; fromMarkdownExtensions?: FromMarkdownExtension[] };
  const chosen = GFM_PARTS.filter((_, bit) => (key & (1 << bit)) !== 0);
  (data.micromarkExtensions ??= []).push(...chosen.map((part) => part.syntax()));
  (data.fromMarkdownExtensions ??= []).push(...chosen.map((part) => part.fromMarkdown()));
}
