import type { SchemaDefinition, SchemaField, SchemaModel } from '../model.ts';
import { joinPath, singleRef } from '../pairing.ts';
import type { SchemaDiffContext } from './context.ts';
import { expandUnions, unionView } from './unions.ts';

/**
 * A shape written inline on one side and as a reference to an equal definition on the other
 * is the same shape: before a pair of definitions is compared, each side's fields are read
 * so that the two spellings line up, and each such swap is remembered (a graft) so the
 * definitions involved can later be judged as only named or only inlined.
 */

interface Graft {
  side: 'old' | 'new';
  path: string;
  target: string;
}

/** Both sides' fields of a pair of definitions, spelled alike: old references by new names, inline shapes and references aligned. */
export function alignedFields(ctx: SchemaDiffContext, o: SchemaDefinition, n: SchemaDefinition): { oldFields: Map<string, SchemaField>; newFields: Map<string, SchemaField>; grafts: Graft[] } {
  const oldFields = new Map<string, SchemaField>();
  for (const [p, f] of o.fields) oldFields.set(p, ctx.pairs.mapField(f));
  const newFields = new Map(n.fields);
  substituteEqualRoot(ctx, oldFields, o, ctx.a.model, true);
  substituteEqualRoot(ctx, newFields, n, ctx.b.model, false);
  const grafts = graftReferences(ctx, oldFields, newFields, n.name);
  return { oldFields, newFields, grafts };
}

/** Tallies each graft as clean or not: a graft is dirty when a record was made at its path or inside it. */
export function tallyGrafts(ctx: SchemaDiffContext, grafts: readonly Graft[], changedPaths: ReadonlySet<string>): void {
  for (const graft of grafts) {
    const dirty = [...changedPaths].some((p) => p === graft.path || p.startsWith(`${graft.path}.`) || p.startsWith(`${graft.path}[`) || p.startsWith(`${graft.path}{`));
    const tally = graft.side === 'old' ? ctx.inlined : ctx.extracted;
    if (dirty) {
      tally.withChanges.add(graft.target);
      tally.changed.set(graft.target, (tally.changed.get(graft.target) ?? 0) + 1);
    }
    else tally.cleanly.set(graft.target, (tally.cleanly.get(graft.target) ?? 0) + 1);
  }
}

/**
 * A definition whose whole shape is written inline on one side and as a reference (or a
 * union of references) on the other: when the inline shape equals another definition of
 * its own schema, read it as a reference to that definition.
 */
function substituteEqualRoot(ctx: SchemaDiffContext, fields: Map<string, SchemaField>, def: SchemaDefinition, model: SchemaModel, old: boolean): void {
  const root = fields.get('');
  if (!root || root.types.some((t) => t.startsWith('→'))) return;
  const other = old ? ctx.b.model.byName.get(ctx.oldToNew.get(def.name) ?? '') : ctx.a.model.byName.get(ctx.newToOld.get(def.name) ?? '');
  const otherRoot = other?.fields.get('');
  if (!otherRoot || !otherRoot.types.some((t) => t.startsWith('→'))) return;
  const twin = model.definitions.find((d) => d !== def && d.signature === def.signature);
  if (!twin) return;
  const target = old ? ctx.pairs.mapTarget(twin.name) : twin.name;
  fields.clear();
  fields.set('', { ...root, types: [`→${target}`], values: null, extends: [], additional: null });
}

/**
 * Where one side refers to a definition and the other spells a shape inline, the
 * referenced definition's fields are read in place of the reference, so an inline object
 * replaced by a `$ref` to an equal definition shows no change.
 */
function graftReferences(ctx: SchemaDiffContext, oldFields: Map<string, SchemaField>, newFields: Map<string, SchemaField>, owner: string): Graft[] {
  const done = new Set<string>();
  const grafts: Graft[] = [];
  for (let round = 0; round < 500; round++) {
    let found: Graft | null = null;
    for (const [path, nf] of newFields) {
      const of = oldFields.get(path);
      if (!of || done.has(path)) continue;
      const oRef = singleRef(of);
      const nRef = singleRef(nf);
      if (oRef && !nRef && isInline(nf)) found = { side: 'old', path, target: oRef };
      else if (nRef && !oRef && isInline(of)) found = { side: 'new', path, target: nRef };
      if (found) break;
    }
    if (!found) break;
    done.add(found.path);
    const oldName = found.side === 'old' ? ctx.newToOld.get(found.target) ?? found.target : null;
    const def = found.side === 'old' ? ctx.a.model.byName.get(oldName as string) : ctx.b.model.byName.get(found.target);
    if (!def) continue;
    const fields = found.side === 'old' ? oldFields : newFields;
    const at = fields.get(found.path) as SchemaField;
    const view = unionView(ctx, def, found.side) ?? def.fields;
    if (found.side === 'new' && view !== def.fields) noteHeirs(ctx, def, oldFields, found.path, owner);
    const root = view.get('') as SchemaField;
    const mapped = found.side === 'old' ? ctx.pairs.mapField(root) : root;
    fields.set(found.path, { ...mapped, path: found.path, required: at.required, line: at.line, description: at.description });
    for (const [rel, f] of view) {
      if (rel === '') continue;
      const p = joinPath(found.path, rel);
      // Grafted fields are reported where the reference stood.
      if (!fields.has(p)) fields.set(p, { ...(found.side === 'old' ? ctx.pairs.mapField(f) : f), path: p, line: at.line });
    }
    grafts.push({ side: found.side, path: found.path, target: oldName ?? found.target });
  }
  return grafts;
}

/**
 * The members of a new union, standing where an inline shape stood, that carry that shape
 * on: every old field is there, alike, and whatever the member adds is optional. Such a
 * member is the old shape given a name, not something an implementation adopts.
 */
function noteHeirs(ctx: SchemaDiffContext, union: SchemaDefinition, oldFields: ReadonlyMap<string, SchemaField>, at: string, owner: string): void {
  const inline = [...oldFields].filter(([p]) => p.startsWith(`${at}.`)).map(([p, f]) => [p.slice(at.length + 1), f] as const);
  if (inline.length === 0) return;
  const root = union.fields.get('');
  for (const atom of expandUnions(ctx, root?.types ?? [], 'new')) {
    const member = ctx.b.model.byName.get(atom.slice(1));
    if (!member || ctx.newToOld.has(member.name)) continue;
    const same = inline.every(([p, f]) => {
      const m = member.fields.get(p);
      return m !== undefined && m.required === f.required && m.types.join() === f.types.join();
    });
    const addsOnlyOptional = [...member.fields].every(([p, f]) => p === '' || f.required === false || inline.some(([q]) => q === p));
    if (same && addsOnlyOptional) ctx.heirs.set(member.name, { shape: `${owner}.${at}`, union: union.name });
  }
}

function isInline(field: SchemaField): boolean {
  return !field.types.some((t) => t.startsWith('→'));
}
