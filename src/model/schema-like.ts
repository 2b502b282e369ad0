import { isObject } from '../core/objects.ts';

const JSON_SCHEMA_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const JSON_SCHEMA_KEYWORDS = new Set([
  'properties', 'required', 'items', 'enum', 'const', 'oneOf', 'anyOf', 'allOf', 'format', 'pattern',
  'minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems', 'default', 'title', 'description',
  'additionalProperties', '$ref', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'uniqueItems',
]);

/** A JSON Schema written as an example: a known `type` beside at least one schema keyword. */
export function isSchemaLike(value: unknown): value is Record<string, unknown> {
  if (!isObject(value)) return false;
  const type = value['type'];
  const types = Array.isArray(type) ? type : [type];
  if (!types.every((t) => typeof t === 'string' && JSON_SCHEMA_TYPES.has(t))) return false;
  return Object.keys(value).some((key) => key !== 'type' && JSON_SCHEMA_KEYWORDS.has(key));
}

interface SchemaExampleField {
  path: string;
  name: string;
  type: string | null;
  required: boolean;
  options: string[];
}

/**
 * Fields a schema example defines. An object schema defines its properties (required
 * when listed in `required`); a property schema defines its keywords, none required.
 */
export function schemaExampleFields(schema: Record<string, unknown>): SchemaExampleField[] {
  const properties = schema['properties'];
  if (isObject(properties)) {
    const required = new Set(Array.isArray(schema['required']) ? schema['required'].filter((r) => typeof r === 'string') : []);
    return Object.entries(properties).map(([name, sub]) => ({
      path: `properties.${name}`,
      name,
      type: isObject(sub) && typeof sub['type'] === 'string' ? sub['type'] : null,
      required: required.has(name),
      options: isObject(sub) && Array.isArray(sub['enum']) ? sub['enum'].map(String) : [],
    }));
  }
  return Object.keys(schema)
    .filter((key) => key !== 'type')
    .map((name) => ({ path: name, name, type: null, required: false, options: [] }));
}

export function schemaTypeOf(schema: Record<string, unknown>): string {
  const type = schema['type'];
  return Array.isArray(type) ? type.join('|') : String(type);
}
