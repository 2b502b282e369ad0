import type { Rule, SpecDocument } from '../model/index.ts';
import { isNegative, strength } from '../model/rules.ts';
import { alreadyBound } from './actors.ts';

/**
 * A new duty that says it only restates another document's ("Clients MUST send the nonce
 * twice, as required by Widget Auth 2.0 Section 4.1") asks nothing new of a party the old
 * revision already bound to that document by an absolute rule ("Clients MUST implement
 * the handshake according to Widget Auth 2.0 Section 7"): whoever conformed then already
 * met it, the document being part of what they conformed to. A duty that cites a document
 * the old revision never bound them to is new.
 */
const RESTATES = /\bas\s+(?:required|mandated)\s+(?:by|in)\s+(.+?)(?:,?\s+(?:Section|§)\s*\d[\d.]*\b.*)?\s*[.;]?\s*$/i;

/** The old absolute rule that already bound the new rule's parties to the document it restates, or null. */
export function restatedFrom(rule: Rule, old: SpecDocument): Rule | null {
  if (strength(rule.keyword) < 3 || isNegative(rule.keyword)) return null;
  const cited = RESTATES.exec(rule.text)?.[1]?.trim();
  if (!cited || cited.length < 3) return null;
  const citing = new RegExp(`(?:^|[^\\w.])${cited.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w]|\\.\\d)`, 'i');
  return old.rules.find((r) => strength(r.keyword) === 3 && !isNegative(r.keyword) && alreadyBound(r.actors, rule.actors) && citing.test(r.text)) ?? null;
}
