import type { DiffContext } from './context.ts';
import type { ChangeDraft } from '../records/change.ts';

/**
 * The contract's order: by position in NEW; a removed element takes the position in NEW
 * of the nearest enclosing section that survived, so it is listed where it used to be.
 * Ties break on old line, id and subject, so the order never depends on the differ's.
 */
export function orderDrafts(ctx: DiffContext, drafts: ChangeDraft[]): ChangeDraft[] {
  const position = (draft: ChangeDraft): [number, number] => {
    const newLine = draft.after?.line;
    const oldLine = draft.before?.line ?? 0;
    if (typeof newLine === 'number') return [newLine, oldLine];
    return [mappedLine(ctx, oldLine), oldLine];
  };
  return drafts
    .map((draft) => ({ draft, at: position(draft) }))
    .sort((a, b) => a.at[0] - b.at[0] || a.at[1] - b.at[1] || a.draft.id.localeCompare(b.draft.id) || a.draft.subject.localeCompare(b.draft.subject))
    .map(({ draft }) => draft);
}

function mappedLine(ctx: DiffContext, oldLine: number): number {
  const containing = ctx.old.sections
    .filter((s) => s.lines.start <= oldLine && oldLine <= s.lines.end)
    .sort((a, b) => b.depth - a.depth || b.lines.start - a.lines.start);
  const innermost = containing[0];
  if (innermost && ctx.oldToNew.has(innermost.id)) {
    // Its section survived: just after that section's heading, before what is new in it.
    return newSection(ctx, ctx.oldToNew.get(innermost.id)!).lines.start + 0.5;
  }
  // Its section is gone: where that section used to be, i.e. after the last section
  // before it that survived.
  const before = ctx.old.sections.filter((s) => s.lines.start <= oldLine && ctx.oldToNew.has(s.id) && !containing.slice(0, -1).includes(s)).at(-1);
  const survivor = containing.find((s) => ctx.oldToNew.has(s.id));
  const anchor = before ?? survivor;
  if (!anchor) return 0;
  const target = newSection(ctx, ctx.oldToNew.get(anchor.id)!);
  return anchor === survivor ? target.lines.start + 0.5 : target.lines.end + 0.5;
}

function newSection(ctx: DiffContext, id: string) {
  return ctx.new.sections.find((s) => s.id === id)!;
}
