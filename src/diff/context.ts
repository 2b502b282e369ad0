import type { Section, SpecDocument } from '../model/index.ts';
import type { ChangeDraft, SectionPair } from '../records/change.ts';
import { sectionLabel } from './section-paths.ts';

/**
 * What every element differ needs: both documents and the section alignment, so a record
 * can name its section on both sides and a removed element can be placed in NEW's order.
 */
export interface DiffContext {
  old: SpecDocument;
  new: SpecDocument;
  /** old section id → new section id, for sections present on both sides. */
  oldToNew: Map<string, string>;
  newToOld: Map<string, string>;
}

export function sectionById(doc: SpecDocument, id: string): Section | undefined {
  return doc.sections.find((s) => s.id === id);
}

/** A section's label in records: its heading, or its path when the heading repeats in the page. */
function labelOfSection(doc: SpecDocument, id: string | undefined): string | null {
  if (id === undefined) return null;
  const section = sectionById(doc, id);
  return section ? sectionLabel(doc, section) : null;
}

/** The section pair for an element found in OLD (`side: 'old'`) or NEW at `sectionId`. */
export function sectionPair(ctx: DiffContext, side: 'old' | 'new', sectionId: string): SectionPair {
  if (side === 'old') return { old: labelOfSection(ctx.old, sectionId), new: labelOfSection(ctx.new, ctx.oldToNew.get(sectionId)) };
  return { old: labelOfSection(ctx.old, ctx.newToOld.get(sectionId)), new: labelOfSection(ctx.new, sectionId) };
}

/** Section pair for something present on both sides. */
export function bothSections(ctx: DiffContext, oldSectionId: string, newSectionId: string): SectionPair {
  return { old: labelOfSection(ctx.old, oldSectionId), new: labelOfSection(ctx.new, newSectionId) };
}

export type Emit = (draft: ChangeDraft) => void;
