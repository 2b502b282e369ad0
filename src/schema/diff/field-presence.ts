import { NO_CONSTRAINTS } from '../constraints.ts';
import type { Shift } from '../levels.ts';
import { parentPath, type SchemaDefinition, type SchemaField } from '../model.ts';
import { WRAPPER } from './context.ts';
import { compareField } from './field-changes.ts';
import type { DefinitionPair } from './field-records.ts';

/**
 * Which fields of a pair of definitions were added, removed or kept: added and kept ones in
 * the new order (kept ones compared by field-changes.ts), then removed ones in the old order.
 * A field inside an added or removed parent is the parent's record, and an item or value
 * wrapper appears or vanishes with its parent's type change.
 */
export function diffFieldPresence(pair: DefinitionPair): void {
  const { o, n, oldFields, newFields, subjectOf } = pair;
  const skip = envelopeMembers(o, n);
  for (const [path, nf] of newFields) {
    if (skip(path)) continue;
    const wrapperOnBoth = WRAPPER.test(path) && sameContainer(oldFields.get(parentPath(path)), newFields.get(parentPath(path)), path);
    if (WRAPPER.test(path) && !oldFields.has(path) && !wrapperOnBoth) continue; // the parent's type change says it
    const of = oldFields.get(path) ?? (wrapperOnBoth ? anyField(path, oldFields.get(parentPath(path))?.line ?? null) : undefined);
    if (!of) {
      if (path === '' || (parentPath(path) !== '' && !oldFields.has(parentPath(path)))) continue; // inside an added parent
      const required = nf.required && !WRAPPER.test(path);
      pair.emitField(
        { id: required ? 'required-field-added' : 'field-added', subject: subjectOf(path), before: null, after: pair.side(path, nf) },
        required ? 'obligation' : null,
        path,
        null,
      );
      continue;
    }
    compareField(pair, path, of, nf, subjectOf(path));
  }
  for (const [path, of] of oldFields) {
    if (skip(path) || newFields.has(path) || path === '') continue;
    if (WRAPPER.test(path) && newFields.has(parentPath(path))) {
      if (sameContainer(oldFields.get(parentPath(path)), newFields.get(parentPath(path)), path)) compareField(pair, path, of, anyField(path, newFields.get(parentPath(path))?.line ?? null), subjectOf(path));
      continue;
    }
    if (parentPath(path) !== '' && !newFields.has(parentPath(path))) continue; // inside a removed parent
    const parent = oldFields.get(parentPath(path));
    const required = of.required && !WRAPPER.test(path);
    if (!required && stillAdmitted(path, newFields.get(parentPath(path)))) continue;
    const shift: Shift | null = required ? (parent?.additional === 'closed' ? null : 'widening') : null;
    pair.emitField(
      { id: required ? 'required-field-removed' : 'field-removed', subject: subjectOf(path), before: pair.side(path, of), after: null },
      shift,
      path,
      of,
    );
  }
}

const ENVELOPE_FIELDS = new Set(['jsonrpc', 'id']);

/**
 * JSON-RPC's own members are framing, not shape: a message (or a base shape with a `method`,
 * such as a paginated request) that starts spelling them out has not changed what it carries.
 */
function envelopeMembers(o: SchemaDefinition, n: SchemaDefinition): (path: string) => boolean {
  const isMessage = o.message !== null && n.message !== null;
  const framed = isMessage || (isMethodShaped(o) && isMethodShaped(n));
  return (path: string) => framed && ENVELOPE_FIELDS.has(path);
}

/** A request or notification shape, concrete or not: it has a top-level `method` member. */
function isMethodShaped(def: SchemaDefinition): boolean {
  return def.fields.has('method');
}

/** Both parents are arrays (for `x[]`) or both objects (for `x{}`), so their items or values can be compared. */
function sameContainer(a: SchemaField | undefined, b: SchemaField | undefined, path: string): boolean {
  if (!a || !b) return false;
  const kind = path.endsWith('{}') ? 'object' : 'array';
  return a.types.includes(kind) && b.types.includes(kind);
}

/**
 * An optional property the new object no longer lists but still admits with any value, by an
 * explicit declaration (`additionalProperties: true` / `{}`, or a `patternProperties` entry that
 * constrains nothing and matches its name): it is not removed, only no longer typed, and no
 * sender or receiver of the old shape is wrong under the new one, so there is no record. At most
 * its value was loosened from its old type to anything; the object's own declaration already
 * tells receivers to expect untyped properties, and its description says what may appear.
 * A required property still needs its record: senders need no longer send it.
 */
function stillAdmitted(path: string, parent: SchemaField | undefined): boolean {
  const key = lastKey(path);
  if (key === null || !parent?.untypedKeys) return false;
  return parent.untypedKeys.some((pattern) => {
    try {
      return new RegExp(pattern, 'u').test(key);
    } catch {
      return false; // a pattern JavaScript cannot read admits nothing we can vouch for
    }
  });
}

/** The property name a path ends with (`a.b` → `b`, `a["x.y"]` → `x.y`); null for items and values (`[]`, `{}`). */
function lastKey(path: string): string | null {
  const rest = path.slice(parentPath(path).length);
  if (rest.startsWith('["')) return JSON.parse(rest.slice(1, -1)) as string;
  if (rest === '' || rest.startsWith('[') || rest.startsWith('{')) return null;
  return rest.replace(/^\./, '');
}

/** The implicit `{}` of an array or object that does not constrain its items or values: reported at its parent's line. */
function anyField(path: string, line: number | null): SchemaField {
  return { path, line, required: true, types: ['any'], values: null, extends: [], additional: null, constraints: NO_CONSTRAINTS, description: null };
}
