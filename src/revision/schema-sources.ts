import type { Change } from '../records/change.ts';

/**
 * A revision whose schema is written in two files (a `schema.json` generated from a
 * `schema.ts`, both kept beside each other) is read from both, and the two diffs are held
 * against each other: where they agree (the same record: id and subject) the first file's
 * record stands; where only one reports something, its record is kept and says so, naming
 * the file that said it and the one that did not (`sources`, and the message's last words);
 * where both report it at different levels, the first file's record names the other's level.
 * A generator's own decisions (a union spelled out, a type narrowed to `integer`, a tag it
 * does not carry over) then show as what they are: one file's reading.
 */
interface SchemaSource {
  /** The file's name (`schema.json`). */
  name: string;
  /** Its diff between the two revisions, `source: 'schema'`. */
  changes: readonly Change[];
}

export function holdSchemaSources(first: SchemaSource, second: SchemaSource): Change[] {
  const key = (c: Change) => `${c.id}\u0000${c.subject}`;
  const secondByKey = new Map<string, Change>();
  for (const change of second.changes) if (!secondByKey.has(key(change))) secondByKey.set(key(change), change);
  const firstKeys = new Set(first.changes.map(key));
  const out: Change[] = [];
  for (const change of first.changes) {
    const other = secondByKey.get(key(change));
    if (!other) {
      out.push(onlyIn(change, first.name, second.name));
      continue;
    }
    if (other.level !== change.level) {
      out.push({ ...change, sources: [first.name, second.name], message: `${change.message} (${second.name} rates it ${other.level}.)` });
      continue;
    }
    out.push(change);
  }
  for (const change of second.changes) if (!firstKeys.has(key(change))) out.push(onlyIn(change, second.name, first.name));
  return out;
}

function onlyIn(change: Change, said: string, silent: string): Change {
  return { ...change, sources: [said], message: `${change.message} (Only ${said} says so; ${silent} does not.)` };
}
