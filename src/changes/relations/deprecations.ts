import type { RecordFacts } from '../facts.ts';
import type { UnionFind } from './union-find.ts';

/**
 * 7f. A deprecation notice and what it says are one change: the notice's own paragraph (a
 * "Deprecated: …" callout read as a deprecation, and again as a new paragraph or as the
 * guidance inside it, "New implementations SHOULD NOT adopt it"), and a schema description
 * that newly calls the field the notice names deprecated.
 */
export function joinDeprecationNotices(facts: readonly RecordFacts[], uf: UnionFind): void {
  const notices = facts.filter((f) => f.change.action === 'deprecated' && f.direction !== 'removed');
  if (notices.length === 0) return;
  // One block of a page: the records a parser read from one paragraph share its first line.
  const block = (f: RecordFacts) => `${f.sidePage}\u0000${f.side}\u0000${f.line}`;
  const noticeAt = new Map<string, number>();
  const noticeOf = new Map<string, number>();
  for (const n of notices) {
    if (n.line !== null && !noticeAt.has(block(n))) noticeAt.set(block(n), n.index);
    for (const name of n.mentions.new) if (!noticeOf.has(name)) noticeOf.set(name, n.index);
  }
  for (const f of facts) {
    if (f.change.action === 'deprecated' || f.direction === 'removed') continue;
    const sameBlock = f.line !== null && f.change.source !== 'schema' ? noticeAt.get(block(f)) : undefined;
    if (sameBlock !== undefined) uf.union(sameBlock, f.index);
    else if (f.field && f.change.source === 'schema' && f.direction === 'changed' && newlyDeprecated(f)) {
      const notice = noticeOf.get(f.field.leaf);
      if (notice !== undefined) uf.union(notice, f.index);
    }
  }
}

function newlyDeprecated(f: RecordFacts): boolean {
  const said = (text: unknown) => typeof text === 'string' && /\bdeprecat/i.test(text);
  return said(f.change.after?.text) && !said(f.change.before?.text);
}
