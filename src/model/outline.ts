import { mandatesOf, type Mandate } from '../records/mandates.ts';
import type { SpecDocument } from './document.ts';

/**
 * A page's outline: its sections as heading paths with their lines, and the identifiers it
 * names in code. Small and plain (it is cached as JSON with a diff's records), it is what a
 * reader of the records needs to know of a page beyond them: which section a line is in,
 * and what a page that came or went talks about.
 */
export interface SectionSpan {
  path: readonly string[];
  start: number;
  end: number;
}

export interface PageOutline {
  sections: readonly SectionSpan[];
  /** Identifiers named in inline code, lower case, with how often. */
  terms: Readonly<Record<string, number>>;
  /** The page's unconditional duties to implement something named in code ("Servers MUST implement `x`"): that name, lower case, and the rule. */
  mandates?: readonly Mandate[];
}

export function outlineOf(doc: SpecDocument): PageOutline {
  const terms: Record<string, number> = {};
  for (const term of doc.terms) {
    const token = term.token.toLowerCase();
    terms[token] = (terms[token] ?? 0) + term.count;
  }
  const mandates = doc.rules.flatMap((r) => (r.leadIn ? [] : mandatesOf(r.text, r.actor)));
  return { sections: doc.sections.map((s) => ({ path: s.path, start: s.lines.start, end: s.lines.end })), terms, ...(mandates.length > 0 ? { mandates } : {}) };
}
