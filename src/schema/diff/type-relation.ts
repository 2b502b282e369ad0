/**
 * How two sets of type atoms relate: the same, one admitting more (widened), fewer
 * (narrowed), or neither. `any` covers everything, `never` is covered by everything, and
 * `number` covers `integer`, so these are not read as type changes.
 */

type Relation = 'same' | 'widened' | 'narrowed' | 'changed';

function covers(set: readonly string[], atom: string): boolean {
  return set.includes(atom) || set.includes('any') || atom === 'never' || (atom === 'integer' && set.includes('number'));
}

export function relation(before: readonly string[], after: readonly string[]): Relation {
  const grew = before.every((t) => covers(after, t));
  const shrank = after.every((t) => covers(before, t));
  if (grew && shrank) return 'same';
  if (grew) return 'widened';
  if (shrank) return 'narrowed';
  return 'changed';
}
