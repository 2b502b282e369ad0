import type { Block } from './markdown.ts';

/**
 * Label paragraphs: "**Reserved keys:**" over a table, a "Deprecated" badge over the
 * notice it marks. A label states nothing itself; it names the block it introduces, so
 * it is read as part of that block, not as a paragraph of its own: the title of the
 * paragraph after it ("Reserved keys: The following keys are reserved …"), nothing when
 * that paragraph already opens with its words ("Deprecated" / "Deprecated as of …"), and
 * nothing before a list, table or code block, whose own records report what it labels.
 * A label with nothing after it in its section stays a paragraph: it introduces nothing.
 */

/** At most this many words before a closing colon ("Reserved keys:", "Error handling:"). */
const MAX_COLON_LABEL_WORDS = 4;
/** At most this many words for a paragraph set entirely in bold or italics ("**Request and response**"). */
const MAX_EMPHASIZED_LABEL_WORDS = 6;

type TextBlock = Extract<Block, { type: 'text' }>;

/** More words than any label has, in a trimmed text (anchored: a long word is read once). */
const TOO_MANY_WORDS = new RegExp(`^\\S+(?:\\s+\\S+){${Math.max(MAX_COLON_LABEL_WORDS, MAX_EMPHASIZED_LABEL_WORDS)}}`);

/**
 * A short phrase that is no sentence: a few words ending in a colon, a paragraph set
 * entirely in bold or italics, or a single word; never one ending like a sentence, nor one
 * carrying a normative keyword.
 */
function isLabel(block: TextBlock, hasKeyword: (text: string) => boolean): boolean {
  const text = block.text.trim();
  if (block.listItem || block.caption || text === '' || /[.!?]$/.test(text)) return false;
  const body = text.replace(/:$/, '');
  // Too many words make no label of any kind: known from the first few, before the keyword
  // search reads the whole paragraph (most paragraphs are longer).
  if (TOO_MANY_WORDS.test(body) || hasKeyword(text)) return false;
  const colon = body !== text;
  const words = body.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return false;
  if (colon && words.length <= MAX_COLON_LABEL_WORDS) return true;
  if (block.emphasized === true && words.length <= MAX_EMPHASIZED_LABEL_WORDS) return true;
  return words.length === 1 && /^\p{L}[\p{L}\p{N}-]*$/u.test(words[0]!);
}

/** Marks each label paragraph and gives its words to the paragraph it introduces. */
export function foldLabels(blocks: readonly Block[], hasKeyword: (text: string) => boolean): void {
  for (let i = 0; i < blocks.length; i++) {
    const block = blocks[i]!;
    if (block.type !== 'text' || !isLabel(block, hasKeyword)) continue;
    const next = blocks[i + 1];
    if (next === undefined || next.type === 'heading') continue;
    block.label = true;
    if (next.type !== 'text' || next.listItem || next.caption) continue;
    const title = block.text.replace(/:\s*$/, '').trim();
    if (!startsWithWords(next.text, title)) next.title = title;
  }
}

function startsWithWords(text: string, words: string): boolean {
  const plain = (s: string) => s.toLowerCase().replace(/[^\p{L}\p{N}\s]/gu, '').replace(/\s+/g, ' ').trim();
  const head = plain(words);
  const body = plain(text);
  return body === head || body.startsWith(`${head} `);
}
