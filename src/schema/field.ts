import { isObject } from '../core/objects.ts';
import type { Constraints } from './constraints.ts';
import type { JsonValue } from './load.ts';

/**
 * A field of a definition, and how its path is written: the unit both the walker that
 * builds fields (flatten.ts) and everything that reads them (model, differ, linter) share.
 */

/** A field of a definition. The definition's own shape is the field with path `''`. */
export interface SchemaField {
  /** Relative to the definition: `''`, `params`, `params.widgetId`, `content[]`, `_meta{}`. */
  path: string;
  line: number | null;
  required: boolean;
  /** Sorted atoms: `string`, `integer`, `number`, `boolean`, `null`, `object`, `array`, `any`, `never`, `→Name` (a reference). */
  types: string[];
  /** Canonical JSON of the enum / const values, sorted; null when any value of the types is allowed. */
  values: string[] | null;
  /** `allOf` references (bases the shape extends), sorted. */
  extends: string[];
  /** For objects: may it carry properties it does not list? null when not an object. */
  additional: 'open' | 'closed' | null;
  /**
   * For objects that say so explicitly: patterns (regular-expression sources) of the property
   * names they admit with any value at all; `''` (matches every name) for
   * `additionalProperties: true` or a schema that constrains nothing, the pattern itself for a
   * `patternProperties` entry that constrains nothing. Absent when the object declares no such
   * thing: a bare object is open only by JSON Schema's default, which generated schemas leave
   * unsaid, so a property it stops listing is gone; one these patterns match is merely no
   * longer typed (schema/diff/field-presence.ts).
   */
  untypedKeys?: string[];
  /** Bounds, lengths, pattern, format…: see constraints.ts. */
  constraints: Constraints;
  description: string | null;
  /** Canonical JSON of the `default` value, when the schema gives one. */
  default?: string;
  /** `deprecated: true` (JSON Schema 2019-09 annotation): still valid, announced for removal. */
  deprecated?: boolean;
  /**
   * For a field read through a union of definitions (schema/diff/unions.ts) that not every
   * member has alike: the members that define it, require it, and lack it. A field that only
   * some alternatives carry belongs to those alternatives, not to the message as a whole.
   */
  alternatives?: { definedIn: string[]; requiredIn: string[]; absentFrom: string[] };
}

/** Appends a property to a path; a key that would be ambiguous in a dotted path is written `["key"]`. */
export function join(path: string, key: string): string {
  if (key === '' || /[.[\]{}"\s]/.test(key)) return `${path}[${JSON.stringify(key)}]`;
  return path === '' ? key : `${path}.${key}`;
}

/** `params` for `params.x`, `content` for `content[]`, `''` for a top-level field. */
export function parentPath(path: string): string {
  const match = /(?:\.[^.[\]{}"]+|\[\d*\]|\{\}|\["(?:[^"\\]|\\.)*"\])$/.exec(path);
  return match ? path.slice(0, match.index) : '';
}

export function canonical(value: JsonValue): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k] as JsonValue)}`).join(',')}}`;
  return JSON.stringify(value);
}
