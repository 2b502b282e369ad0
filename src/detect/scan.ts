import { lineLocator } from '../model/lines.ts';
import { looseObjectAt, looseObjects, looseObjectTry } from './loose.ts';
import { emptyFacts, readShapes, type ShapeFacts } from './shapes.ts';
import { TOKEN_PATTERN, trimToken } from './tokens.ts';
import { sentenceSpans, type SentenceEnd } from '../core/sentences.ts';

/**
 * A tutorial's text (Markdown, MDX, or what `extract.ts` made of an HTML page) cut into the
 * places evidence can come from: code blocks (with the object literals in them read for
 * shapes), inline code, links, headings and prose, each with its line and whether it sits
 * where the text explains an older revision as background. Browser-safe.
 */

export type Context = 'code' | 'inline' | 'url' | 'heading' | 'prose';

interface Span {
  text: string;
  /** 1-based line of the span's first character. */
  line: number;
  context: Context;
  /** The background cue of the sentence, caption or section this span is in ("no longer"), or null. */
  cue: string | null;
  /** For inline code, links and prose: the whole sentence (or heading) the span stands in. */
  sentence?: string;
  /** The sentence belongs to a list item (its first sentence or one that continues it). */
  item?: true;
  /** The span stands in a section of references ("## References", "Further reading"): the pages it links are what the author read. */
  reference?: true;
}

interface CodeExample {
  facts: ShapeFacts;
  /** Line of a key's / string value's first appearance in the example, or null. */
  lineOf: (needle: string) => number | null;
  line: number;
  cue: string | null;
  /** Set when the object is one of two or more in an array literal of objects alone (a JSON-RPC batch): the keys of each, in order. */
  siblings?: string[][];
}

export interface ScannedText {
  spans: Span[];
  examples: CodeExample[];
  /** Headings as written (markers for section names match these). */
  headings: { text: string; line: number; cue: string | null }[];
  lineCount: number;
}

/**
 * Words with which a text says it is describing how things *were*: the sentence (or the
 * caption before an example, or the section under such a heading) is background, and what
 * it names from an older revision is not what the text teaches.
 */
type CueSide = 'all' | 'after' | 'before' | 'next' | 'clause';

/**
 * Each cue with the side of it that names the old thing: "instead of X" (after), "X was replaced by Y" (before).
 * A cue ends at a word's end as `(?!\w)`, which after a letter or digit is what `\b` means: V8 copies a
 * trailing `\b` into every path through the alternatives before it, which made the combined pattern
 * (ANY_CUE) cost more to compile than the detector spends reading a 100 KB text's sentences with it.
 */
/** The third member marks a cue that names the past as a thing ("the old shape", "previously"): a short sentence of it is a lead-in. */
const BACKGROUND_CUES: [RegExp, CueSide, true?][] = [
  [/\binstead of(?!\w)/i, 'after'],
  [/\breplaces(?!\w)/i, 'after'],
  [/\b(?:was|were|is|are|has been|have been) (?:replaced|superseded) (?:by|with)(?!\w)/i, 'before'],
  [/\breplaced (?:by|with)(?!\w)/i, 'before'],
  [/\bno longer(?!\w)/i, 'all'],
  // "used to" is the past ("we used to poll"), not a purpose after a form of "be" ("is used to describe").
  // (The lookbehind comes after the words, so it is asked only where they stand, not at every character.)
  // It qualifies its own clause: "what used to be exchanged once now rides in `x`, and a new `y` …" leaves `y` alone.
  [/\bused to(?<!\b(?:is|are|was|were|be|been|being|get|gets|got)\s+used to)(?!\w)/i, 'clause'],
  [/\b(?:was|were|has been|have been) (?:replaced|removed|dropped|deprecated|retired|superseded)(?!\w)/i, 'all'],
  [/\bdeprecated(?!\w)/i, 'all'],
  // "rejection of removed methods", "the removed field": what a sentence calls removed is not taught.
  [/\b(?:the |of |are |is )?removed(?!\w)/i, 'all'],
  [/\bis gone(?!\w)|\bare gone(?!\w)/i, 'all'],
  [/\b(?:previously|formerly|before this change|in the past)(?!\w)/i, 'all', true],
  [/\b(?<!-)(?:old|older|legacy|previous) (?:shape|flow|pattern|way|model|mechanism|version|revision|spec|specification|approach|behaviou?r|api|design)(?!\w)/i, 'all', true],
  // "legacy (`x` handshake) servers": the parenthesis says what the old thing is.
  [/\b(?<!-)(?:old|older|legacy|previous) \(/i, 'all'],
  // "omits the legacy `x` and sends `y`": the adjective qualifies the one name it stands before.
  [/\b(?<!-)(?:old|older|legacy|previous|obsolete) (?=`)/i, 'next'],
  [/\bthe old(?![\w-])/i, 'all', true],
  // A changelog-style aside: a dated revision and what it changed ("2025-11-25 added URL mode", "removed in 2026-07-28").
  [/\b\d{4}-\d{2}-\d{2}(?!\w)[^.;]{0,80}?\b(?:added|introduced|brought|removed|dropped|replaced|renamed|deprecated)(?!\w)|\b(?:added|introduced|removed|dropped|replaced|renamed|deprecated) (?:in|since|by) (?:the )?(?:revision |version |spec(?:ification)? )?\d{4}-\d{2}-\d{2}(?!\w)/i, 'all'],
  // A caption or sentence that opens with "Before" ("Before:", "**Before** (2025-11-25)") shows the old side.
  [/^\W*before(?!\w)(?!\s+(?:you|we|it|the|a|an|this|that|sending|calling|returning)(?!\w))/i, 'all', true],
];

interface Cue {
  text: string;
  at: number;
  end: number;
  side: CueSide;
  /** For a clause's cue, the clause it marks: [from, to). */
  scope?: [number, number];
  /** A cue that names the past as a thing ("the old shape"), which a lead-in sentence can be. */
  thing?: true;
}

/**
 * A sentence that only announces the past ("Here's the old shape.", "Previously:", "The old flow
 * looked like this:"), naming nothing itself: what follows it in its paragraph, and the block
 * after it when it ends its paragraph, is that past. A short sentence whose cue names the past as
 * a thing, or one ending with a colon; never one with code or a link in it.
 */
function isLeadIn(sentence: string, cue: Cue): boolean {
  if (/[`\]]|https?:/.test(sentence)) return false;
  const words = sentence.trim().split(/\s+/).length;
  return (cue.thing === true && words <= 8) || (CAPTION_END.test(sentence) && words <= 12);
}

/**
 * Where a clause ends: a comma, semicolon, colon, dash or parenthesis, or a "now" that turns
 * from the past to the present ("… used to be sent once now rides in …").
 */
const CLAUSE_END = /[,;:(\u2013\u2014]|\s-{1,2}\s|\bnow(?!\w)/g;

/** The clause around a cue: from the last clause end before it to the first after it. */
function clauseOf(text: string, at: number, end: number): [number, number] {
  let from = 0;
  let to = text.length;
  CLAUSE_END.lastIndex = 0;
  for (let m = CLAUSE_END.exec(text); m !== null; m = CLAUSE_END.exec(text)) {
    if (m.index + m[0].length <= at) from = m.index + m[0].length;
    else if (m.index >= end) {
      to = m.index;
      break;
    }
  }
  return [from, to];
}

/**
 * All the cues in one pattern, each its own group: one search finds the leftmost cue, and at
 * that place the first cue of the list, as searching for each in turn and keeping the
 * earliest would (the cues' own groups do not capture).
 */
const ANY_CUE = new RegExp(BACKGROUND_CUES.map(([pattern]) => `(${pattern.source})`).join('|'), 'i');

/** The first background cue in a text, with where it stands and which side of it is the past. */
export function findCue(text: string): Cue | null {
  const m = ANY_CUE.exec(text);
  if (m === null) return null;
  let i = 1;
  while (m[i] === undefined) i += 1;
  const [, side, thing] = BACKGROUND_CUES[i - 1]!;
  const cue: Cue = { text: m[0], at: m.index, end: m.index + m[0].length, side };
  if (thing) cue.thing = true;
  if (side === 'clause') cue.scope = clauseOf(text, cue.at, cue.end);
  return cue;
}

export function cueIn(text: string): string | null {
  return findCue(text)?.text ?? null;
}

/** Headings that open a section about the past: "Before", "What changed", "Migrating from 2025-11-25", "Legacy". (Word ends as in BACKGROUND_CUES.) */
export const BACKGROUND_HEADING_PATTERN = /\b(?:before(?!\s+(?:you|we|starting|getting|beginning|the)(?!\w))|legacy|old(?:er)?|previous|deprecated|migrat\w*|what changed|changes from|history|no longer|backwards?[- ]compatib\w*)(?![\w-])/i;

/**
 * A paragraph labelled like a heading ("**Legacy note.**", "> [!DEPRECATED]", "Migration:")
 * is a callout about the past as a whole, like a section under such a heading.
 */
const CALLOUT_LABEL = /^[\s>]*(?:(?:\*\*|__)([^*_\n]{1,40})(?:\*\*|__)|\[!(\w+)\]|([A-Za-z]+(?: [A-Za-z]+){0,2}):)/;

function calloutCue(text: string): string | null {
  const m = CALLOUT_LABEL.exec(text);
  const label = m ? (m[1] ?? m[2] ?? m[3] ?? '').replace(/[.:]\s*$/, '').trim() : '';
  return label && BACKGROUND_HEADING_PATTERN.test(label) ? `callout "${label}"` : null;
}

/** A line that opens a list item. */
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s+/;

interface Block {
  kind: 'code' | 'heading' | 'para';
  line: number;
  text: string;
  lang?: string | null;
  depth?: number;
  /** Code cut out of a paragraph (a page that lost its fences): its caption is the sentence it stands in. */
  inProse?: true;
}

interface ScanOptions {
  /** A further background cue of the caller's (the builder counts a sentence naming another revision as history). */
  extraCue?: (text: string) => string | null;
  /**
   * Whether an object literal with unquoted keys, found in prose, has the protocol's structure (the
   * detector asks whether it names a protocol name): only then is it flattened code, read as an example.
   */
  protocolObject?: (value: Record<string, unknown>) => boolean;
}

export function scanText(text: string, options: ScanOptions = {}): ScannedText {
  const cueOf = (t: string): Cue | null => {
    const extra = options.extraCue?.(t);
    return findCue(t) ?? (extra ? { text: extra, at: 0, end: 0, side: 'all' } : null);
  };
  const whole = (text: string | null): Cue | null => (text === null ? null : { text, at: 0, end: 0, side: 'all' });
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const blocks = splitBlocks(lines, options.protocolObject);
  const spans: Span[] = [];
  const examples: CodeExample[] = [];
  const headings: ScannedText['headings'] = [];
  /** Open background sections: the depth of the heading that opened one. */
  let backgroundDepth: number | null = null;
  let sectionCue: string | null = null;
  let previous: Block | null = null;
  /** The last paragraph since the last heading or code that ends with a colon: the caption of the code under it, whatever note comes between. */
  let label: Block | null = null;
  /** A lead-in's cue, carried to the block after it (and on through a list that block opens). */
  let carry: { cue: string; items: boolean } | null = null;
  /** Whether the current section lists references (its heading says so). */
  let references = false;

  for (const block of blocks) {
    if (block.kind === 'heading') {
      const depth = block.depth ?? 1;
      if (backgroundDepth !== null && depth <= backgroundDepth) {
        backgroundDepth = null;
        sectionCue = null;
      }
      // The page's title names its subject ("Keeping old clients working"), not a section about the past.
      const title = headings.length === 0 && depth === 1;
      const m = title ? null : BACKGROUND_HEADING_PATTERN.exec(block.text);
      if (m && backgroundDepth === null) {
        backgroundDepth = depth;
        sectionCue = `section "${block.text.trim()}"`;
      }
      label = null;
      references = REFERENCE_HEADING.test(stripInline(block.text));
      headings.push({ text: stripInline(block.text), line: block.line, cue: sectionCue });
      inlineSpans(block.text, block.line, whole(sectionCue), spans, 'heading');
    } else if (block.kind === 'code') {
      // Code cut out of a paragraph stands in the paragraph's last sentence before it, not under a caption.
      const caption = block.inProse ? (previous?.kind === 'para' ? { text: sentencesOf(previous.text, previous.line).at(-1)?.text ?? '' } : null) : label ?? (previous?.kind === 'para' ? previous : null);
      if (!block.inProse) label = null;
      const cue = sectionCue ?? (caption ? cueOf(caption.text)?.text ?? null : null);
      spans.push({ text: block.text, line: block.line, context: 'code', cue });
      examples.push(...readExamples(block.text, block.line, cue));
    } else {
      if (CAPTION_END.test(block.text)) label = block;
      const callout = whole(calloutCue(block.text));
      const item = LIST_ITEM.test(block.text);
      const first = spans.length;
      const carried: string | null = carry !== null && (!carry.items || item) ? carry.cue : null;
      let leadIn: string | null = null;
      let endsInLeadIn = false;
      // A lead-in's reach ends at the first line after it that ends a sentence: a page excerpt with
      // one paragraph per line and no blank line between them ends a paragraph there.
      let reachEnds = false;
      for (const sentence of sentencesOf(block.text, block.line)) {
        if (reachEnds) leadIn = null;
        const own = cueOf(sentence.text);
        inlineSpans(sentence.text, sentence.line, whole(sectionCue) ?? callout ?? whole(carried) ?? whole(leadIn) ?? own, spans, 'prose', item);
        const opens = own !== null && isLeadIn(sentence.text, own);
        endsInLeadIn = opens;
        reachEnds = leadIn !== null && !opens && sentence.endsLine;
        if (opens) leadIn ??= own!.text;
      }
      carry = endsInLeadIn && leadIn !== null ? { cue: leadIn, items: false } : carried !== null && item ? { cue: carried, items: true } : null;
      if (references) for (let i = first; i < spans.length; i++) spans[i]!.reference = true;
    }
    if (block.kind !== 'para') carry = null;
    previous = block;
  }
  return { spans, examples, headings, lineCount: lines.length };
}

/** A heading over a list of references: "References", "Further reading", "See also", "Resources", "Links", "Learn more". */
const REFERENCE_HEADING = /^\W*(?:references?|further reading|see also|(?:useful |related |external )?(?:resources|links)|learn more|sources|bibliography)\W*$/i;

/** A paragraph that introduces what follows ("After (2026-07-28):", "**Before**:"). */
const CAPTION_END = /:\**\s*$/;

function splitBlocks(lines: string[], protocolObject?: (value: Record<string, unknown>) => boolean): Block[] {
  const blocks: Block[] = [];
  let para: { line: number; lines: string[] } | null = null;
  const flush = () => {
    if (para) {
      const text = para.lines.join('\n');
      // An example pasted without a fence (plain text, a copied page): an object on lines of its own.
      const bare = /^\s*[{[]/.test(text) && /[}\]]\s*$/.test(text);
      if (bare) blocks.push({ kind: 'code', line: para.line, text, lang: null });
      else splitEscapedJson(text, para.line, blocks, protocolObject);
    }
    para = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    // (The patterns run only on lines that hold their characters: most lines are prose.)
    const fence = line.includes('`') || line.includes('~') ? /^(\s{0,3})(`{3,}|~{3,})\s*([\w+#.-]*)/.exec(line) : null;
    if (fence) {
      flush();
      const marker = fence[2]!;
      const closing = new RegExp(`^\\s{0,3}${marker[0] === '`' ? '`' : '~'}{${marker.length},}\\s*$`);
      const body: string[] = [];
      let j = i + 1;
      while (j < lines.length && !closing.test(lines[j]!)) body.push(lines[j++]!);
      blocks.push({ kind: 'code', line: i + 2, text: body.join('\n'), lang: fence[3] || null });
      i = j;
      continue;
    }
    const heading = line.includes('#') ? /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line) : null;
    if (heading) {
      flush();
      blocks.push({ kind: 'heading', line: i + 1, text: heading[2]!, depth: heading[1]!.length });
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    // A list item starts a paragraph of its own: its sentence is its own.
    if (para && LIST_ITEM.test(line)) flush();
    if (!para) para = { line: i + 1, lines: [] };
    para.lines.push(line);
  }
  flush();
  return blocks;
}

/**
 * A page whose code fences were lost (a copied or flattened page) runs its JSON into the prose:
 * "… the server sends { "method": "x", "params": { … } } and the client …". An object that opens
 * with a quoted key and reads as an object literal is an example, cut out of the paragraph as
 * code; the prose around it stays prose. Code flattened the same way writes its keys unquoted
 * (`return { content: [ { type: "resource_link", uri: … } ] }`): such an object is cut out too
 * when it has the protocol's structure (`protocolObject`), and an app's own (`{ theme: "dark" }`)
 * stays prose. Not inside inline code, which has its own context.
 */
function splitJsonInProse(text: string, line: number, blocks: Block[], protocolObject?: (value: Record<string, unknown>) => boolean): void {
  let last = 0;
  let lineNo = line;
  // Each piece starts where the last one ended (`last`, on line `lineNo`).
  const push = (kind: 'code' | 'para', to: number) => {
    const piece = text.slice(last, to);
    if (piece.trim() !== '') blocks.push({ kind, line: lineNo + leadingNewlines(piece, 0), text: kind === 'code' ? piece : piece.trim(), lang: null, ...(kind === 'code' ? { inProse: true as const } : {}) });
    lineNo += countNewlines(text, last, to);
    last = to;
  };
  if (text.includes('{')) {
    const pattern = protocolObject ? PROSE_OBJECT : PROSE_JSON;
    pattern.lastIndex = 0;
    // What a failed attempt read is not tried again from a brace inside it: each character is read by one failed attempt at most.
    let readTo = 0;
    const ticks = backtickCounter(text);
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      if (m.index < last || m.index < readTo || ticks(m.index) % 2 === 1) continue;
      const attempt = looseObjectTry(text, m.index, PROSE_OBJECT_LIMIT);
      const object = attempt.found;
      if (object === null) {
        readTo = attempt.readTo;
        continue;
      }
      // An object without the protocol's structure holds none either (its own objects were asked with it): read past it.
      if (m[1] === undefined && protocolObject?.(object.value) !== true) {
        readTo = object.end;
        continue;
      }
      push('para', m.index);
      push('code', object.end);
      pattern.lastIndex = last;
    }
  }
  if (last === 0) blocks.push({ kind: 'para', line, text, lang: null });
  else push('para', text.length);
}
/**
 * JSON copied into prose from a string of some program or log keeps its escapes:
 * `{\"jsonrpc\": \"2.0\", \"method\": …}`. An object that opens with an escaped quoted key is read
 * to its closing brace (braces inside its escaped strings aside) and cut out as code with its quotes
 * unescaped; the prose around it is read as any paragraph.
 */
function splitEscapedJson(text: string, line: number, blocks: Block[], protocolObject?: (value: Record<string, unknown>) => boolean): void {
  let from = 0;
  let lineNo = line;
  let searchFrom = 0;
  while (true) {
    ESCAPED_OPEN.lastIndex = searchFrom;
    const found = ESCAPED_OPEN.exec(text);
    if (found === null) break;
    const open = found.index;
    const end = escapedObjectEnd(text, open);
    if (end === -1) {
      // What a failed attempt read is not read again: each character once at most.
      searchFrom = Math.min(text.length, open + PROSE_OBJECT_LIMIT);
      continue;
    }
    if (open > from) splitJsonInProse(text.slice(from, open), lineNo, blocks, protocolObject);
    lineNo += countNewlines(text, from, open);
    const body = text.slice(open, end).replace(/\\(["\\/])/g, '$1');
    blocks.push({ kind: 'code', line: lineNo, text: body, lang: null, inProse: true });
    lineNo += countNewlines(text, open, end);
    from = end;
    searchFrom = end;
  }
  if (from === 0) splitJsonInProse(text, line, blocks, protocolObject);
  else if (text.slice(from).trim() !== '') splitJsonInProse(text.slice(from).trim(), lineNo + leadingNewlines(text, from), blocks, protocolObject);
}

const ESCAPED_OPEN = /\{\s*\\"/g;

/** Where an object whose strings are quoted with escaped quotes ends (after its closing brace), or -1. */
function escapedObjectEnd(text: string, open: number): number {
  let depth = 0;
  let inString = false;
  const limit = Math.min(text.length, open + PROSE_OBJECT_LIMIT);
  for (let i = open; i < limit; i++) {
    const c = text[i];
    if (c === '\\') {
      if (text[i + 1] === '"') inString = !inString;
      i += 1;
    } else if (inString) continue;
    else if (c === '{' || c === '[') depth += 1;
    else if (c === '}' || c === ']') {
      depth -= 1;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

/** How far an object in prose is read: a message pasted into a paragraph, not a page of code. */
const PROSE_OBJECT_LIMIT = 20_000;
/** An object opening with a quoted key: `{"method":`, `{ "jsonrpc" :`. */
const PROSE_JSON = /\{\s*("[A-Za-z_$@][\w$@./-]*")\s*:/g;
/** The same, or with an unquoted key (`{ type:`), the key's quoted form captured when it is quoted. */
const PROSE_OBJECT = /\{\s*(?:("[A-Za-z_$@][\w$@./-]*")|[A-Za-z_$][\w$]*)\s*:/g;

/** The number of backticks before an offset, asked at growing offsets: counted on from the last answer, so a paragraph is read once. */
function backtickCounter(text: string): (at: number) => number {
  let counted = 0;
  let n = 0;
  return (at) => {
    for (; counted < at; counted++) if (text.charCodeAt(counted) === 96) n += 1;
    return n;
  };
}

/**
 * Tutorials and pasted pages: a sentence ends at a mark followed by white space or the end
 * (it may run on in lower case, or end at a line break), not after a common abbreviation, and
 * an ordered list's number ("2. Use …") opens its item rather than ending a sentence.
 */
const endsTutorialSentence: SentenceEnd = (text, at, start) =>
  /\s/.test(text[at + 1] ?? ' ') && !/\b(?:e\.g|i\.e|etc|vs)$/i.test(text.slice(Math.max(0, at - 4), at)) && !(text[at] === '.' && /^\s*\d+$/.test(text.slice(start, at)));

/**
 * Sentences of a paragraph, each with the line it starts on (core/sentences.ts splits them, with the
 * tutorials' rule) and whether it ends where its line ends.
 */
function sentencesOf(text: string, line: number): { text: string; line: number; endsLine: boolean }[] {
  // Lines are looked up, not counted from the paragraph's start: a paragraph of 100,000
  // sentences on one line would otherwise cost their square.
  const lineAt = lineLocator(text, line);
  return sentenceSpans(text, endsTutorialSentence)
    .filter((span) => text.slice(span.start, span.end).trim() !== '')
    .map((span) => ({ text: text.slice(span.start, span.end), line: lineAt(span.start) + leadingNewlines(text, span.start), endsLine: endsSentenceAtLineEnd(text, span.end) }));
}

/** Whether a sentence ending at `end` closes with ., ! or ? (and any closing quote, bracket or emphasis) where its line ends. */
function endsSentenceAtLineEnd(text: string, end: number): boolean {
  let k = end;
  while (k > 0 && /\s/.test(text[k - 1]!)) k--;
  let j = k;
  while (j < text.length && (text[j] === ' ' || text[j] === '\t')) j++;
  if (j < text.length && text[j] !== '\n' && text[j] !== '\r') return false;
  return /[.!?]["'\u2019\u201d)\]*_]*$/.test(text.slice(Math.max(0, k - 4), k));
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) if (text[i] === '\n') n += 1;
  return n;
}

function leadingNewlines(text: string, at: number): number {
  let n = 0;
  for (let i = at; i < text.length && /\s/.test(text[i]!); i++) if (text[i] === '\n') n += 1;
  return n;
}

/** Splits a sentence into inline code, link targets and the prose around them. */
function inlineSpans(text: string, line: number, sentenceCue: Cue | null, spans: Span[], prose: 'prose' | 'heading', item = false): void {
  const start = spans.length;
  // One line lookup per span, not a count from the sentence's start (a line of 100,000 code spans).
  const lineAt = text.includes('\n') ? lineLocator(text, line) : null;
  const pattern = INLINE;
  pattern.lastIndex = 0;
  let last = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    const at = m.index;
    if (at > last) pushProse(spans, text, last, at, line, lineAt, prose, sentenceCue);
    const cue = cueAt(sentenceCue, at, at + m[0].length);
    const spanLine = lineAt === null ? line : lineAt(at);
    if (m[2] !== undefined) spans.push({ text: m[2], line: spanLine, context: 'inline', cue, sentence: text });
    else spans.push({ text: m[3] ?? m[4] ?? m[5] ?? m[6] ?? '', line: spanLine, context: 'url', cue, sentence: text });
    last = at + m[0].length;
  }
  if (last < text.length) pushProse(spans, text, last, text.length, line, lineAt, prose, sentenceCue);
  if (item) for (let i = start; i < spans.length; i++) spans[i]!.item = true;
}

/**
 * Inline code, a link target, an autolink, an `href`/`src`, a bare URL. A link target is one
 * run without spaces, then optional words up to ")", each bounded: a line of 30,000 "](a"
 * with no ")" otherwise backtracks over the whole line from every "](". (Module-level, reset
 * before each use: inlineSpans never calls itself.)
 */
const INLINE = /(`+)([^`]+?)\1|\]\(([^)\s]{1,2048})(?:\s[^)]{0,2048})?\)|<(https?:\/\/[^>\s]+)>|\b(?:href|src)="([^"]+)"|(https?:\/\/[^\s)<>"'`]+)/g;

/** A directional cue marks only its side of the sentence: "… a URL instead of a form" leaves what precedes it alone. */
function cueAt(sentenceCue: Cue | null, from: number, to: number): string | null {
  if (!sentenceCue) return null;
  if (sentenceCue.side === 'next') return from === sentenceCue.end ? sentenceCue.text.trim() : null;
  if (sentenceCue.side === 'after') return to > sentenceCue.end ? sentenceCue.text : null;
  if (sentenceCue.side === 'before') return from < sentenceCue.at ? sentenceCue.text : null;
  if (sentenceCue.scope) return from < sentenceCue.scope[1] && to > sentenceCue.scope[0] ? sentenceCue.text : null;
  return sentenceCue.text;
}

/** Prose is cut at a directional cue, so each side gets its own verdict. */
function pushProse(spans: Span[], text: string, from: number, to: number, line: number, lineAt: ((offset: number) => number) | null, context: 'prose' | 'heading', sentenceCue: Cue | null): void {
  if (sentenceCue?.scope) {
    // A clause's cue: the prose before, within and after the clause, each with its own verdict.
    const cuts = [from, ...sentenceCue.scope.filter((c) => c > from && c < to), to];
    for (let i = 0; i + 1 < cuts.length; i++) spans.push({ text: text.slice(cuts[i], cuts[i + 1]), line: lineAt === null ? line : lineAt(cuts[i]!), context, cue: cueAt(sentenceCue, cuts[i]!, cuts[i + 1]!), sentence: text });
    return;
  }
  const cut = sentenceCue && sentenceCue.side !== 'all' && sentenceCue.side !== 'next' ? (sentenceCue.side === 'after' ? sentenceCue.end : sentenceCue.at) : -1;
  if (cut > from && cut < to) {
    spans.push({ text: text.slice(from, cut), line: lineAt === null ? line : lineAt(from), context, cue: cueAt(sentenceCue, from, cut), sentence: text });
    spans.push({ text: text.slice(cut, to), line: lineAt === null ? line : lineAt(cut), context, cue: cueAt(sentenceCue, cut, to), sentence: text });
  } else spans.push({ text: text.slice(from, to), line: lineAt === null ? line : lineAt(from), context, cue: cueAt(sentenceCue, from, to), sentence: text });
}

function stripInline(text: string): string {
  return text.replace(/`/g, '').replace(/\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/[*_]{1,2}([^*_]+)[*_]{1,2}/g, '$1').trim();
}

/** Object literals in a code block, each read for shapes. */
function readExamples(code: string, line: number, cue: string | null): CodeExample[] {
  const out: CodeExample[] = [];
  const lineAt = lineLocator(code, line);
  const objects = looseObjects(code);
  const arrays = objectArrays(code, objects);
  for (const [i, found] of objects.entries()) {
    const facts = readShapes(found.value, emptyFacts());
    const region = code.slice(found.start, found.end);
    const base = lineAt(found.start);
    const siblings = arrays.get(i);
    out.push({
      facts,
      line: base,
      cue,
      ...(siblings ? { siblings } : {}),
      // The line comes from the code's line starts (a binary search), not from counting the
      // region's newlines again for every name an example holds.
      lineOf: (needle: string) => {
        const at = region.indexOf(needle);
        return at === -1 ? null : lineAt(found.start + at);
      },
    });
  }
  // JSON sent as a string (`curl -d '{…}'`, `--data "{\"jsonrpc\": …}"`, `json.loads('{…}')`): the message inside is an example too.
  for (const found of jsonInStrings(code)) {
    const region = code.slice(found.start, found.end);
    out.push({
      facts: readShapes(found.value, emptyFacts()),
      line: lineAt(found.start),
      cue,
      lineOf: (needle: string) => {
        const at = region.indexOf(needle) === -1 ? region.indexOf(needle.replace(/"/g, '\\"')) : region.indexOf(needle);
        return at === -1 ? null : lineAt(found.start + at);
      },
    });
  }
  // A JSON-RPC batch or an array at the top of a JSON block: read its elements too.
  const trimmed = code.trim();
  if (trimmed.startsWith('[') && out.length === 0) {
    try {
      const value = JSON.parse(trimmed) as unknown;
      const arrayLineAt = lineLocator(trimmed, line);
      out.push({
        facts: readShapes(value),
        line,
        cue,
        lineOf: (needle: string) => {
          const at = trimmed.indexOf(needle);
          return at === -1 ? null : arrayLineAt(at);
        },
      });
    } catch {
      /* not JSON: nothing more to read */
    }
  }
  return out;
}

/**
 * Objects and arrays written inside a string literal of the code: a shell's `-d '{…}'` (a single-quoted
 * string may run over lines), a double-quoted string with its quotes escaped, a string a program
 * parses as JSON. The string opens after white space, `=`, `(`, `,` or `:` (an opening quote, not a
 * closing one) and its text, unescaped, is read as an object literal or a JSON array from its start.
 */
function jsonInStrings(code: string): { value: unknown; start: number; end: number }[] {
  const out: { value: unknown; start: number; end: number }[] = [];
  if (!code.includes("'{") && !code.includes('"{') && !code.includes("'[") && !code.includes('"[') && !/["']\s+[{[]/.test(code)) return out;
  QUOTED_JSON.lastIndex = 0;
  for (let m = QUOTED_JSON.exec(code); m !== null; m = QUOTED_JSON.exec(code)) {
    const quote = m[1]!;
    const start = m.index + 1;
    const close = closingQuote(code, start, quote);
    if (close === -1) continue;
    const raw = code.slice(start, close);
    const text = raw.includes('\\') ? raw.replace(/\\(["'\\/])/g, '$1') : raw;
    const body = text.trimStart();
    let value: unknown = null;
    if (body.startsWith('{')) {
      value = looseObjectAt(body, 0, body.length)?.value ?? null;
    } else {
      try {
        value = JSON.parse(body) as unknown;
      } catch {
        value = null;
      }
    }
    if (value !== null && typeof value === 'object') out.push({ value, start, end: close });
    QUOTED_JSON.lastIndex = close + 1;
  }
  return out;
}
const QUOTED_JSON = /(?<=^|[\s=(,:@])(['"])\s*[{[]/g;
/** The quote that closes a string opened before `from` (not one escaped with a backslash), within 50,000 characters; -1 for none. */
function closingQuote(code: string, from: number, quote: string): number {
  const limit = Math.min(code.length, from + 50_000);
  for (let i = code.indexOf(quote, from); i !== -1 && i < limit; i = code.indexOf(quote, i + 1)) {
    let slashes = 0;
    while (code[i - 1 - slashes] === '\\') slashes += 1;
    if (slashes % 2 === 0) return i;
  }
  return -1;
}

/**
 * Runs of outermost objects that are together the whole of one array literal (`[ {…}, {…} ]`,
 * nothing between them but commas): the first object of each run, with every object's keys.
 */
function objectArrays(code: string, objects: { value: Record<string, unknown>; start: number; end: number }[]): Map<number, string[][]> {
  const runs = new Map<number, string[][]>();
  for (let i = 0; i < objects.length; ) {
    if (!ARRAY_OPEN.test(code.slice(Math.max(0, objects[i]!.start - 200), objects[i]!.start))) {
      i += 1;
      continue;
    }
    let j = i;
    while (j + 1 < objects.length && BETWEEN_ITEMS.test(code.slice(objects[j]!.end, objects[j + 1]!.start))) j += 1;
    if (j > i && ARRAY_CLOSE.test(code.slice(objects[j]!.end, objects[j]!.end + 200))) runs.set(i, objects.slice(i, j + 1).map((o) => Object.keys(o.value)));
    i = j + 1;
  }
  return runs;
}
const ARRAY_OPEN = /\[\s*$/;
const BETWEEN_ITEMS = /^\s*,\s*$/;
const ARRAY_CLOSE = /^\s*,?\s*\]/;

/** This module's own copy of the token pattern: forEachToken resets and advances it, and never calls itself. */
const TOKENS = new RegExp(TOKEN_PATTERN.source, 'g');

/** Tokens of a span with their lines. */
export function tokensOf(span: Span): { token: string; line: number }[] {
  const out: { token: string; line: number }[] = [];
  forEachToken(span, (token, line) => out.push({ token, line }));
  return out;
}

/** Calls `fn` with each token of a span and its line, in order (no array: texts have many tokens). */
function forEachToken(span: Span, fn: (token: string, line: number) => void): void {
  const text = span.text;
  const lines = text.includes('\n');
  let lineNo = span.line;
  let last = 0;
  const pattern = TOKENS;
  pattern.lastIndex = 0;
  for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
    if (lines) {
      lineNo += countNewlines(text, last, m.index);
      last = m.index;
    }
    // A sentence's full stop, a hyphen or slash at the end is no part of the name.
    fn(trimToken(m[0]), lineNo);
  }
}
