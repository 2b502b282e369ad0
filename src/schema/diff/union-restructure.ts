import type { SchemaDefinition, SchemaField } from '../model.ts';
import type { SchemaDiffContext } from './context.ts';
import { expandUnions } from './unions.ts';

/**
 * A definition whose own shape was an object and is now a union of definitions (its fields
 * moved into the members): one restructure, not each field removed. It breaks no one when a
 * member still accepts every shape the old definition accepted: the member holds each old
 * field with its types and values, and requires nothing the old shape did not.
 */
export interface UnionRestructure {
  /** The union's members, read through named unions, and the unions named on the way. */
  members: string[];
  /** A member that accepts every old shape, or null. */
  keeps: string | null;
}

export function unionRestructure(ctx: SchemaDiffContext, o: SchemaDefinition, n: SchemaDefinition): UnionRestructure | null {
  const of = o.fields.get('');
  const nf = n.fields.get('');
  if (!of || !nf || of.types.some((t) => t.startsWith('→')) || o.fields.size < 2) return null;
  if (nf.types.length < 2 || !nf.types.every((t) => t.startsWith('→')) || n.fields.size !== 1) return null;
  const expanded = expandUnions(ctx, nf.types, 'new').filter((t) => t.startsWith('→')).map((t) => t.slice(1));
  const direct = nf.types.map((t) => t.slice(1));
  const members = [...new Set([...expanded, ...direct])];
  const keeps = expanded.find((name) => acceptsEveryOld(ctx, o, ctx.b.model.byName.get(name))) ?? null;
  return { members, keeps };
}

function acceptsEveryOld(ctx: SchemaDiffContext, o: SchemaDefinition, member: SchemaDefinition | undefined): boolean {
  if (!member) return false;
  for (const [path, raw] of o.fields) {
    if (path === '') continue;
    const old = ctx.pairs.mapField(raw);
    const now = member.fields.get(path);
    if (!now || !sameValues(old, now)) return false;
  }
  for (const [path, now] of member.fields) {
    if (path === '' || !now.required) continue;
    if (!o.fields.get(path)?.required) return false;
  }
  return true;
}

function sameValues(a: SchemaField, b: SchemaField): boolean {
  return a.types.join('|') === b.types.join('|') && (a.values?.join('|') ?? '*') === (b.values?.join('|') ?? '*');
}
