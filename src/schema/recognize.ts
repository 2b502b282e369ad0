import { isObject } from '../core/objects.ts';

/**
 * The one rule for "is this JSON a JSON Schema?", used both where an input's kind is
 * sniffed (diff, lint) and where a schema is read, so the two can never disagree, and the
 * one sentence that says why a JSON document is not a schema.
 *
 * Enough is any of: a `$schema` naming a json-schema.org dialect; a `$defs` or `definitions`
 * object; or a root described with schema keywords (an object of `properties`, `items`, a
 * `$ref`, a non-empty `anyOf`/`oneOf`/`allOf`, or `type` naming JSON Schema types). Not
 * enough: a `$schema` naming something else (that is a document declaring the schema it
 * follows, like a tsconfig.json) or a `type` that is no JSON Schema type (package.json's
 * `"type": "module"`).
 */

const JSON_TYPES = new Set(['object', 'array', 'string', 'number', 'integer', 'boolean', 'null']);
const COMBINATORS = ['anyOf', 'oneOf', 'allOf'] as const;

export function isSchemaValue(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  return declaresDialect(value) || hasDefinitions(value) || describesRoot(value);
}

/** `SOURCE is JSON but not a JSON Schema: why.` for a parsed value that fails the rule. */
export function notSchemaMessage(source: string, value: unknown, format: 'JSON' | 'YAML' = 'JSON'): string {
  if (!isObject(value)) {
    const top = Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`;
    return `${source} is ${format} but not a JSON Schema: its top level is ${top}, not an object.`;
  }
  const keys = Object.keys(value);
  const listed = keys.length === 0 ? 'it is an empty object' : `its top-level keys are ${keys.slice(0, 4).map((k) => `"${k}"`).join(', ')}${keys.length > 4 ? ', …' : ''}`;
  const type = value['type'];
  const badType = type !== undefined && !isTypeKeyword(type) ? `, and "type": ${JSON.stringify(type).slice(0, 40)} is not a JSON Schema type` : '';
  const dialect = typeof value['$schema'] === 'string' ? ` (its "$schema" names a document it follows, not the JSON Schema dialect)` : '';
  return `${source} is ${format} but not a JSON Schema: a schema has a "$schema" naming json-schema.org${dialect}, a "$defs" or "definitions" object, or "properties", "items", "type", "$ref", "anyOf", "oneOf" or "allOf" describing its root; ${listed}${badType}.`;
}

function declaresDialect(value: Record<string, unknown>): boolean {
  const declared = value['$schema'];
  return typeof declared === 'string' && /^https?:\/\/json-schema\.org\//i.test(declared);
}

function hasDefinitions(value: Record<string, unknown>): boolean {
  return isObject(value['$defs']) || isObject(value['definitions']);
}

function describesRoot(value: Record<string, unknown>): boolean {
  if (isObject(value['properties'])) return true;
  if (isObject(value['items']) || typeof value['items'] === 'boolean') return true;
  if (typeof value['$ref'] === 'string') return true;
  if (COMBINATORS.some((key) => Array.isArray(value[key]) && (value[key] as unknown[]).length > 0)) return true;
  return isTypeKeyword(value['type']);
}

function isTypeKeyword(type: unknown): boolean {
  if (typeof type === 'string') return JSON_TYPES.has(type);
  return Array.isArray(type) && type.length > 0 && type.every((t) => typeof t === 'string' && JSON_TYPES.has(t));
}
