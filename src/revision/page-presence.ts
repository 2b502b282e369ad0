import type { Change } from '../records/change.ts';
import { finalizeChange } from '../records/finalize.ts';

/**
 * Records about whole pages in a diff of revisions. A page only one revision has is one
 * record (`page-added`, `page-removed`): its content is not diffed against nothing, which
 * would list every sentence of it.
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

/** The record for a page that moved to another address; its content is diffed across the move. */
export function pageMoveChange(from: string, to: string): Change {
  return finalizeChange({
    id: 'page-moved',
    subject: to,
    section: { old: null, new: null },
    // About the whole page, not a line of it.
    before: { text: from, line: null },
    after: { text: to, line: null },
    detail: { from, to },
    source: 'page',
  });
}
