import { parseAllDocuments } from 'yaml';
import { InputError } from '../errors.ts';
import { isSchemaValue, notSchemaMessage } from '../schema/recognize.ts';

/**
 * JSON Schema written in YAML (`schema.yaml`): recognised before the content sniffing of
 * kind.ts, which would otherwise read it as a Markdown page, and handed on as JSON text so
 * the one schema reader serves both spellings. Line numbers in schema records then count
 * lines of that JSON, not of the YAML file.
 */

const YAML_FILE = /\.ya?ml$/i;
/** The first line that is neither blank nor a comment opens a mapping: `key:` or `"key":`. */
const OPENS_MAPPING = /^(?:\s*(?:#.*)?\n)*(?:["']?[\w$@-][\w$@./-]*["']?)\s*:(?:\s|$)/;

/** The schema as JSON text when `text` is YAML holding a JSON Schema; null when it is something else (a page, JSON). */
export function yamlSchemaAsJson(text: string, label: string): string | null {
  const named = YAML_FILE.test(label);
  if (!named && !OPENS_MAPPING.test(text)) return null;
  const documents = parseAllDocuments(text);
  if (!Array.isArray(documents) || documents.length !== 1) {
    if (named) throw new InputError(`${label} holds ${Array.isArray(documents) ? documents.length : 0} YAML documents; a schema file holds exactly one.`);
    return null;
  }
  const document = documents[0]!;
  const error = document.errors[0];
  if (error) {
    if (!named) return null;
    throw new InputError(`${label} is not valid YAML (line ${error.linePos?.[0]?.line ?? '?'}: ${error.message.split('\n')[0]}).`);
  }
  let value: unknown;
  try {
    value = document.toJS({ maxAliasCount: 1000 });
  } catch (caught) {
    throw new InputError(`${label} cannot be read as YAML (${(caught as Error).message}).`);
  }
  if (isSchemaValue(value)) return JSON.stringify(value, null, 2);
  if (named) throw new InputError(notSchemaMessage(label, value, 'YAML'));
  return null;
}
