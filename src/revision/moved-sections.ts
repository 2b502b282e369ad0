import type { SpecDocument } from '../model/index.ts';
import type { Change } from '../records/change.ts';
import { finalizeChange } from '../records/finalize.ts';
import { normalizeText } from '../diff/similarity.ts';

/**
 * A section gone from its page whose heading the newer revision has on another page,
 * where that section is new (reported `section-added`, or on a page that is itself new),
 * moved (a heading each revision uses once): one `section-moved` record on the receiving page instead of a removal there and
 * an addition here. Its rules and paragraphs keep their own move records.
 */
export function relocateSections(changes: readonly Change[], docs: { old: ReadonlyMap<string, SpecDocument>; new: ReadonlyMap<string, SpecDocument> }): Change[] {
  const newDocs = docs.new;
  // Only a heading each revision uses once is telling ("Message Flow", "Sequence Diagram" repeat across pages).
  const once = (side: ReadonlyMap<string, SpecDocument>) => {
    const count = new Map<string, number>();
    for (const doc of side.values()) for (const s of doc.sections) count.set(normalizeText(s.heading), (count.get(normalizeText(s.heading)) ?? 0) + 1);
    return count;
  };
  const oldCount = once(docs.old);
  const newCount = once(docs.new);
  const newPages = new Set(changes.filter((c) => c.id === 'page-added').map((c) => c.page));
  const out: (Change | null)[] = [...changes];
  const taken = new Set<string>();
  changes.forEach((change, i) => {
    if (change.id !== 'section-removed' || !change.before || !change.page) return;
    const heading = normalizeText(change.before.text);
    if (oldCount.get(heading) !== 1 || newCount.get(heading) !== 1) return;
    for (const [page, doc] of newDocs) {
      // A page split into sub-pages keeps them beside it (`a/index` → `a/b`); elsewhere a same-named section is another one.
      if (page === change.page || !page.startsWith(`${folderOf(change.page)}/`)) continue;
      const section = doc.sections.find((s) => normalizeText(s.heading) === heading);
      if (!section || taken.has(`${page}\0${section.id}`)) continue;
      const arrival = changes.findIndex((c) => c.id === 'section-added' && c.page === page && normalizeText(c.after?.text ?? '') === heading);
      if (arrival === -1 && !newPages.has(page)) continue;
      taken.add(`${page}\0${section.id}`);
      if (arrival !== -1) out[arrival] = null;
      out[i] = {
        ...finalizeChange({
          id: 'section-moved',
          subject: change.subject,
          section: { old: change.section.old, new: section.heading },
          detail: { from: change.page, to: page },
          before: { ...change.before, page: change.page },
          after: { text: section.heading, line: section.lines.start, page },
          source: 'page',
        }),
        page,
      };
      return;
    }
  });
  return out.filter((c): c is Change => c !== null);
}

function folderOf(page: string): string {
  return page.includes('/') ? page.slice(0, page.lastIndexOf('/')) : '';
}
