import type { Rfc2119Keyword } from './document.ts';
import { opensAsExample, pointsBack } from './cue-words.ts';

/**
 * A paragraph's sentences grouped into what it states. A sentence is one statement,
 * except where it cannot stand alone:
 *
 * - an illustration ("For example, a document … MUST be rejected.") shows a case of the
 *   rule before it: it is that rule's example, not part of its wording (what the rule
 *   binds is compared without it), and its keywords are illustrative, not a rule of their
 *   own (after prose, or first in its paragraph, it is prose);
 * - a rule whose subject points back ("If they differ, the client MUST NOT …", "It MUST
 *   …") is read with the sentence before it: after a rule, it is part of that rule (one
 *   change, one record); after prose, that sentence is its lead-in, quoted with it the way
 *   a list's lead-in is with its items, and not a paragraph of its own.
 */
export interface Statement {
  text: string;
  /** The normative keywords, in order; empty for prose. */
  keywords: Rfc2119Keyword[];
  /** The sentences the statement's parties are read from, first choice first. */
  subjectSentences: string[];
  /** The prose sentence a rule points back at, when it does. */
  leadIn: string | null;
  /** The sentences illustrating a rule ("For example, …"), when it has some. */
  example: string | null;
}

export function statements(sentences: readonly string[], keywordsOf: (sentence: string) => Rfc2119Keyword[]): Statement[] {
  const out: Statement[] = [];
  for (const sentence of sentences) {
    const previous = out.at(-1);
    const keywords = keywordsOf(sentence);
    if (opensAsExample(sentence)) {
      if (previous && previous.keywords.length > 0) previous.example = previous.example ? `${previous.example} ${sentence}` : sentence;
      else out.push(statement(sentence, []));
      continue;
    }
    if (keywords.length > 0 && previous && previous.example === null && pointsBack(sentence)) {
      if (previous.keywords.length > 0) {
        previous.text += ` ${sentence}`;
        previous.subjectSentences.push(sentence);
        previous.keywords.push(...keywords);
      } else {
        out.pop();
        // The rule's own subject ("the client" in "If they differ, the client MUST NOT") is
        // who it binds, else whom the sentence it points at names.
        out.push({ ...statement(sentence, keywords), subjectSentences: [sentence, previous.text], leadIn: previous.text });
      }
      continue;
    }
    out.push(statement(sentence, keywords));
  }
  return out;
}

function statement(sentence: string, keywords: Rfc2119Keyword[]): Statement {
  return { text: sentence, keywords, subjectSentences: [sentence], leadIn: null, example: null };
}
