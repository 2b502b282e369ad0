import { dice } from '../../diff/similarity.ts';
import { canonicalName, fieldOwner, keywordOf, typeAtoms, type RecordFacts } from '../facts.ts';
import { strength } from '../../model/rules.ts';
import { lonelyRecords, pushTo, type UnionFind } from './union-find.ts';

/**
 * Relations of fields: a field a page's table and the schema both describe (2), and one edit
 * made field by field (3).
 */

/** 2. A page's field and the schema's field with the same last name and a like owner ("Elicitation Requests" ~ `ElicitRequest`). */
export function joinFieldsToldTwice(facts: readonly RecordFacts[], uf: UnionFind): void {
  const schemaFields = facts.filter((f) => f.field && f.change.source === 'schema');
  for (const f of facts) {
    if (!f.field || f.change.source === 'schema') continue;
    const match = schemaFields.find((s) => s.direction === f.direction && s.field!.leaf === f.field!.leaf && dice(s.field!.owner, f.field!.owner) >= 0.5);
    if (match) uf.union(match.index, f.index);
  }
}

/**
 * 3. One edit made field by field: in the schema, the same change of type or bounds in one
 * definition, or the same id and last name in shapes of one family; on a page, the fields
 * of one new (or removed) shape.
 */
export function joinSchemaSiblings(facts: readonly RecordFacts[], uf: UnionFind): void {
  const seen = new Map<string, number>();
  const join = (key: string, f: RecordFacts) => {
    const other = seen.get(key);
    if (other === undefined) seen.set(key, f.index);
    else uf.union(other, f.index);
  };
  for (const f of facts) {
    const { change } = f;
    if (change.kind !== 'schema-field' || !f.field) continue;
    if (change.source !== 'schema') {
      if (f.direction !== 'changed') join(`p\u0000${change.id}\u0000${f.page}\u0000${change.subject.replace(/\s*›[^›]*$/, '')}`, f);
      continue;
    }
    const definition = change.section.new ?? change.section.old ?? '';
    const family = [...f.field.owner][0] ?? definition;
    // Only a change of a field (its type, its bounds) has a transition two fields can share; two arrivals share nothing but their verb.
    if (f.direction === 'changed') join(`t\u0000${change.id}\u0000${definition}\u0000${change.message.replace(change.subject, '').replace(/`/g, '')}`, f);
    // An arrival or a removal of one field name in many shapes is one edit (a `task` field for every request that may run as a task).
    join(f.direction === 'changed' ? `f\u0000${change.id}\u0000${f.field.leaf}\u0000${family}` : `f\u0000${change.id}\u0000${f.field.leaf}`, f);
  }
}

/**
 * 3a. A definition whose object became a union of definitions (the schema differ gives its
 * record the union's `members`): its removed fields (now the members'), the new member
 * definitions, and a union elsewhere that read the old definition through and now lists its
 * members, are that one restructure.
 */
export function joinUnionRestructures(facts: readonly RecordFacts[], uf: UnionFind): void {
  for (const r of facts) {
    const members = r.change.after?.['members'];
    if (r.change.source !== 'schema' || typeof members !== 'string') continue;
    // A definition whose name stayed (its own record), or whose old shape moved to a member's name (the rename's old side).
    const name = r.change.id === 'definition-renamed' ? (r.change.section.old ?? r.change.subject) : r.change.subject;
    const names = new Set([...members.split(' | '), ...(r.change.id === 'definition-renamed' ? [name] : [])]);
    const word = new RegExp(`\\b${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`);
    for (const f of facts) {
      if (f === r || f.change.source !== 'schema') continue;
      const { change } = f;
      const fieldOfIt = change.kind === 'schema-field' && f.direction === 'removed' && change.section.old === name;
      const member = change.kind === 'definition' && f.direction === 'added' && names.has(change.subject);
      const before = typeof change.before?.text === 'string' ? change.before.text : '';
      const after = typeof change.after?.text === 'string' ? change.after.text : '';
      const readThrough = change.kind === 'schema-field' && f.direction === 'changed' && word.test(before) && [...names].filter((m) => after.includes(m)).length >= 2;
      if (fieldOfIt || member || readThrough) uf.union(r.index, f.index);
    }
  }
}

/**
 * 3c. A definition that came (or went) and its own fields that came (or went) with it are one
 * change: a new base shape whose fields existing messages inherit ("New definition `Pageable`"
 * and "New field `Pageable.cursor`, inherited by …") is one thing the revision added.
 */
export function joinFieldsToTheirNewOwner(facts: readonly RecordFacts[], uf: UnionFind): void {
  const definitions = new Map<string, number>();
  for (const f of facts) {
    if (f.change.kind !== 'definition' || f.change.source !== 'schema' || f.direction === 'changed') continue;
    for (const name of f.about) definitions.set(`${f.direction}\u0000${name}`, f.index);
  }
  if (definitions.size === 0) return;
  const fieldsOf = new Map<number, RecordFacts[]>();
  for (const f of facts) {
    if (!f.field || f.change.source !== 'schema' || f.direction === 'changed' || !inherited(f)) continue;
    const owner = definitions.get(`${f.direction}\u0000${canonicalName(fieldOwner(f.change.subject))}`);
    if (owner !== undefined) fieldsOf.set(owner, [...(fieldsOf.get(owner) ?? []), f]);
  }
  for (const [owner, fields] of fieldsOf) {
    // A base of one or two fields brings one thing; one of many (a metadata object's keys) brings several, each a change of its own.
    if (fields.length <= MIXIN_FIELDS) for (const f of fields) uf.union(owner, f.index);
  }
}

const MIXIN_FIELDS = 2;

/**
 * 3e. A shape that came (or went) and that only messages which came (or went) with it use
 * (the params of a removed request) is part of their change: it joins the first of them.
 */
export function joinShapesToTheirUsers(facts: readonly RecordFacts[], uf: UnionFind): void {
  const arrivals = new Map<string, number>();
  for (const f of facts) {
    // Messages only: a shape used by another new shape is told with that shape's own story, not pulled into it.
    if (f.change.source !== 'schema' || f.direction === 'changed' || f.change.kind !== 'message') continue;
    for (const name of f.about) if (!arrivals.has(`${f.direction}\u0000${name}`)) arrivals.set(`${f.direction}\u0000${name}`, f.index);
  }
  for (const f of facts) {
    if (f.change.source !== 'schema' || f.change.kind !== 'definition' || f.direction === 'changed') continue;
    const users = (f.direction === 'removed' ? f.change.before : f.change.after)?.['usedBy'];
    if (!Array.isArray(users) || users.length === 0) continue;
    const anchors = users.map((u) => arrivals.get(`${f.direction}\u0000${canonicalName(String(u))}`));
    if (anchors.every((a) => a !== undefined)) uf.union(anchors[0]!, f.index);
  }
}

/**
 * 3f. A shape that came (or went) for one use is part of that use's change: the type of a new
 * field (`Widget.mode: WidgetMode`), or a name given to the union a field now holds. A union
 * whose members all came (or went) themselves is one change with them. A shape no changed
 * field holds (a name given to an inline shape that stayed) stands on its own.
 */
export function joinShapesToTheirUse(facts: readonly RecordFacts[], uf: UnionFind): void {
  const definitions = new Map<string, number>();
  const fieldsOf = new Map<string, RecordFacts[]>();
  for (const f of facts) {
    if (f.change.source !== 'schema') continue;
    if (f.change.kind === 'definition' && f.direction !== 'changed') definitions.set(`${f.direction}\u0000${f.change.subject}`, f.index);
    if (f.field) pushTo(fieldsOf, `${f.change.section.new ?? f.change.section.old}`, f);
  }
  for (const f of facts) {
    if (f.change.source !== 'schema' || f.change.kind !== 'definition' || f.direction === 'changed') continue;
    const side = (f.direction === 'removed' ? f.change.before : f.change.after)!;
    const name = f.change.subject;
    const members = typeAtoms(side.text);
    // A union of shapes that all came (or went) with it only names them together.
    // (Not when one of them carries on an old shape: then the union names what was there, and says so on its own.)
    const memberRecords = members.length >= 2 ? members.map((m) => definitions.get(`${f.direction}\u0000${m}`)) : [];
    if (memberRecords.length > 0 && memberRecords.every((m) => m !== undefined && !carriesOldShape(facts[m]!))) {
      for (const m of memberRecords) uf.union(m!, f.index);
      continue;
    }
    const users = Array.isArray(side['usedBy']) ? (side['usedBy'] as unknown[]).map(String) : [];
    if (users.length === 0) continue;
    // A user whose field is not told apart (an heir of a changed base, folded into the base's record) does not count against it.
    const use = users.map((user) => (fieldsOf.get(user) ?? []).find((field) => isUseOf(field, f.direction, name, members))).find((u) => u !== undefined);
    if (use) uf.union(use.index, f.index);
  }
}

/** A new definition that names a shape the old revision spelled inline (the schema differ's `names` / `alternativeOf`). */
function carriesOldShape(f: RecordFacts): boolean {
  const side = f.change.after;
  return side !== null && (side['names'] !== undefined || side['alternativeOf'] !== undefined);
}

/** A type atom's name, without the list marks around it (`Widget[]`, `array of Widget`). */
const atomName = (atom: string) => atom.replace(/\[\]$/, '').replace(/^array of /, '');

/**
 * A field record that is a use of the shape: a field that came (or went) with the shape as its
 * whole type, or, for a union shape, a field that now holds all of its members. A field that
 * gained several new shapes (a result union that grew) is no one shape's use.
 */
export function isUseOf(field: RecordFacts, direction: RecordFacts['direction'], name: string, members: readonly string[]): boolean {
  const side = field.direction === 'removed' ? field.change.before : field.change.after;
  const types = typeAtoms(String(side?.text ?? '')).map(atomName);
  if (members.length >= 2) return field.direction !== (direction === 'added' ? 'removed' : 'added') && (types.includes(name) || members.every((m) => types.includes(m)));
  return field.direction === direction && types.length === 1 && types[0] === name;
}

/**
 * 3c'. A field that only some alternatives of a union carry (the schema differ lists them on
 * the record's side) came or went with those alternatives: a new field found only in a new
 * member, or a field "now optional" because a new member lacks it, is that member's change.
 */
export function joinFieldsToTheirAlternatives(facts: readonly RecordFacts[], uf: UnionFind): void {
  const definitions = new Map<string, number>();
  for (const f of facts) {
    if (f.change.kind !== 'definition' || f.change.source !== 'schema' || f.direction === 'changed') continue;
    for (const name of f.about) if (!definitions.has(`${f.direction}\u0000${name}`)) definitions.set(`${f.direction}\u0000${name}`, f.index);
  }
  if (definitions.size === 0) return;
  for (const f of facts) {
    if (!f.field || f.change.source !== 'schema') continue;
    const alternatives = (f.direction === 'removed' ? f.change.before : f.change.after)?.['alternatives'] as { definedIn: string[]; absentFrom: string[] } | undefined;
    // A field every alternative carries belongs to the message, whatever each alternative requires.
    if (!alternatives || alternatives.absentFrom.length === 0) continue;
    // Which members explain the record: those that brought (or took) the field, or, for a field that stopped being required everywhere, those that lack it.
    const [direction, members] = f.direction === 'changed' ? ['added', alternatives.absentFrom] as const : [f.direction, alternatives.definedIn] as const;
    const anchors = members.map((m) => definitions.get(`${direction}\u0000${canonicalName(m)}`));
    if (anchors.length > 0 && anchors.every((a) => a !== undefined)) uf.union(anchors[0]!, f.index);
  }
}

/** A schema field record at a base that other definitions extend (schema/inherited.ts lists them on its sides). */
function inherited(f: RecordFacts): boolean {
  const side = f.direction === 'removed' ? f.change.before : f.change.after;
  return Array.isArray(side?.['inheritors']) && side['inheritors'].length > 0;
}

/**
 * 3d. A union whose every member that joined (or left) came (or went) as a definition of its
 * own ("Union `Events` widened to … | `DoneEvent`", with "New definition `DoneEvent`") says
 * nothing those definitions' changes do not: it is their evidence, not a change of its own.
 * It joins the change of its first such member.
 */
export function joinUnionGrowthToMembers(facts: readonly RecordFacts[], uf: UnionFind): void {
  const definitions = new Map<string, number>();
  for (const f of facts) {
    if (f.change.source !== 'schema' || f.direction === 'changed' || !['definition', 'message'].includes(f.change.kind)) continue;
    for (const name of f.about) if (!definitions.has(`${f.direction}\u0000${name}`)) definitions.set(`${f.direction}\u0000${name}`, f.index);
  }
  if (definitions.size === 0) return;
  for (const f of facts) {
    if (f.change.source !== 'schema' || f.change.kind !== 'schema-field' || /[.[{]/.test(f.change.subject)) continue;
    const before = unionMembers(f.change.before?.text);
    const after = unionMembers(f.change.after?.text);
    if (!before || !after) continue;
    const joined = [...after].filter((m) => !before.has(m));
    const left = [...before].filter((m) => !after.has(m));
    const anchors = [...joined.map((m) => definitions.get(`added\u0000${canonicalName(m)}`)), ...left.map((m) => definitions.get(`removed\u0000${canonicalName(m)}`))];
    if (anchors.length > 0 && anchors.every((a) => a !== undefined)) uf.union(anchors[0]!, f.index);
  }
}

/** The members of a union written "Name: A | B | C", or null when the text is no such union. */
function unionMembers(text: string | undefined): Set<string> | null {
  const match = /^[\w$.-]+: ([\w$.-]+(?: \| [\w$.-]+)+)$/.exec(text ?? '');
  return match ? new Set(match[1]!.split(' | ')) : null;
}

/**
 * 3g. A field made required for what it must now carry: a field that became required and the
 * required fields that came inside it (their records write them within it: `meta["x"]`,
 * `meta.x`), sent by the same party, are one new duty to send them. So is a new duty that
 * names that field in code and calls what it asks for required ("Every request MUST include
 * the required `meta` fields"): it says the same thing in words.
 */
export function joinRequiredContainers(facts: readonly RecordFacts[], uf: UnionFind): void {
  for (const container of facts) {
    if (container.change.id !== 'field-became-required' || container.change.source !== 'schema' || !container.field) continue;
    const leaf = container.field.leaf;
    const sender = container.change.after?.['mustSend'];
    const contents = facts.filter((f) => f.change.id === 'required-field-added' && f.change.source === 'schema' && writtenWithin(String(f.change.after?.text ?? ''), leaf) && f.change.after?.['mustSend'] === sender);
    if (contents.length === 0) continue;
    for (const f of contents) uf.union(container.index, f.index);
    const name = canonicalName(leaf);
    for (const f of facts) {
      if (f.change.kind !== 'rule' || f.direction !== 'added' || f.change.informative || !f.mentions.new.has(name)) continue;
      if (strength(keywordOf(f)) >= strength('MUST') && /\brequired\b/i.test(String(f.change.after?.text ?? ''))) uf.union(container.index, f.index);
    }
  }
}

/** A field's record written inside another field (`meta["x"]: …`, `meta.x: …`). */
function writtenWithin(text: string, leaf: string): boolean {
  return text.startsWith(`${leaf}[`) || text.startsWith(`${leaf}.`);
}

/**
 * 5b. A shape that came (or went) whose only user is one other shape that came (or went) with
 * it, directly or through the definitions that inherit that shape's fields (`Icon`, the item
 * type of the new `Icons.icons` that six definitions inherit; `InputResponse`, the value type
 * of the new map `InputResponses`), is part of that shape's story: one change with it.
 */
export function joinShapesToTheirOneUser(facts: readonly RecordFacts[], uf: UnionFind): void {
  const shapes = new Map<string, number>();
  const heirs = new Map<string, string>();
  for (const f of facts) {
    if (f.change.source !== 'schema' || f.direction === 'changed') continue;
    // A shape that only names one the old revision spelled inline tells no story of its own to join.
    if (f.change.kind === 'definition' && !carriesOldShape(f) && f.change.level !== 'editorial') shapes.set(`${f.direction}\u0000${f.change.subject}`, f.index);
    const side = f.direction === 'removed' ? f.change.before : f.change.after;
    const owner = f.change.section.new ?? f.change.section.old;
    if (f.field && owner && Array.isArray(side?.['inheritors'])) for (const heir of side['inheritors'] as unknown[]) heirs.set(`${f.direction}\u0000${String(heir)}`, owner);
  }
  // Only a shape that is a change of its own so far: one a page or section already took in stays there.
  const alone = lonelyRecords(facts, uf);
  for (const f of facts) {
    if (f.change.source !== 'schema' || f.change.kind !== 'definition' || f.direction === 'changed' || !alone.has(f.index)) continue;
    const users = (f.direction === 'removed' ? f.change.before : f.change.after)?.['usedBy'];
    if (!Array.isArray(users) || users.length === 0) continue;
    // Each user as the shape that came with it: itself, or the shape whose fields it inherits.
    const owners = new Set(users.map((u) => {
      const name = String(u);
      return shapes.has(`${f.direction}\u0000${name}`) ? name : heirs.get(`${f.direction}\u0000${name}`) ?? null;
    }));
    if (owners.size !== 1 || owners.has(null)) continue;
    const name = [...owners][0]!;
    // Through heirs only beside the shape itself: the heirs hold it because they inherit that shape's field.
    if (!users.some((u) => String(u) === name)) continue;
    const owner = shapes.get(`${f.direction}\u0000${name}`);
    if (owner !== undefined && owner !== f.index) uf.union(owner, f.index);
  }
}

/**
 * 6b. New fields whose whole type is a shape that came with a page or section of its own (the
 * `task` parameter of several requests, typed by the new feature's `TaskMetadata`) are how a
 * message takes part in that feature: part of its change, not a change of their own. Only
 * fields that are a change of their own so far: a field of a new shape stays with that shape.
 */
export function joinFieldsToTheirNewType(facts: readonly RecordFacts[], uf: UnionFind): void {
  const shapes = new Map<string, number>();
  for (const f of facts) if (f.change.source === 'schema' && f.change.kind === 'definition' && f.direction === 'added') shapes.set(f.change.subject, f.index);
  if (shapes.size === 0) return;
  const homes = new Set(facts.filter((f) => f.direction === 'added' && (f.change.id === 'page-added' || f.change.kind === 'section')).map((f) => uf.find(f.index)));
  // Only a field that is a change of its own so far (with the same field of other messages): one that is part of a larger story stays there.
  const onlyFields = new Map<number, boolean>();
  for (const f of facts) onlyFields.set(uf.find(f.index), (onlyFields.get(uf.find(f.index)) ?? true) && f.field !== null && f.change.source === 'schema');
  for (const f of facts) {
    if (!f.field || f.change.source !== 'schema' || f.direction !== 'added' || !onlyFields.get(uf.find(f.index))) continue;
    const types = typeAtoms(String(f.change.after?.text ?? '')).map(atomName);
    const shape = types.length === 1 ? shapes.get(types[0]!) : undefined;
    if (shape !== undefined && homes.has(uf.find(shape))) uf.union(shape, f.index);
  }
}
