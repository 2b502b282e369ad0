import { inSection, type Rfc2119Keyword } from '../model/document.ts';
import type { SpecDocument } from '../model/index.ts';
import { strength } from '../model/rules.ts';
import type { Change } from '../records/change.ts';
import { pointerTarget } from '../diff/pointer-rules.ts';
import { dice, tokens } from '../diff/similarity.ts';

/**
 * A new sentence that only points at duties another page of the revision states
 * ("Implementations MUST follow the normative security requirements in Security
 * Considerations", beside a page or section of that name) adds none of its own, as a pointer
 * within a page does not (diff/pointer-rules.ts): what it asks is asked where it points. The
 * place must state duties at least as strong as the pointer's.
 */
export function levelPointersAcrossPages(changes: readonly Change[], docs: ReadonlyMap<string, SpecDocument>): Change[] {
  return changes.map((change) => {
    if (change.kind !== 'rule' || change.action !== 'added' || change.level === 'editorial' || !change.after || change.source === 'schema') return change;
    const target = pointerTarget(change.after.text);
    if (!target) return change;
    const keyword = String(change.after.keyword ?? 'MUST') as Rfc2119Keyword;
    for (const [page, doc] of docs) {
      if (page === change.page) continue;
      const place = placeNamed(doc, target, keyword);
      if (place) return { ...change, level: 'editorial', levelReason: `it only points at the duties of “${place}” (${page}), which states them: it adds none of its own` };
    }
    return change;
  });
}

/** The page's title or one of its sections, named by the pointer's words, when it states duties of at least that strength. */
function placeNamed(doc: SpecDocument, target: readonly string[], keyword: Rfc2119Keyword): string | null {
  const strong = (sectionId: string | null) => doc.rules.some((r) => (sectionId === null || inSection(r.sectionId, sectionId)) && strength(r.keyword) >= strength(keyword));
  if (doc.title && dice(tokens(doc.title), target) >= NAMED && strong(null)) return doc.title;
  const section = doc.sections.find((s) => dice(tokens(s.heading), target) >= NAMED && strong(s.id));
  return section ? section.heading : null;
}

const NAMED = 0.8;
