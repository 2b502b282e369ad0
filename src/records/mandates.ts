/**
 * Unconditional duties to implement something named in code ("Servers MUST implement `x`"):
 * read from a page's rules (its outline) and from added rules (the changes' impact), so it
 * lives in the record core both reach without loading the parser.
 */

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
