import type { NamedEntry } from '../model/index.ts';
import type { ChangeSide } from '../records/change.ts';
import { bothSections, sectionPair, type DiffContext, type Emit } from './context.ts';
import { pairUp, sameWording } from './similarity.ts';

/**
 * Things a table defines by naming them in its first column (model: `entries`): a row
 * added or removed is that thing added or removed ("New event `x`"); a row whose other
 * cells changed says what the name stands for changed; a row whose description alone was
 * reworded is editorial. Rows pair by what they define and their name, then by name within
 * the aligned section (a retitled table).
 */
export function diffEntries(ctx: DiffContext, emit: Emit): void {
  const olds = ctx.old.entries ?? [];
  const news = ctx.new.entries ?? [];
  if (olds.length === 0 && news.length === 0) return;
  const byIdentity = pairUp(olds, news, { key: (e) => `${e.table}\u0000${e.what}\u0000${e.name.toLowerCase()}`, score: () => 0, threshold: 1 });
  const byName = pairUp(byIdentity.removed, byIdentity.added, {
    key: null,
    score: (o, n) => (o.name.toLowerCase() === n.name.toLowerCase() && (o.what === n.what || ctx.oldToNew.get(o.sectionId) === n.sectionId) ? 1 : 0),
    threshold: 1,
  });
  // Rows are compared within tables both sides have: a table that came or went whole is told by
  // the section or the paragraphs around it (a licence table dropped, a new section's table), not row by row.
  const tables = (entries: readonly NamedEntry[], sectionOf: (id: string) => string | undefined) => new Set(entries.map((e) => `${e.what}\u0000${sectionOf(e.sectionId) ?? ''}`));
  const oldTables = tables(olds, (id) => ctx.oldToNew.get(id));
  const newTables = tables(news, (id) => id);
  const kept = (e: NamedEntry, side: 'old' | 'new') => (side === 'old' ? newTables.has(`${e.what}\u0000${ctx.oldToNew.get(e.sectionId) ?? ''}`) : oldTables.has(`${e.what}\u0000${e.sectionId}`));
  byName.removed = byName.removed.filter((e) => kept(e, 'old'));
  byName.added = byName.added.filter((e) => kept(e, 'new'));
  for (const entry of byName.removed) {
    emit({ id: 'entry-removed', subject: entry.name, key: `${entry.what}\u0000${entry.name}`, section: sectionPair(ctx, 'old', entry.sectionId), before: side(entry), after: null, detail: detail(entry) });
  }
  for (const entry of byName.added) {
    emit({ id: 'entry-added', subject: entry.name, key: `${entry.what}\u0000${entry.name}`, section: sectionPair(ctx, 'new', entry.sectionId), before: null, after: side(entry), detail: detail(entry) });
  }
  for (const [before, after] of [...byIdentity.pairs, ...byName.pairs]) {
    const changed = Object.keys({ ...before.values, ...after.values }).filter((column) => !sameWording(before.values[column] ?? '', after.values[column] ?? ''));
    const reworded = !sameWording(before.description ?? '', after.description ?? '');
    if (changed.length === 0 && !reworded) continue;
    emit({
      id: 'entry-changed', subject: after.name, key: `${after.what}\u0000${before.name}`,
      section: bothSections(ctx, before.sectionId, after.sectionId), before: side(before), after: side(after),
      detail: { ...detail(after), columns: changed.length ? changed.join(', ') : 'description', change: changed.map((column) => `${column} ${shown(before.values[column])} → ${shown(after.values[column])}`).join('; ') },
      ...(changed.length === 0 ? { level: 'editorial' as const, levelReason: 'only its description was reworded: what the name stands for is the same' } : {}),
    });
  }
}

function side(entry: NamedEntry): ChangeSide {
  return { text: entry.description ?? '', line: entry.line, name: entry.name, what: entry.what, table: entry.table, values: entry.values };
}

function shown(cell: string | undefined): string {
  return cell ? cell : '(empty)';
}

function detail(entry: NamedEntry): Record<string, string> {
  return { what: entry.what, table: entry.table };
}
