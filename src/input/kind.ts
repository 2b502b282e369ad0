import { isObject } from '../model/json.ts';

export type DocumentKind = 'page' | 'schema';

/** Keywords only a JSON Schema document has at its top. */
const SCHEMA_MARKERS = ['$schema', 'definitions', '$defs', 'properties', '$ref', 'anyOf', 'oneOf', 'allOf', 'type'];

/**
 * What a text is, from its content rather than its name: a JSON object with JSON Schema
 * keywords at the top is a schema; other JSON is rejected by the caller; anything else
 * is read as a Markdown/MDX page.
 */
export function detectKind(text: string): DocumentKind | 'json' {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return 'page';
  let value: unknown;
  try {
    value = JSON.parse(trimmed);
  } catch {
    // Starts like JSON but is not: a page that opens with a brace is rare; a broken schema
    // is likelier, and the schema reader reports where it breaks.
    return /^\{\s*"/.test(trimmed) ? 'schema' : 'page';
  }
  if (isObject(value) && SCHEMA_MARKERS.some((key) => key in value)) return 'schema';
  return 'json';
}
