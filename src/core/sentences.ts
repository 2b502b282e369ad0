/**
 * The one sentence splitter. A sentence ends at `.`, `?` or `!` outside code spans; whether a
 * given mark ends one is the caller's rule, because the texts differ: the spec's own prose
 * (model/rules.ts) starts each sentence with a capital, while tutorials and pasted pages
 * (detect/scan.ts) may run on in lower case or end a sentence at a line break. Positions are
 * always kept, so a reader that cites lines can.
 */

/** A sentence as offsets into the text: `text.slice(start, end)`. */
interface SentenceSpan {
  start: number;
  end: number;
}

/** Does the mark at `at` end the sentence that began at `start`? (`text[at]` is `.`, `?` or `!`.) */
export type SentenceEnd = (text: string, at: number, start: number) => boolean;

export function sentenceSpans(text: string, ends: SentenceEnd): SentenceSpan[] {
  const spans: SentenceSpan[] = [];
  let start = 0;
  let inCode = false;
  // Only backticks and sentence marks matter: the search skips the rest in one step.
  const marks = /[`.?!]/g;
  for (let m = marks.exec(text); m !== null; m = marks.exec(text)) {
    if (m[0] === '`') {
      inCode = !inCode;
      continue;
    }
    if (inCode || !ends(text, m.index, start)) continue;
    spans.push({ start, end: m.index + 1 });
    start = m.index + 1;
  }
  if (start < text.length) spans.push({ start, end: text.length });
  return spans;
}
