import { canonicalName, ownerWords, type Outlines, type RecordFacts } from '../facts.ts';
import type { UnionFind } from './union-find.ts';

/**
 * 7f. A deprecation notice and what it says are one change: the notice's own paragraph (a
 * "Deprecated: …" callout read as a deprecation, and again as a new paragraph or as the
 * guidance inside it, "New implementations SHOULD NOT adopt it"), a schema description
 * that newly calls the field the notice names deprecated, and a reference page's new
 * "Deprecated …" line under a definition that the notice's page talks about most (the
 * reference repeats the feature's deprecation shape by shape).
 */
export function joinDeprecationNotices(facts: readonly RecordFacts[], uf: UnionFind, outlines?: Outlines): void {
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
    } else if (outlines && f.change.source === 'reference' && f.change.kind === 'prose' && f.direction === 'added' && /\bdeprecat/i.test(String(f.change.after?.text ?? ''))) {
      const notice = noticeTalkingMostOf(f.path.at(-1) ?? '', notices, outlines);
      if (notice) uf.union(notice.index, f.index);
    }
  }
}

/**
 * The notice whose page the definition belongs to: the page that names it in code most often,
 * or whose name is a word of the definition's (`LoggingLevel` and the page `logging`).
 */
function noticeTalkingMostOf(heading: string, notices: readonly RecordFacts[], outlines: Outlines): RecordFacts | null {
  const name = canonicalName(heading);
  const words = ownerWords(heading.replace(/`/g, ''));
  let best: { notice: RecordFacts; count: number } | null = null;
  for (const notice of notices) {
    const pageWord = ownerWords((notice.sidePage.split('/').at(-1) ?? '').replace(/s$/, ''));
    const count = (outlines(notice.sidePage, 'new')?.terms[name] ?? 0) + ([...pageWord].some((w) => words.has(w)) ? 1 : 0);
    if (count > 0 && (!best || count > best.count)) best = { notice, count };
  }
  return best?.notice ?? null;
}

function newlyDeprecated(f: RecordFacts): boolean {
  const said = (text: unknown) => typeof text === 'string' && /\bdeprecat/i.test(text);
  return said(f.change.after?.text) && !said(f.change.before?.text);
}
