import type { ChangeDraft, ChangeSide } from '../../records/change.ts';
import { describeField } from '../describe.ts';
import type { Flow } from '../direction.ts';
import { decideLevel, type LevelShift } from '../levels.ts';
import type { SchemaDefinition, SchemaField } from '../model.ts';
import type { SchemaDiffContext } from './context.ts';
import { unionRestructure, type UnionRestructure } from './union-restructure.ts';

/**
 * How a record about one field of a pair of definitions is made: named after the new
 * definition, levelled by which way the field travels (a narrowing hurts only whoever
 * receives it), and placed, a removed field where it stood. Every field concern emits
 * through the one `emitField` a pair opens, so they all level and place alike.
 */

type FieldDraft = Omit<ChangeDraft, 'section' | 'source'>;

/** `removedFrom`: the old field, for a record of a field the new side lacks (placed where it stood). */
type EmitField = (draft: FieldDraft, shift: LevelShift | null, path: string, removedFrom: SchemaField | null) => void;

export interface DefinitionPair {
  ctx: SchemaDiffContext;
  o: SchemaDefinition;
  n: SchemaDefinition;
  /** Both sides' fields, aligned (see inline-shapes.ts). */
  oldFields: Map<string, SchemaField>;
  newFields: Map<string, SchemaField>;
  /** A field's record subject: `Definition.path`, or the definition itself for its own shape. */
  subjectOf: (path: string) => string;
  /** A field as one side of a record. */
  side: (path: string, field: SchemaField) => ChangeSide;
  emitField: EmitField;
  /** Paths that got a record other than a description edit: a graft inside one was not clean. */
  changedPaths: Set<string>;
  /** Set when the old definition's object became a union of definitions (union-restructure.ts). */
  restructure: UnionRestructure | null;
}

export function openPair(ctx: SchemaDiffContext, o: SchemaDefinition, n: SchemaDefinition, oldFields: Map<string, SchemaField>, newFields: Map<string, SchemaField>): DefinitionPair {
  const flows = mergeFlows(ctx.a.directions.flows.get(o.name) ?? [], ctx.b.directions.flows.get(n.name) ?? []);
  // A new obligation binds whoever sends the shape now: a party that no longer sends it (its requests gone) must send nothing.
  const newFlows = ctx.b.directions.flows.get(n.name) ?? [];
  const directions = ctx.b.directions.parties.length ? ctx.b.directions : ctx.a.directions;
  const subjectOf = (path: string) => (path === '' ? n.name : `${n.name}${path.startsWith('[') || path.startsWith('{') ? '' : '.'}${path}`);
  const changedPaths = new Set<string>();
  const restructure = unionRestructure(ctx, o, n);

  const emitField: EmitField = (draft, shift, path, removedFrom) => {
    const decision = decideLevel(draft.id, shift, shift === 'obligation' && newFlows.length > 0 ? newFlows : flows, directions, draft.subject);
    const full: ChangeDraft = { ...draft, section: { old: o.name, new: n.name } };
    // A differ that knows better (a union whose members each came or went on their own) has set the level already.
    // A field of an object that became a union lives on in the member that accepts every old shape.
    if (restructure?.keeps && full.after === null && !draft.level) {
      full.level = 'non-breaking';
      full.levelReason = `${n.name} became a union of definitions; the field lives on in its member ${restructure.keeps}, which accepts every old ${o.name}.`;
    } else if (decision.level && !draft.level) {
      full.level = decision.level;
      full.levelReason = decision.levelReason as string;
    }
    if (decision.direction) {
      if (full.before) full.before['direction'] = decision.direction;
      if (full.after) full.after['direction'] = decision.direction;
    }
    if (decision.mustSend && full.after) full.after['mustSend'] = decision.mustSend;
    if (!draft.id.endsWith('description-changed')) changedPaths.add(path);
    if (full.after === null && removedFrom) ctx.records.emitRemovedField(o, n, oldFields, newFields, path, full);
    else ctx.records.emit(full);
  };

  const side = (path: string, field: SchemaField): ChangeSide => ({
    text: describeField(path === '' ? n.name : path, field),
    line: field.line,
    path: subjectOf(path),
    ...(field.alternatives ? { alternatives: field.alternatives } : {}),
  });

  return { ctx, o, n, oldFields, newFields, subjectOf, side, emitField, changedPaths, restructure };
}

/** Both sides' senders of a definition, the old ones first, each sender and role once. */
function mergeFlows(a: readonly Flow[], b: readonly Flow[]): Flow[] {
  const out = [...a];
  for (const f of b) if (!out.some((g) => g.sender === f.sender && g.role === f.role)) out.push(f);
  return out;
}
