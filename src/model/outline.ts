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

export interface Mandate {
  name: string;
  text: string;
  actor: string | null;
}

/** A duty whose subject is a party alone (no condition, no qualifier) to implement or support what it names in code. */
const MANDATE = /^\s*(?:(?:all|every|each|the)\s+)?(?:\w+\s+)?(\w+)\s+(?:MUST|SHALL)\s+(?:also\s+)?(?:implement|support)\s+(`[^`]+`(?:\s*(?:,|and)\s*`[^`]+`)*)/;

export function mandatesOf(text: string, actor: string | null): Mandate[] {
  const match = MANDATE.exec(text);
  if (!match || !actor) return [];
  return [...match[2]!.matchAll(/`([^`]+)`/g)].map((m) => ({ name: m[1]!.trim().toLowerCase(), text, actor }));
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
