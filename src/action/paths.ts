import { InputError } from '../core/errors.ts';

/**
 * The Action's `spec` input: one or more spec folders of the repository, each diffed base
 * against head, each optionally with its JSON Schema written after a `+`:
 *
 *     spec: |
 *       docs/specification/draft + schema/draft/schema.json
 *       docs/extensions/tasks
 *
 * Entries are separated by newlines or commas. The older single-folder form keeps working:
 * one folder in `spec` and its schema in the `schema` input.
 */
interface SpecPath {
  spec: string;
  schema?: string;
}

export function parseSpecPaths(specInput: string | undefined, schemaInput: string | undefined): SpecPath[] {
  const entries = (specInput ?? '').split(/[\n,]/).map((e) => e.trim()).filter((e) => e !== '');
  if (entries.length === 0) throw new InputError('the input `spec` is not set: name the folder of spec pages, e.g. docs/specification/draft (one per line for several).');
  const paths = entries.map((entry): SpecPath => {
    const parts = entry.split(/\s+\+\s+/).map((p) => p.trim());
    if (parts.length > 2 || parts.some((p) => p === '')) throw new InputError(`the \`spec\` entry "${entry}" is not FOLDER or FOLDER + SCHEMA.`);
    return parts[1] ? { spec: parts[0]!, schema: parts[1] } : { spec: parts[0]! };
  });
  const seen = new Set<string>();
  for (const { spec } of paths) {
    if (seen.has(spec)) throw new InputError(`the input \`spec\` names ${spec} twice.`);
    seen.add(spec);
  }
  if (schemaInput) {
    if (paths.length > 1) throw new InputError('the input `schema` names one schema, but `spec` lists several folders: write each folder\'s schema after it, as FOLDER + SCHEMA.');
    if (paths[0]!.schema) throw new InputError(`the schema of ${paths[0]!.spec} is given twice (in \`spec\` after "+" and in \`schema\`); keep one.`);
    paths[0]!.schema = schemaInput;
  }
  return paths;
}
