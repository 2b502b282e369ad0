import type { ChangeDraft, ChangeLevel } from '../records/change.ts';
import { levelRank } from '../records/change.ts';
import { catalogEntry } from '../records/catalog.ts';
import type { SchemaDefinition, SchemaField, SchemaModel } from './model.ts';

/**
 * A change to something many definitions share is one change. When the same field change
 * (same id, same path inside the definition, same before and after) appears in several
 * definitions that all contain one base shape — a definition they extend (`allOf`) or
 * whose every field they repeat identically (a generator that spells bases inline) — it
 * is reported once, at that base, listing the definitions that inherit it
 * (`inheritors` on the record's sides). Identical changes without a common base stay
 * separate records: they are changes to separate shapes.
 */
export function collapseInherited<T extends { draft: ChangeDraft }>(pending: T[], models: { old: SchemaModel; new: SchemaModel }): T[] {
  const groups = new Map<string, { item: T; definition: string; path: string }[]>();
  for (const item of pending) {
    const located = locate(item.draft);
    if (!located) continue;
    const key = [item.draft.id, located.path, item.draft.before?.text ?? '', item.draft.after?.text ?? '', JSON.stringify(item.draft.detail ?? {})].join('\u0000');
    groups.set(key, [...(groups.get(key) ?? []), { item, ...located }]);
  }
  const dropped = new Set<T>();
  const replaced = new Map<T, T>();
  for (const members of groups.values()) {
    if (members.length < 2) continue;
    const first = members[0]!;
    const model = first.item.draft.after ? models.new : models.old;
    const names = members.map((m) => m.definition);
    const base = referencedBase(model, names, first.path) ?? commonBase(model, names, first.path);
    if (!base) continue;
    const atBase = members.find((m) => m.definition === base.name);
    const carrier = atBase ?? first;
    const inheriting = members.filter((m) => m !== atBase);
    const draft = atOrigin(carrier.item.draft, carrier.definition, base, inheriting.map((m) => m.definition), members.map((m) => m.item.draft), inheriting.map((m) => m.item.draft));
    replaced.set(carrier.item, { ...carrier.item, draft });
    for (const m of members) if (m !== carrier) dropped.add(m.item);
  }
  return pending.filter((p) => !dropped.has(p)).map((p) => replaced.get(p) ?? p);
}

/** The definition a field record sits in, and the field's path inside it. */
function locate(draft: ChangeDraft): { definition: string; path: string } | null {
  const definition = draft.after ? draft.section.new : draft.section.old;
  if (!definition || !draft.subject.startsWith(definition)) return null;
  const path = draft.subject.slice(definition.length);
  return path === '' ? null : { definition, path: path.replace(/^\./, '') };
}

const fieldKey = (f: SchemaField) => [f.path, f.types.join('|'), f.required, f.values?.join('|') ?? '', f.extends.join('|')].join('\u0000');

/**
 * The closest shape every member contains and that has the changed field: one they extend,
 * or one whose fields they all repeat. Among several, the one with the most fields.
 */
function commonBase(model: SchemaModel, members: readonly string[], path: string): Base | null {
  const memberDefs = members.map((name) => model.byName.get(name)).filter((d): d is SchemaDefinition => d !== undefined);
  if (memberDefs.length !== members.length) return null;
  const memberKeys = memberDefs.map((d) => new Set([...d.fields.values()].filter((f) => f.path !== '').map(fieldKey)));
  let best: SchemaDefinition | null = null;
  for (const candidate of model.definitions) {
    if (!candidate.fields.has(path)) continue;
    const own = [...candidate.fields.values()].filter((f) => f.path !== '');
    // A shape of one plain field is any object with that field, not evidence of a shared
    // base; one field that refers to a named definition is (a generator spelling a base
    // such as `{ _meta: →Meta }` inline into every request's params).
    const repeated = own.length >= 2 || (own.length === 1 && refersToDefinition(own[0]!));
    const contained = memberDefs.every((m, i) =>
      m === candidate || extendsBase(model, m, candidate.name) || (repeated && own.every((f) => memberKeys[i]!.has(fieldKey(f)))));
    if (contained && (!best || own.length > best.fields.size - 1)) best = candidate;
  }
  return best ? { name: best.name, path } : null;
}

const refersToDefinition = (field: SchemaField) => field.types.length === 1 && field.types[0]!.startsWith('→');

interface Base {
  name: string;
  /** The changed field's path inside the base. */
  path: string;
}

/**
 * The members all hold the changed field through the same reference (`_meta` → a shared
 * meta object): the change belongs to the referenced definition, at the rest of the path.
 */
function referencedBase(model: SchemaModel, members: readonly string[], path: string): Base | null {
  for (const cut of segmentEnds(path)) {
    const prefix = path.slice(0, cut);
    const targets = new Set(members.map((name) => {
      const types = model.byName.get(name)?.fields.get(prefix)?.types ?? [];
      return types.length === 1 && types[0]!.startsWith('→') ? types[0]!.slice(1) : null;
    }));
    const [target] = [...targets];
    if (targets.size !== 1 || !target || !model.byName.has(target)) continue;
    const rest = path.slice(cut).replace(/^\./, '');
    if (model.byName.get(target)!.fields.has(rest) || rest === '') return { name: target, path: rest };
  }
  return null;
}

/** Where a path can be cut into a field and what lies inside it: before each `.`, `[` or `{`. */
function segmentEnds(path: string): number[] {
  const ends: number[] = [];
  for (let i = 1; i < path.length; i++) if ('.[{'.includes(path[i]!) && path[i - 1] !== '.') ends.push(i);
  return ends;
}

function extendsBase(model: SchemaModel, def: SchemaDefinition, base: string, seen = new Set<string>()): boolean {
  for (const name of def.fields.get('')?.extends ?? []) {
    if (name === base) return true;
    const next = model.byName.get(name);
    if (next && !seen.has(name) && (seen.add(name), extendsBase(model, next, base, seen))) return true;
  }
  return false;
}

/** One record at the base: its subject and section name the base, its sides list who inherits the change. */
function atOrigin(draft: ChangeDraft, from: string, base: Base, inheritors: string[], all: readonly ChangeDraft[], inheriting: readonly ChangeDraft[]): ChangeDraft {
  const rename = (s: string | null) => (s === from ? base.name : s);
  const subject = base.path === '' ? base.name : `${base.name}${/^[[{]/.test(base.path) ? '' : '.'}${base.path}`;
  const severest = [...all].sort((x, y) => levelRank(levelOf(x)) - levelRank(levelOf(y)))[0]!;
  const side = (s: ChangeDraft['before']) => (s ? { ...s, ...(typeof s.path === 'string' ? { path: subject } : {}), inheritors } : null);
  const senders = sendersOfInheritors(inheriting);
  const out: ChangeDraft = {
    ...draft,
    subject,
    section: { old: rename(draft.section.old), new: rename(draft.section.new) },
    before: side(draft.before),
    after: side(draft.after),
  };
  if (out.after && senders) out.after['mustSend'] = senders;
  delete out.level;
  delete out.levelReason;
  if (severest.level) {
    out.level = severest.level;
    out.levelReason = severest.levelReason ?? '';
  }
  return out;
}

/**
 * Who must now send a field the base gained an obligation on: the parties that send the
 * inheriting shapes, which are what travels (a base spelled inline into every shape may
 * itself be placed by the schema on both sides without anyone sending it as such).
 */
function sendersOfInheritors(inheritors: readonly ChangeDraft[]): string | null {
  const parties = new Set(inheritors.flatMap((d) => (d.after?.['mustSend'] ? String(d.after['mustSend']).split(', ') : [])));
  return parties.size ? [...parties].sort().join(', ') : null;
}

function levelOf(draft: ChangeDraft): ChangeLevel {
  return draft.level ?? catalogEntry(draft.id).level;
}

/**
 * A removed base that nothing referred to (a shape a generator spelled into each inheritor)
 * never travelled under its own name: what its removal takes from the wire is what its
 * inheritors lost, already reported once at this base. Its `definition-removed` record takes
 * the level of those records (the most severe), so the same change is not rated twice apart.
 */
export function agreeRemovedBases<T extends { draft: ChangeDraft }>(pending: T[], referenceCount: (name: string) => number): T[] {
  return pending.map((item) => {
    const draft = item.draft;
    if (draft.id !== 'definition-removed' || draft.level !== undefined || referenceCount(draft.subject) > 0) return item;
    const inherited = pending.filter((p) => p !== item && p.draft.section.old === draft.subject && Array.isArray(p.draft.before?.['inheritors']));
    if (inherited.length === 0) return item;
    const level = inherited.map((p) => p.draft.level ?? catalogEntry(p.draft.id).level).sort((a, b) => levelRank(a) - levelRank(b))[0]!;
    const levelReason = `Nothing referred to ${draft.subject}; its inheritors spelled it inline, and what they lost is reported at this base (${inherited.map((p) => p.draft.subject).join(', ')}).`;
    return { ...item, draft: { ...draft, level, levelReason } };
  });
}
