import type { Section, SpecDocument } from '../model/index.ts';
import { catalogEntry } from '../records/catalog.ts';
import type { ChangeDraft } from '../records/change.ts';
import type { DiffContext } from './context.ts';

/**
 * A section that opens by saying it is not yet stable ("**Status**: Development", "Status:
 * Experimental") binds only the implementations that take its feature up: a new absolute rule
 * in it (or in a section below it, or in a paragraph that opens with such a status) is a duty
 * for adopters, not one every implementation that conformed before now fails. Such a rule is
 * non-breaking, saying why. The maturity words are the generic ones specs use for unstable
 * parts; a stable, mixed or deprecated status changes nothing.
 */
const UNSTABLE = /^\W*status\W*:\W*(development|experimental|alpha|beta|draft|proposed|in development)\b/i;

export function levelUnstableSections(drafts: readonly ChangeDraft[], ctx: DiffContext): ChangeDraft[] {
  return drafts.map((draft) => {
    const entry = catalogEntry(draft.id);
    if (entry.kind !== 'rule' || entry.action !== 'added' || entry.level !== 'breaking' || draft.level !== undefined || !draft.after) return draft;
    const status = ownStatus(draft) ?? sectionStatus(ctx.new, draft.after.line ?? 0);
    if (!status) return draft;
    return { ...draft, level: 'non-breaking', levelReason: `it stands where the page says “Status: ${status}”: a feature not yet stable binds only the implementations that take it up` };
  });
}

/** A rule (or the lead-in it inherits from) that opens with its own status. */
function ownStatus(draft: ChangeDraft): string | null {
  const texts = [draft.after!.text, draft.after!['leadIn']].filter((t): t is string => typeof t === 'string');
  for (const text of texts) {
    const status = UNSTABLE.exec(text)?.[1];
    if (status) return capitalized(status);
  }
  return null;
}

/** The status the innermost section around `line`, or one above it, opens with. */
function sectionStatus(doc: SpecDocument, line: number): string | null {
  let section: Section | undefined = doc.sections.filter((s) => s.lines.start <= line && line <= s.lines.end).sort((a, b) => b.depth - a.depth)[0];
  while (section) {
    const status = UNSTABLE.exec(openingText(doc, section) ?? '')?.[1];
    if (status) return capitalized(status);
    const parent = section.parentId;
    section = parent === null ? undefined : doc.sections.find((s) => s.id === parent);
  }
  return null;
}

/** The first paragraph or rule of a section itself (not of a section below it). */
function openingText(doc: SpecDocument, section: Section): string | null {
  const first = [...doc.prose, ...doc.rules].filter((b) => b.sectionId === section.id).sort((a, b) => a.line - b.line)[0];
  return first?.text ?? null;
}

function capitalized(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}
