import type { SpecDocument } from '../model/index.ts';
import type { TypeSchema } from '../model/typescript.ts';
import type { ChangeDraft, ChangeSide } from '../records/change.ts';
import { loadedFromTypes } from '../schema/load.ts';
import { buildModel } from '../schema/model.ts';
import { analyzeSchema, diffSchemaDrafts } from '../schema/diff.ts';
import { sectionById, type DiffContext, type Emit } from './context.ts';
import { sectionLabel } from './section-paths.ts';

/**
 * A page's TypeScript declarations (its `interface`, `type`, `enum`, `namespace` and
 * `export const` blocks, model/typescript.ts) are its message shapes: they are diffed as a
 * schema is, by the schema differ, so a request added, a field made optional, a union that
 * gained a member or a new error code is a record of its own rather than a code block that
 * changed. Each record sits in the section that declares the definition, with page lines,
 * and its sides say `declaredIn: 'typescript'` so the revision passes know it is a
 * declaration (a name is new when no page of the older revision declared it).
 */

const NO_TYPES: TypeSchema = { schema: { $defs: {} }, lines: {}, sections: {}, diagnostics: [], parseErrors: 0 };

export function diffTypeDeclarations(ctx: DiffContext, emit: Emit): void {
  if (!ctx.old.types && !ctx.new.types) return;
  const oldTypes = ctx.old.types ?? NO_TYPES;
  const newTypes = ctx.new.types ?? NO_TYPES;
  const model = (types: TypeSchema, side: string) => analyzeSchema(buildModel(loadedFromTypes(types, side), side));
  const drafts = diffSchemaDrafts(model(oldTypes, 'old'), model(newTypes, 'new'));
  for (const draft of drafts) emit(placed(draft, ctx, oldTypes, newTypes));
}

/** A schema draft as the page's: its sections are where the definitions are declared. */
function placed(draft: ChangeDraft, ctx: DiffContext, oldTypes: TypeSchema, newTypes: TypeSchema): ChangeDraft {
  const where = (doc: SpecDocument, types: TypeSchema, definition: string | null) => {
    const id = definition === null ? undefined : types.sections[definition];
    const section = id === undefined ? undefined : sectionById(doc, id);
    return section ? sectionLabel(doc, section) : null;
  };
  const mark = (side: ChangeSide | null, definition: string | null): ChangeSide | null => (side ? { ...side, declaredIn: 'typescript', ...(definition ? { definition } : {}) } : null);
  const { source: _schema, ...rest } = draft;
  return {
    ...rest,
    // The definitions' names keep the record's identity: a section retitled over the same declaration is the same change.
    key: `${draft.key ?? draft.subject}\u0000${draft.section.old ?? ''}\u0000${draft.section.new ?? ''}`,
    section: { old: where(ctx.old, oldTypes, draft.section.old), new: where(ctx.new, newTypes, draft.section.new) },
    before: mark(draft.before, draft.section.old),
    after: mark(draft.after, draft.section.new),
  };
}
