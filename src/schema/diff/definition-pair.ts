import type { SchemaDefinition } from '../model.ts';
import { quoted, readable, type SchemaDiffContext } from './context.ts';
import { diffFieldPresence } from './field-presence.ts';
import { openPair } from './field-records.ts';
import { alignedFields, tallyGrafts } from './inline-shapes.ts';

/**
 * One old definition and its new partner (same name or renamed), walked field by field;
 * the definition's own description counts only when none of its fields changed shape.
 */
export function diffDefinitionPair(ctx: SchemaDiffContext, o: SchemaDefinition, n: SchemaDefinition): void {
  const { oldFields, newFields, grafts } = alignedFields(ctx, o, n);
  const mark = ctx.records.count;
  const pair = openPair(ctx, o, n, oldFields, newFields);
  diffFieldPresence(pair);

  const shapeChanged = ctx.records.since(mark).some((p) => !p.draft.id.endsWith('description-changed'));
  if (ctx.descriptions && !shapeChanged) {
    const od = readable(ctx, o.description);
    const nd = readable(ctx, n.description);
    if (od !== nd && od !== null && nd !== null) {
      ctx.records.emit({
        id: 'definition-description-changed',
        subject: n.name,
        section: { old: o.name, new: n.name },
        before: { text: quoted(ctx, o.description), line: o.line, path: o.name },
        after: { text: quoted(ctx, n.description), line: n.line, path: n.name },
      });
    }
  }

  tallyGrafts(ctx, grafts, pair.changedPaths);
}
