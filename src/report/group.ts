import type { Change } from '../records/change.ts';

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
