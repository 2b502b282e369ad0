import type { ChangeDraft } from '../../records/change.ts';
import { describeField } from '../describe.ts';
import type { SchemaDefinition, SchemaField, SchemaModel } from '../model.ts';
import type { Reported, SchemaDiffContext, ShapeTally } from './context.ts';
import { referenceCount } from './references.ts';
import { expandUnions } from './unions.ts';

/**
 * Definitions as a whole: removed, renamed, added. Runs after every pair of definitions was
 * walked, because whether a removed definition still lives inline (or an added one only names
 * a shape already spelled inline) is known only from those walks.
 */
export function diffDefinitionSets(ctx: SchemaDiffContext, reported: Reported): void {
  for (const def of ctx.a.model.definitions) {
    const partner = ctx.oldToNew.get(def.name);
    // An error-code constant names a code: the code's own records say what became of it.
    if (def.constant) continue;
    if (partner === undefined) {
      if (reported.has(`old:${def.name}`)) continue;
      const draft: ChangeDraft = {
        id: 'definition-removed',
        subject: def.name,
        section: { old: def.name, new: null },
        before: { text: describeField(def.name, def.fields.get('') as SchemaField), line: def.line, path: def.name, ...usedBy(ctx.a.model, def.name) },
        after: null,
      };
      if (everyReferenceReplacedCleanly(ctx.inlined, ctx.a.model, def.name, (referrer) => ctx.oldToNew.has(referrer))) {
        draft.level = 'non-breaking';
        draft.levelReason = `Every definition that referred to ${def.name} now spells the same shape inline; only code that names the type is affected.`;
      }
      ctx.records.emitRemoved(def, draft);
    } else if (partner !== def.name && !reported.has(`old:${def.name}`)) {
      const now = ctx.b.model.byName.get(partner) as SchemaDefinition;
      // The old name is still there, for a union its old shape (now `partner`) is a member of: not a rename, a restructure.
      const kept = ctx.b.model.byName.get(def.name)?.fields.get('');
      const members = kept && kept.types.length > 1 && kept.types.every((t) => t.startsWith('→')) ? expandUnions(ctx, kept.types, 'new').map((t) => t.slice(1)) : null;
      ctx.records.emit({
        id: 'definition-renamed',
        subject: partner,
        key: `${def.name}→${partner}`,
        section: { old: def.name, new: partner },
        before: { text: def.name, line: def.line, path: def.name },
        after: { text: partner, line: now.line, path: partner, ...(members ? { members: members.join(' | ') } : {}) },
        detail: { from: def.name, to: partner, ...(members ? { union: members.join(' | ') } : {}) },
      });
    }
  }
  // A referrer new in this revision is told on its own: that it uses the shape says nothing of whether the shape is new.
  const onBothSides = (referrer: string) => ctx.newToOld.has(referrer);
  for (const def of ctx.b.model.definitions) {
    if (def.constant || ctx.newToOld.has(def.name) || reported.has(`new:${def.name}`)) continue;
    const draft: ChangeDraft = {
      id: 'definition-added',
      subject: def.name,
      section: { old: null, new: def.name },
      before: null,
      after: { text: describeField(def.name, def.fields.get('') as SchemaField), line: def.line, path: def.name, ...usedBy(ctx.b.model, def.name) },
    };
    const wrapped = responseEnvelopeOf(def);
    const union = unionOnly(def);
    const heir = ctx.heirs.get(def.name);
    if (heir) {
      draft.level = 'editorial';
      draft.levelReason = `${def.name} is the shape \`${heir.shape}\` had before, now one alternative of ${heir.union}; what it adds is reported field by field, the other alternatives on their own.`;
      draft.after!['names'] = heir.shape;
      draft.after!['alternativeOf'] = heir.union;
    } else if (everyReferenceReplacedCleanly(ctx.extracted, ctx.b.model, def.name, onBothSides)) {
      draft.level = 'editorial';
      draft.levelReason = `${def.name} names a shape the old schema already spelled inline everywhere it is now referenced.`;
    } else if (everyReferenceReplaced(ctx.extracted, ctx.b.model, def.name, onBothSides)) {
      draft.level = 'editorial';
      draft.levelReason = `${def.name} names a shape the old schema spelled inline everywhere it is now referenced; what changed in that shape is reported field by field.`;
    } else if (referenceCount(ctx.b.model, def.name) === 0 && spelledBy(ctx, def).length >= 2) {
      // Nothing refers to it, and shapes both schemas have already spell every field of it: a name for a common part, kept for code generators.
      const spelled = spelledBy(ctx, def);
      draft.level = 'editorial';
      draft.levelReason = `Nothing in the schema refers to ${def.name}, and ${spelled.slice(0, 3).join(', ')}${spelled.length > 3 ? ' and others' : ''} already had every field of it: it names a common part, nothing on the wire changes.`;
    } else if (wrapped !== null && wrapped.every((name) => ctx.b.model.byName.has(name))) {
      draft.level = 'editorial';
      draft.levelReason = `${def.name} only names the JSON-RPC response envelope around ${wrapped.map((name) => `\`${name}\``).join(' or ')}: nothing new travels.`;
    } else if (union) {
      // Nothing travels as the union itself: what is new is a member (its own record) or a field that starts to use it (that field's record).
      draft.level = 'editorial';
      draft.levelReason = `${def.name} only names a union of definitions (${union.join(' | ')}): a member new in this revision is reported on its own, and a field that starts to use the union carries its own level.`;
    }
    ctx.records.emit(draft);
  }
}

/** Every reference (of a referrer both schemas have) to the definition was swapped for (or from) the same shape inline, and none with changes. */
function everyReferenceReplacedCleanly(tally: ShapeTally, model: SchemaModel, name: string, onBothSides: (referrer: string) => boolean): boolean {
  const clean = tally.cleanly.get(name) ?? 0;
  return !tally.withChanges.has(name) && clean > 0 && everyReferrerSwapped(clean, model, name, onBothSides);
}

/** Every reference to the definition was swapped for the same shape inline on the other side, with or without changes inside it (those are records of their own). */
function everyReferenceReplaced(tally: ShapeTally, model: SchemaModel, name: string, onBothSides: (referrer: string) => boolean): boolean {
  const swaps = (tally.cleanly.get(name) ?? 0) + (tally.changed.get(name) ?? 0);
  return swaps > 0 && everyReferrerSwapped(swaps, model, name, onBothSides);
}

/**
 * The swaps account for every reference: of all referrers (a shape named inside another
 * newly named shape was swapped there too), or of the referrers both schemas have (a
 * referrer new in this revision is told on its own).
 */
function everyReferrerSwapped(swaps: number, model: SchemaModel, name: string, onBothSides: (referrer: string) => boolean): boolean {
  return swaps === referenceCount(model, name) || swaps === referenceCount(model, name, onBothSides);
}

/** The members of a definition that is nothing but a union of other definitions; null for any other shape. */
function unionOnly(def: SchemaDefinition): string[] | null {
  const own = def.fields.get('');
  if (!own || own.types.length < 2 || !own.types.every((t) => t.startsWith('→')) || [...def.fields.keys()].some((path) => path !== '')) return null;
  return own.types.map((t) => t.slice(1));
}

/** JSON-RPC's framing members; a response carries exactly one payload besides them. */
const RESPONSE_FRAME = new Set(['jsonrpc', 'id']);
const RESPONSE_PAYLOADS = new Set(['result', 'error']);

/**
 * The definitions a response envelope wraps: a shape of JSON-RPC's framing members and one
 * `result` (or `error`) that refers to a definition, or to a union of definitions. A response exists wherever its request
 * does, so naming its envelope adds nothing on the wire. Null for any other shape.
 */
function responseEnvelopeOf(def: SchemaDefinition): string[] | null {
  const top = [...def.fields.keys()].filter((path) => path !== '' && /^[^.[{]+$/.test(path));
  const payload = top.filter((path) => !RESPONSE_FRAME.has(path));
  if (!top.includes('jsonrpc') || payload.length !== 1 || !RESPONSE_PAYLOADS.has(payload[0]!)) return null;
  const types = def.fields.get(payload[0]!)!.types;
  // One definition, or a union of definitions (a result that may also be another kind of result): each is defined, and told, on its own.
  return types.length > 0 && types.every((t) => t.startsWith('→')) ? types.map((t) => t.slice(1)) : null;
}

/** Definitions of both schemas that already held every field of `def` (at some path, alike): the shapes it names a common part of. */
function spelledBy(ctx: SchemaDiffContext, def: SchemaDefinition): string[] {
  const own = [...def.fields].filter(([p]) => p !== '');
  if (own.length === 0) return [];
  const holders: string[] = [];
  for (const old of ctx.a.model.definitions) {
    if (!ctx.oldToNew.has(old.name)) continue;
    const prefixes = [...new Set([...old.fields.keys()].map((p) => (p.includes('.') ? p.slice(0, p.lastIndexOf('.') + 1) : '')))];
    const holds = prefixes.some((prefix) => own.every(([p, f]) => {
      const g = old.fields.get(prefix + p);
      return g !== undefined && g.types.join() === f.types.join();
    }));
    if (holds) holders.push(old.name);
  }
  return holders;
}

/** The definitions of its own schema that refer to a definition, for the record's side (the grouping reads them: a shape only a message uses comes and goes with it). */
function usedBy(model: SchemaModel, name: string): { usedBy?: string[] } {
  const referrers = model.definitions.filter((d) => d.name !== name && d.refs.includes(name)).map((d) => d.name);
  return referrers.length > 0 ? { usedBy: referrers } : {};
}
