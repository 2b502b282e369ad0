import type { Diagnostic } from '../model/diagnostic.ts';
import { loadSchema, type JsonObject, type JsonValue, type LoadedSchema } from './load.ts';
import { constraintsSignature } from './constraints.ts';
import type { SchemaField } from './field.ts';
import { flatten, type Walk, type WrittenRef } from './flatten.ts';
import { isDefinitionTarget, resolveRef } from './refs.ts';
import { CONSTANT_MARK } from '../model/typescript.ts';
import { isObject } from '../core/objects.ts';

export { canonical, parentPath, type SchemaField } from './field.ts';

/**
 * The JSON Schema model: every definition (draft-07 `definitions` and 2020-12 `$defs`
 * alike) flattened into fields addressed by paths (`params.widgetId`, `content[]`,
 * `_meta{}`), each with its types, required-ness, enum / const values, `allOf` bases,
 * `additionalProperties` and value constraints (bounds, lengths, pattern, format). References stay references (`→Name`): nothing is expanded, so a
 * self-referencing schema cannot make the model loop. How one definition's schema becomes
 * fields is flatten.ts; what a field is, field.ts.
 */

export interface MessageInfo {
  method: string;
  /** Top-level fields of the JSON-RPC envelope the definition spells out itself. */
  jsonrpc: boolean;
  id: boolean;
  params: boolean;
}

export interface SchemaDefinition {
  name: string;
  /** JSON pointer of the definition in its document (`#/$defs/X`). */
  pointer: string;
  line: number | null;
  /** Document order. */
  index: number;
  description: string | null;
  /** In document order; `fields.get('')` is the definition's own shape. */
  fields: Map<string, SchemaField>;
  /** Set when the definition is a method-bearing message (`method` has a single string const). */
  message: MessageInfo | null;
  /** Set when the definition fixes a JSON-RPC error code (`code` or `error.code` has a single integer const). */
  errorCode: number | null;
  /** Every definition this one references (fields, branches, bases), in first-seen order. */
  refs: string[];
  /** Shape identity: fields without descriptions, lines or key order. */
  signature: string;
  /** Set for an error-code constant of TypeScript declarations (`const PARSE_ERROR = -32700`): it names a code, it is no shape. */
  constant?: true;
}

export interface SchemaModel {
  source: string;
  /** `$schema` as written, or null. */
  dialect: string | null;
  defsKey: '$defs' | 'definitions' | null;
  definitions: SchemaDefinition[];
  byName: Map<string, SchemaDefinition>;
  diagnostics: Diagnostic[];
  /** Line lookup by JSON path, for callers that need more than the definitions' lines. */
  lineAt: LoadedSchema['lineAt'];
  root: JsonObject;
}

/** Name given to a root schema that describes a shape itself (besides, or instead of, definitions). */
const ROOT_DEFINITION = '#';

export function parseSchemaText(text: string, source = 'the schema'): SchemaModel {
  const loaded = loadSchema(text, source);
  return buildModel(loaded, source);
}

export function buildModel(loaded: LoadedSchema, source: string): SchemaModel {
  const { value: root, defsKey } = loaded;
  const diagnostics: Diagnostic[] = [...(loaded.notes ?? [])];
  const definitions: SchemaDefinition[] = [];
  const byName = new Map<string, SchemaDefinition>();

  const written = new Map<SchemaDefinition, WrittenRef[]>();
  const add = (name: string, schema: JsonValue, jsonPath: (string | number)[], pointer: string) => {
    const { def, refs } = buildDefinition(name, schema, jsonPath, pointer, definitions.length, loaded);
    definitions.push(def);
    byName.set(name, def);
    written.set(def, refs);
  };

  if (hasOwnShape(root)) add(ROOT_DEFINITION, rootShape(root), [], '#');
  // A file may carry both blocks (a hand-written mix); read both, 2020-12 first.
  for (const key of ['$defs', 'definitions'] as const) {
    const block = root[key];
    if (!isObject(block)) continue;
    for (const [name, schema] of Object.entries(block)) {
      if (byName.has(name)) {
        diagnostics.push({ severity: 'warning', message: `Definition "${name}" is defined in both "$defs" and "definitions"; the first one is used.`, line: loaded.lineAt([key, name]), source });
        continue;
      }
      add(name, schema, [key, name], `#/${key}/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`);
    }
  }

  checkReferences(definitions, written, root, loaded, diagnostics, source);
  return { source, dialect: loaded.dialect, defsKey, definitions, byName, diagnostics, lineAt: loaded.lineAt, root };
}

function hasOwnShape(root: JsonObject): boolean {
  return ['properties', 'anyOf', 'oneOf', 'allOf', '$ref', 'items', 'enum', 'const'].some((k) => k in root) || (typeof root['type'] === 'string' || Array.isArray(root['type']));
}

function rootShape(root: JsonObject): JsonObject {
  const shape: JsonObject = {};
  for (const [key, value] of Object.entries(root)) if (key !== '$defs' && key !== 'definitions' && key !== '$schema' && key !== '$id') shape[key] = value;
  return shape;
}

// ── Definitions → fields ────────────────────────────────────────────────────────────────

function buildDefinition(
  name: string,
  schema: JsonValue,
  jsonPath: (string | number)[],
  pointer: string,
  index: number,
  loaded: LoadedSchema,
): { def: SchemaDefinition; refs: WrittenRef[] } {
  const walk: Walk = { fields: new Map(), refs: new Set(), written: [], loaded };
  flatten(schema, '', jsonPath, true, walk, 0);
  const own = walk.fields.get('');
  const description = isObject(schema) && typeof schema['description'] === 'string' ? schema['description'] : null;
  const def: SchemaDefinition = {
    name,
    pointer,
    line: loaded.lineAt(jsonPath),
    index,
    description,
    fields: walk.fields,
    message: null,
    errorCode: null,
    refs: [...walk.refs],
    signature: '',
  };
  if (own) own.line = def.line;
  if (isObject(schema) && schema[CONSTANT_MARK] === true) def.constant = true;
  def.message = messageInfo(def);
  def.errorCode = errorCodeOf(def);
  def.signature = signatureOf(def.fields);
  return { def, refs: walk.written };
}

// ── What a definition is ──────────────────────────────────────────────────────────────────

function messageInfo(def: SchemaDefinition): MessageInfo | null {
  const method = def.fields.get('method');
  if (!method || !method.values || method.values.length !== 1) return null;
  const value = JSON.parse(method.values[0] as string) as unknown;
  if (typeof value !== 'string') return null;
  return { method: value, jsonrpc: def.fields.has('jsonrpc'), id: def.fields.has('id'), params: def.fields.has('params') };
}

function errorCodeOf(def: SchemaDefinition): number | null {
  for (const path of ['code', 'error.code']) {
    const field = def.fields.get(path);
    if (!field?.values || field.values.length !== 1) continue;
    const value = JSON.parse(field.values[0] as string) as unknown;
    if (typeof value === 'number' && Number.isInteger(value)) return value;
  }
  return null;
}

/** One line per field: path, required-ness, types, values, bases, openness, constraints. No descriptions, lines or key order. */
function fieldSignature(field: SchemaField): string {
  return [field.path, field.required ? 'R' : 'O', field.types.join('|'), field.values?.join('|') ?? '*', field.extends.join('&'), field.additional ?? '', constraintsSignature(field.constraints)].join(' ');
}

function signatureOf(fields: Map<string, SchemaField>): string {
  return [...fields.values()].map(fieldSignature).sort().join('\n');
}

// ── References ────────────────────────────────────────────────────────────────────────────

function checkReferences(
  definitions: SchemaDefinition[],
  written: Map<SchemaDefinition, WrittenRef[]>,
  root: JsonObject,
  loaded: LoadedSchema,
  diagnostics: Diagnostic[],
  source: string,
): void {
  for (const def of definitions) {
    for (const { ref, jsonPath } of written.get(def) ?? []) {
      const resolution = resolveRef(root, ref);
      if (resolution.ok) continue;
      if (resolution.reason === 'external' || loaded.declarations) continue;
      diagnostics.push({
        severity: 'error',
        message: `In ${def.name === ROOT_DEFINITION ? 'the root schema' : `definition "${def.name}"`}, "$ref": "${ref}" points at nothing in this file.`,
        line: loaded.lineAt(jsonPath) ?? def.line,
        source,
      });
    }
    // A definition that is nothing but a chain of references back to itself describes no value.
    const own = def.fields.get('');
    if (own && own.types.length === 1 && own.types[0]?.startsWith('→') && def.fields.size === 1) {
      const seen = new Set<string>([def.name]);
      let target = own.types[0].slice(1);
      while (isDefinitionTarget(target)) {
        if (seen.has(target)) {
          if (target === def.name) {
            diagnostics.push({ severity: 'error', message: `Definition "${def.name}" is only a cycle of references (${[...seen, target].join(' → ')}) that never reaches a shape.`, line: def.line, source });
          }
          break;
        }
        seen.add(target);
        const next = definitions.find((d) => d.name === target);
        const nextOwn = next?.fields.get('');
        if (!next || !nextOwn || next.fields.size !== 1 || nextOwn.types.length !== 1 || !nextOwn.types[0]?.startsWith('→')) break;
        target = nextOwn.types[0].slice(1);
      }
    }
  }
}
