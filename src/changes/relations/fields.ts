import { dice } from '../../diff/similarity.ts';
import type { RecordFacts } from '../facts.ts';
import type { UnionFind } from './union-find.ts';

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
