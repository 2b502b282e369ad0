import type { Change } from '../records/change.ts';

/** Changes grouped by the section (and page) they sit in, groups in order of first appearance. */
export function groupBySection(changes: readonly Change[]): { title: string; changes: Change[] }[] {
  const groups = new Map<string, Change[]>();
  for (const change of changes) {
    const section = change.section.new ?? change.section.old ?? '(page)';
    const page = pageLabel(change);
    const title = page ? `${page} › ${section}` : change.source === 'schema' ? `schema › ${section}` : section;
    groups.set(title, [...(groups.get(title) ?? []), change]);
  }
  return [...groups].map(([title, list]) => ({ title, changes: list }));
}

/** The page a record belongs to, as reports name it. The generated reference page and schema.json share the name `schema`: say which one. */
export function pageLabel(change: Change): string | undefined {
  return change.source === 'reference' ? `${change.page} (reference page)` : change.page;
}

export function lineRef(change: Change): string {
  const before = change.before?.line;
  const after = change.after?.line;
  if (typeof before === 'number' && typeof after === 'number') return `L${before}→L${after}`;
  if (typeof after === 'number') return `L${after}`;
  if (typeof before === 'number') return `old L${before}`;
  return '';
}
