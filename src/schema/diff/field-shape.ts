import { constraintShifts } from '../constraints.ts';
import { describeShape, describeTypeDelta } from '../describe.ts';
import type { Shift } from '../levels.ts';
import type { SchemaField } from '../model.ts';
import type { DefinitionPair } from './field-records.ts';
import { relation } from './type-relation.ts';
import { expandUnions } from './unions.ts';
import { unionRestructure } from './union-restructure.ts';

/**
 * What values a field admits: its types, bases, enum or const values, openness and
 * constraints, read together as one shape that narrowed, widened or changed (one record),
 * plus a record per enum value added or removed. Returns whether any record was made, for
 * a description edit is reported only when the shape stayed.
 */
export function diffFieldShape(pair: DefinitionPair, path: string, of: SchemaField, nf: SchemaField, subject: string): boolean {
  const types = typeChange(pair, of, nf);
  const shifts: ShapeShift[] = [];
  if (types.shift) shifts.push(types.shift);
  if (of.extends.join('&') !== nf.extends.join('&')) shifts.push('changed');
  const values = valueChanges(of, nf);
  if (values.shift) shifts.push(values.shift);
  const valueRecords = values.members;
  if (of.additional === 'open' && nf.additional === 'closed') shifts.push('narrowing');
  if (of.additional === 'closed' && nf.additional === 'open') shifts.push('widening');
  const constraintMoves = constraintShifts(of.constraints, nf.constraints);
  shifts.push(...constraintMoves);

  if (shifts.length > 0) {
    const kind = shifts.includes('changed') || (shifts.includes('narrowing') && shifts.includes('widening')) ? 'changed' : (shifts[0] as 'narrowing' | 'widening');
    const id = kind === 'changed' ? 'field-type-changed' : kind === 'narrowing' ? 'field-type-narrowed' : 'field-type-widened';
    const onlyTypes = of.values === null && nf.values === null && of.extends.join() === nf.extends.join() && of.additional === nf.additional && constraintMoves.length === 0;
    const delta = onlyTypes ? describeTypeDelta(types.before, types.after) : { from: describeShape(of), to: describeShape(nf) };
    const byMembers = onlyTypes ? membersOnTheirOwn(pair, types.before, types.after) ?? readThroughRestructure(pair, types.before, types.after) : null;
    const restructure = path === '' ? pair.restructure : null;
    const after = restructure ? { ...pair.side(path, nf), members: restructure.members.join(' | ') } : pair.side(path, nf);
    const kept = restructure?.keeps
      ? { level: 'non-breaking' as const, levelReason: `Its member ${restructure.keeps} accepts every ${pair.o.name} the old schema accepted: no shape is refused.` }
      : null;
    pair.emitField(
      { id, subject, before: pair.side(path, of), after, detail: { from: delta.from, to: delta.to, ...(restructure ? { union: delta.to, ...(restructure.keeps ? { keeps: restructure.keeps } : {}) } : {}) }, ...(byMembers ? { level: 'editorial' as const, levelReason: byMembers } : kept ?? {}) },
      kind === 'changed' ? null : kind,
      path,
      null,
    );
  }
  for (const record of valueRecords) {
    pair.emitField(
      { id: record.id, subject, key: `${subject}=${record.value}`, before: pair.side(path, of), after: pair.side(path, nf), detail: { value: `\`${record.value}\`` } },
      record.shift,
      path,
      null,
    );
  }
  return shifts.length > 0 || valueRecords.length > 0;
}

type ShapeShift = 'narrowing' | 'widening' | 'changed';

/** How the type atoms moved, with the atoms a record quotes: a union's members when comparing members tells more than its name. */
function typeChange(pair: DefinitionPair, of: SchemaField, nf: SchemaField): { shift: ShapeShift | null; before: string[]; after: string[] } {
  let typeRel = relation(of.types, nf.types);
  let typesBefore = of.types;
  let typesAfter = nf.types;
  if (typeRel !== 'same') {
    // A union may be spelled out or named (`A | B` vs `ContentBlock` = `A | B | C`): compare members.
    const ex = expandUnions(pair.ctx, of.types, 'old');
    const nx = expandUnions(pair.ctx, nf.types, 'new');
    const expanded = relation(ex, nx);
    if (expanded !== typeRel) {
      typeRel = expanded;
      typesBefore = ex;
      typesAfter = nx;
    }
  }
  const shift = typeRel === 'same' ? null : typeRel === 'widened' ? 'widening' : typeRel === 'narrowed' ? 'narrowing' : 'changed';
  return { shift, before: typesBefore, after: typesAfter };
}

/** Values lifted or imposed, or a const swapped, move the whole shape; an enum that gained or lost members is a record per member. */
function valueChanges(of: SchemaField, nf: SchemaField): { shift: ShapeShift | null; members: { id: string; value: string; shift: Shift }[] } {
  const members: { id: string; value: string; shift: Shift }[] = [];
  if (of.values === null && nf.values !== null) return { shift: 'narrowing', members };
  if (of.values !== null && nf.values === null) return { shift: 'widening', members };
  if (of.values && nf.values) {
    if (of.values.length === 1 && nf.values.length === 1 && of.values[0] !== nf.values[0]) return { shift: 'changed', members };
    for (const v of nf.values) if (!of.values.includes(v)) members.push({ id: 'field-value-added', value: v, shift: 'widening' });
    for (const v of of.values) if (!nf.values.includes(v)) members.push({ id: 'field-value-removed', value: v, shift: 'narrowing' });
  }
  return { shift: null, members };
}

/**
 * A union that named a definition whose object became a union of definitions, now read
 * through to those members: the restructure is that definition's record (a member of it
 * accepts every old shape), not this union's. Says why, or null.
 */
function readThroughRestructure(pair: DefinitionPair, before: readonly string[], after: readonly string[]): string | null {
  const lost = before.filter((atom) => !after.includes(atom));
  const gained = after.filter((atom) => !before.includes(atom));
  if (lost.length === 0 || gained.length === 0 || lost.some((atom) => !atom.startsWith('→'))) return null;
  const members = new Set<string>();
  for (const atom of lost) {
    const name = atom.slice(1);
    const o = pair.ctx.a.model.byName.get(pair.ctx.newToOld.get(name) ?? name);
    const n = pair.ctx.b.model.byName.get(name);
    const restructure = o && n ? unionRestructure(pair.ctx, o, n) : null;
    if (!restructure?.keeps) return null;
    restructure.members.forEach((m) => members.add(`→${m}`));
  }
  if (!gained.every((atom) => members.has(atom))) return null;
  return `${lost.map((a) => a.slice(1)).join(', ')} became a union of definitions that still accepts every old shape; the union is read through to its members here, and the restructure is reported once, on its definition.`;
}

/**
 * A union whose members changed only by definitions that came or went in this diff: each of
 * those is a change of its own (a new request, a removed notification), so the union's record
 * repeats them. Says why, or null when a member that stayed joined or left the union, or a
 * type that is no definition changed.
 */
function membersOnTheirOwn(pair: DefinitionPair, before: readonly string[], after: readonly string[]): string | null {
  const gained = after.filter((atom) => !before.includes(atom));
  const lost = before.filter((atom) => !after.includes(atom));
  if (gained.length + lost.length === 0 || [...gained, ...lost].some((atom) => !atom.startsWith('→'))) return null;
  const isNew = (atom: string) => !pair.ctx.newToOld.has(atom.slice(1));
  const isGone = (atom: string) => !pair.ctx.oldToNew.has(atom.slice(1)) && !pair.ctx.newToOld.has(atom.slice(1));
  if (!gained.every(isNew) || !lost.every(isGone)) return null;
  return 'Each member that joined or left the union is a definition added or removed in this revision, reported on its own.';
}
