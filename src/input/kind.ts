import { isSchemaValue } from '../schema/recognize.ts';

export type DocumentKind = 'page' | 'schema';

/**
 * What a text is, from its content rather than its name: JSON that passes the schema rule
 * (src/schema/recognize.ts) is a schema; other JSON is rejected by the caller; anything else
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
  return isSchemaValue(value) ? 'schema' : 'json';
}
