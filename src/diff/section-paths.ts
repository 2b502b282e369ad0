import type { Section, SpecDocument } from '../model/index.ts';
import { sectionLabel as labelIn } from '../model/section-label.ts';
import { normalizeText } from './similarity.ts';

/**
 * Sections named by their heading path rather than their anchor. Anchors of repeated
 * headings are numbered page-wide (`fixed-fields-18`), so one object added early in a page
 * renumbers every later one; the path (`Info Object › Fixed Fields`) does not move. A path
 * that still repeats (two "Example" sections under one heading) gets its occurrence number
 * among its own siblings only.
 */

const pathKeys = new WeakMap<SpecDocument, Map<string, string>>();

/** section id → heading-path key, stable when unrelated sections come or go. */
export function headingPathKey(doc: SpecDocument, section: Section): string {
  let keys = pathKeys.get(doc);
  if (!keys) {
    keys = new Map();
    const seen = new Map<string, number>();
    for (const s of doc.sections) {
      const path = s.path.map(normalizeText).join('\u0000');
      const n = (seen.get(path) ?? 0) + 1;
      seen.set(path, n);
      keys.set(s.id, n === 1 ? path : `${path}\u0000#${n}`);
    }
    pathKeys.set(doc, keys);
  }
  return keys.get(section.id) ?? section.id;
}

/** How a record names a section (model/section-label.ts). */
export function sectionLabel(doc: SpecDocument, section: Section): string {
  return labelIn(doc.sections, section);
}
