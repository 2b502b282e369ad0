import { diffWordsWithSpace, wordsWithSpaceDiff } from 'diff';

/**
 * Quoting spec text in a message. A quote is cut to a length, but where it is cut matters:
 * a reworded sentence is quoted around the words that changed, a rule inherited from a
 * lead-in ("Clients MUST:" then items) is quoted with the part of the lead-in that says who
 * must do what. A cut never leaves a code span open.
 */

const ELLIPSIS = '…';

/** The start of `text`, at most `max` characters. */
export function clip(text: string, max = 90): string {
  return excerpt(text, 0, max);
}

/**
 * At most `max` characters of `text` around position `at`: a little context before it,
 * more after, cut at word boundaries, with an ellipsis where text was left out.
 */
export function excerpt(text: string, at: number, max = 90, before = Math.floor(max / 4)): string {
  if (text.length <= max) return text;
  let start = Math.max(0, Math.min(at - before, text.length - max + 1));
  if (start > 0) {
    const space = text.indexOf(' ', start);
    start = space === -1 || space > at ? start : space + 1;
  }
  const end = Math.min(text.length, start + max - (start > 0 ? 2 : 1));
  let piece = text.slice(start, end);
  if (end < text.length) piece = `${piece.replace(/\s+\S*$/, '') || piece}${ELLIPSIS}`;
  if (start > 0) piece = `${ELLIPSIS}${piece}`;
  return balanceCode(text.slice(0, start), piece);
}

/** Reopens a code span the cut started inside, and closes one it leaves open. */
function balanceCode(skipped: string, piece: string): string {
  const ticks = (s: string) => (s.match(/`/g) ?? []).length;
  let out = piece;
  if (ticks(skipped) % 2 === 1) out = out.startsWith(ELLIPSIS) ? `${ELLIPSIS}\`${out.slice(1)}` : `\`${out}`;
  if (ticks(out) % 2 === 1) out = out.endsWith(ELLIPSIS) ? `${out.slice(0, -1)}\`${ELLIPSIS}` : `${out}\``;
  return out;
}

/**
 * Where two wordings first differ: the character offset in each, word by word (jsdiff's
 * words-and-spaces tokens), or 0 for the same wording. Only the tokens both share from the
 * start are compared: a whole diff would find the same place (its edit script begins with
 * the longest common run) at a cost that grows with everything after it.
 */
export function firstDifference(before: string, after: string): { before: number; after: number } {
  const oldTokens = wordsWithSpaceDiff.tokenize(before);
  const newTokens = wordsWithSpaceDiff.tokenize(after);
  let offset = 0;
  const shared = Math.min(oldTokens.length, newTokens.length);
  for (let i = 0; i < shared; i++) {
    if (oldTokens[i] !== newTokens[i]) return { before: offset, after: offset };
    offset += oldTokens[i]!.length;
  }
  return oldTokens.length === newTokens.length ? { before: 0, after: 0 } : { before: offset, after: offset };
}

/**
 * The newer wording, quoted around its first change. An edit that only took words out
 * leaves nothing new to quote (the words around the cut did not change): the quote is what
 * was dropped.
 */
export function quoteChanged(before: string, after: string, max = 90, tellDropped = true): string {
  const dropped = tellDropped ? droppedWords(before, after) : null;
  // A phrase or sentence cut out is the news; a word or two cut is read best in place.
  if (dropped && dropped.split(' ').length >= DROPPED_PHRASE) return `dropped “${clip(dropped, max)}”`;
  const quote = excerpt(after, firstDifference(before, after).after, max);
  return dropped ? `${quote} (dropped “${dropped}”)` : quote;
}

const DROPPED_PHRASE = 4;

/** The words an edit took out, when it took out words and added none (punctuation and spacing aside); else null. */
export function droppedWords(before: string, after: string): string | null {
  if (after.length >= before.length) return null;
  const parts = diffWordsWithSpace(before, after);
  if (parts.some((p) => p.added && /[\p{L}\p{N}]/u.test(p.value))) return null;
  const removed = parts.filter((p) => p.removed).map((p) => p.value.trim()).filter((v) => /[\p{L}\p{N}]/u.test(v));
  return removed.length > 0 ? removed.join(' … ') : null;
}

const KEYWORD = /\b(?:MUST|SHALL|SHOULD|REQUIRED|RECOMMENDED|MAY|OPTIONAL)\b/;

/**
 * A rule quoted so that its operative clause (who must do what) survives the cut: when the
 * keyword stands too far in to be kept from the start ("If processing a request requires a
 * capability the client did not include in its capabilities, the server MUST …"), the quote
 * starts at the clause that holds it and shortens what came before.
 */
export function quoteDuty(text: string, max = 90): string {
  if (text.length <= max) return text;
  const fits = (t: string) => {
    const keyword = KEYWORD.exec(t);
    // Room for the keyword and a few words of what it asks.
    return !keyword || keyword.index + keyword[0].length + 25 <= max;
  };
  if (fits(text)) return clip(text, max);
  // Asides before the keyword go first: "Clients (including …) SHOULD use …" keeps its subject.
  const keyword = KEYWORD.exec(text)!;
  const plain = `${text.slice(0, keyword.index).replace(/\s*\([^()]*\)/g, '')}${text.slice(keyword.index)}`;
  if (fits(plain)) return clip(plain, max);
  const at = KEYWORD.exec(plain)!.index;
  const head = plain.slice(0, at);
  const boundary = Math.max(head.lastIndexOf(', '), head.lastIndexOf('; '), head.lastIndexOf(': '), head.lastIndexOf('. '), head.lastIndexOf(' — '));
  // The clause that holds the keyword, or else the few words before it, from a word's start.
  const start = boundary >= 0 && at - boundary < max / 2 ? boundary + 2 : plain.lastIndexOf(' ', Math.max(0, at - Math.floor(max / 4))) + 1;
  return start === 0 ? clip(plain, max) : balanceCode(plain.slice(0, start), `${ELLIPSIS}${clip(plain.slice(start), max - 1)}`);
}

/**
 * A rule that inherits its keyword or party from a lead-in reads as an obligation only
 * with it: "clients MUST try: OpenID Connect Discovery 1.0: `…`". The lead-in is quoted
 * without its parenthetical asides, from a little before its keyword (who must do what);
 * the item follows it.
 */
export function quoteWithLeadIn(text: string, leadIn: string | null | undefined, max = 90): string {
  if (!leadIn) return quoteDuty(text, max);
  const plain = leadIn.replace(/\s*\([^()]*\)/g, '');
  const keyword = /\b(MUST|SHALL|SHOULD|REQUIRED|RECOMMENDED|MAY|OPTIONAL)\b/.exec(plain);
  const focus = keyword ? keyword.index : plain.length;
  return `${excerpt(plain, focus, max, 30)} ${clip(text, max)}`;
}
