import { parentPath, type SchemaDefinition, type SchemaField } from '../model.ts';
import type { SchemaDiffContext } from './context.ts';

/**
 * Named unions read through: a definition that is only a union of references says nothing
 * of its own, so a field typed by it is compared by its members, and a reference to it can
 * be read as the one object its members make together.
 */

type Side = 'old' | 'new';

/**
 * Replaces references to definitions that are only a union of references (or an alias of
 * one) by their members, transitively; cycle-safe. Old-side atoms are spelled with new names.
 */
export function expandUnions(ctx: SchemaDiffContext, types: readonly string[], side: Side): string[] {
  const model = side === 'old' ? ctx.a.model : ctx.b.model;
  const out = new Set<string>();
  const seen = new Set<string>();
  const visit = (atom: string, depth: number) => {
    if (!atom.startsWith('→') || depth > 16) {
      out.add(atom);
      return;
    }
    const target = atom.slice(1);
    const name = side === 'old' ? ctx.newToOld.get(target) ?? target : target;
    const def = model.byName.get(name);
    const root = def?.fields.get('');
    if (!def || !root || def.fields.size !== 1 || root.values !== null || root.extends.length > 0 || !root.types.every((t) => t.startsWith('→')) || seen.has(name)) {
      out.add(atom);
      return;
    }
    seen.add(name);
    for (const member of side === 'old' ? ctx.pairs.mapField(root).types : root.types) visit(member, depth + 1);
  };
  for (const atom of types) visit(atom, 0);
  return [...out].sort();
}

/**
 * A definition that is only a union of references to object definitions, read as one
 * object: every member's fields, a field required only when every member requires it
 * (the way inline `anyOf` branches are read). Null when the definition is not such a union.
 */
export function unionView(ctx: SchemaDiffContext, def: SchemaDefinition, side: Side): Map<string, SchemaField> | null {
  const root = def.fields.get('');
  if (!root || def.fields.size !== 1 || root.values !== null || root.extends.length || !root.types.every((t) => t.startsWith('→'))) return null;
  const model = side === 'old' ? ctx.a.model : ctx.b.model;
  const members: SchemaDefinition[] = [];
  for (const atom of expandUnions(ctx, root.types.map((t) => (side === 'old' ? ctx.pairs.mapTarget(t.slice(1)) : t.slice(1))).map((t) => `→${t}`), side)) {
    const target = atom.slice(1);
    const member = model.byName.get(side === 'old' ? ctx.newToOld.get(target) ?? target : target);
    if (!member || !member.fields.get('')?.types.includes('object')) return null;
    members.push(member);
  }
  if (members.length === 0) return null;
  const view = new Map<string, SchemaField>();
  const count = new Map<string, number>();
  const definedIn = new Map<string, string[]>();
  const requiredIn = new Map<string, string[]>();
  const nameOf = (member: SchemaDefinition) => (side === 'old' ? ctx.pairs.mapTarget(member.name) : member.name);
  for (const member of members) {
    for (const [path, f] of member.fields) {
      count.set(path, (count.get(path) ?? 0) + (f.required ? 1 : 0));
      definedIn.set(path, [...(definedIn.get(path) ?? []), nameOf(member)]);
      if (f.required) requiredIn.set(path, [...(requiredIn.get(path) ?? []), nameOf(member)]);
      const seen = view.get(path);
      if (!seen) {
        view.set(path, { ...f });
        continue;
      }
      seen.types = [...new Set([...seen.types, ...f.types])].sort();
      seen.values = seen.values && f.values ? [...new Set([...seen.values, ...f.values])].sort() : null;
      seen.extends = [...new Set([...seen.extends, ...f.extends])].sort();
      if (f.additional === 'open') seen.additional = 'open';
    }
  }
  for (const [path, f] of view) if (path !== '' && parentPath(path) === '') f.required = count.get(path) === members.length;
  const names = [...new Set(members.map(nameOf))];
  for (const [path, f] of view) {
    if (path === '' || parentPath(path) !== '') continue;
    const defining = [...new Set(definedIn.get(path) ?? [])];
    const requiring = [...new Set(requiredIn.get(path) ?? [])];
    const absentFrom = names.filter((m) => !defining.includes(m));
    if (absentFrom.length > 0 || (requiring.length > 0 && requiring.length < names.length)) f.alternatives = { definedIn: defining, requiredIn: requiring, absentFrom };
  }
  return view;
}
