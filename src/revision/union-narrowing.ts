import type { SchemaModel } from '../schema/index.ts';
import type { Change } from '../records/change.ts';
import { finalizeChange } from '../records/finalize.ts';

/**
 * A union of definitions (`ClientNotification = A | B | C`) that lost members is not a
 * field that narrowed: the party that sent the lost members may no longer send them, which
 * breaks whoever followed the older revision. Members that are gone from the schema
 * altogether already have their own removal records; the narrowing names only the members
 * that still exist elsewhere, and is dropped when none do.
 */
export function rereadUnionNarrowings(changes: readonly Change[], schema: { old: SchemaModel; new: SchemaModel }): Change[] {
  // Definitions and methods whose removal is already a record of its own.
  const reportedGone = new Set(changes.filter((c) => c.source === 'schema' && c.action === 'removed').map((c) => c.subject));
  const methodOf = (name: string) => schema.old.byName.get(name)?.message?.method;
  return changes.flatMap((change) => {
    const union = unionMembers(change, schema.old);
    if (!union) return [change];
    const lost = union.before.filter((m) => !union.after.includes(m));
    const unreported = lost.filter((m) => !reportedGone.has(m) && !reportedGone.has(methodOf(m) ?? m));
    if (unreported.length === 0) return [];
    // Whoever sends the union (its direction, from the schema's message unions) sent every member.
    const sender = String(change.before?.['direction'] ?? '').split('→')[0]?.trim();
    return [
      finalizeChange({
        id: change.id,
        subject: change.subject,
        section: change.section,
        before: change.before,
        after: change.after,
        source: 'schema',
        detail: { from: union.before.join(' | '), to: union.after.join(' | '), lost: unreported.join(', ') },
        ...(sender && change.level !== 'breaking'
          ? { level: 'breaking' as const, levelReason: `the ${sender} sent ${unreported.join(', ')} as \`${change.subject}\`; a ${sender} that follows the older revision now sends what the union no longer allows` }
          : change.levelReason ? { level: change.level, levelReason: change.levelReason } : {}),
      }),
    ].map((c) => ({ ...c, page: change.page! }));
  });
}

/** The members before and after, for a narrowing of a definition that is a union of other definitions. */
function unionMembers(change: Change, old: SchemaModel): { before: string[]; after: string[] } | null {
  if (change.id !== 'field-type-narrowed' || change.source !== 'schema' || !change.before || !change.after) return null;
  if (change.before['path'] !== change.subject) return null;
  const members = (text: string) => text.slice(text.indexOf(':') + 1).split('|').map((m) => m.trim()).filter(Boolean);
  const before = members(change.before.text);
  const after = members(change.after.text);
  if (before.length < 2 || !before.every((m) => old.byName.has(m))) return null;
  return { before, after };
}
