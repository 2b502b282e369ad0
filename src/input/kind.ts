import { isSchemaValue } from '../schema/recognize.ts';
import { typeDeclarationFile } from '../model/typescript.ts';

export type DocumentKind = 'page' | 'schema';

/**
 * What a text is, from its content rather than its name: JSON that passes the schema rule
 * (src/schema/recognize.ts) is a schema, and so is a TypeScript module of type declarations;
 * other JSON is rejected by the caller; anything else is read as a Markdown/MDX page.
 */
export function detectKind(text: string): DocumentKind | 'json' {
  const trimmed = text.trimStart();
  // A module of TypeScript declarations (`schema.ts`) is a schema written in TypeScript (model/typescript.ts).
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return typeDeclarationFile(text) ? 'schema' : 'page';
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
