import type { Change } from './change.ts';
import { finalizeChange } from './finalize.ts';

/**
 * The one record for a page only one of two revisions has: `page-added` or `page-removed`.
 * Its content is not diffed against nothing (that would list every sentence of it).
 */
export function pagePresenceChange(page: string, action: 'added' | 'removed'): Change {
  const side = { text: page, line: 1 };
  return finalizeChange({
    id: `page-${action}`,
    subject: page,
    section: { old: null, new: null },
    before: action === 'removed' ? side : null,
    after: action === 'added' ? side : null,
    source: 'page',
  });
}
