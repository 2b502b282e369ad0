import { inSection, type Field } from '../model/document.ts';
import { catalogEntry } from '../records/catalog.ts';
import type { ChangeDraft } from '../records/change.ts';
import type { DiffContext } from './context.ts';

/**
 * A duty of a new optional entry ("- {extensions} (optional): …" in a list of a request's
 * inputs, then "If present, {extensions} must be a map"): it binds only those who use the
 * entry, which no one did before, so no implementation that conformed stops conforming. A new
 * absolute rule whose subject (its words before the keyword) names an entry the older page
 * did not define, marked optional where it is defined in the same section or one above it, is
 * non-breaking: opt-in, naming the entry.
 */
export function levelNewOptionalEntries(drafts: readonly ChangeDraft[], ctx: DiffContext): ChangeDraft[] {
  const known = new Set(ctx.old.fields.map((f) => f.name.toLowerCase()));
  const fresh = ctx.new.fields.filter((f) => f.required === false && !known.has(f.name.toLowerCase()) && /^[\w.$-]+$/.test(f.name));
  if (fresh.length === 0) return [...drafts];
  return drafts.map((draft) => {
    const entry = catalogEntry(draft.id);
    if (entry.kind !== 'rule' || entry.action !== 'added' || entry.level !== 'breaking' || draft.level !== undefined || !draft.after) return draft;
    const rule = ctx.new.rules.find((r) => r.text === draft.after!.text && r.line === draft.after!.line);
    if (!rule) return draft;
    const named = fresh.find((f) => inSection(rule.sectionId, f.sectionId) && namesInSubject(rule.text, f));
    if (!named) return draft;
    return { ...draft, level: 'non-breaking', levelReason: `it binds only those who use \`${named.name}\`, an optional entry this revision adds: opt-in` };
  });
}

const KEYWORD = /\b(?:must|shall|required)\b/i;

/** The rule's subject, its words before its first absolute keyword, names the entry (as written, in braces or code too). */
function namesInSubject(text: string, field: Field): boolean {
  const at = text.search(KEYWORD);
  const subject = at < 0 ? '' : text.slice(0, at);
  const name = field.name.replace(/[.$]/g, (c) => `\\${c}`);
  return new RegExp(`(?<![\\w-])${name}(?![\\w-])`).test(subject);
}
