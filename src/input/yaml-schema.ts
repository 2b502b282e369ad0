import { InputError } from '../core/errors.ts';
import { readYaml } from '../model/yaml.ts';
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
  const read = readYaml(text, label);
  if (!read.ok) {
    // Text that is not one YAML document may still be a page or JSON; a cap passed is refused whatever the name.
    if (!named && (read.syntax || read.documents !== 1)) return null;
    throw new InputError(`${read.problem}${read.documents === 1 ? '' : '; a schema file holds exactly one'}.`);
  }
  if (isSchemaValue(read.value)) return JSON.stringify(read.value, null, 2);
  if (named) throw new InputError(notSchemaMessage(label, read.value, 'YAML'));
  return null;
}
