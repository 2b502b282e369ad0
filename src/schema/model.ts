import type { Diagnostic } from '../model/diagnostic.ts';
import { loadSchema, type JsonObject, type JsonValue, type LoadedSchema } from './load.ts';
import { combinedConstraints, constraintsSignature, NO_CONSTRAINTS, readConstraints, unionConstraints, type Constraints } from './constraints.ts';
import { isDefinitionTarget, refTarget, resolveRef, targetDefinition } from './refs.ts';
import { CONSTANT_MARK } from '../model/typescript.ts';
import { isObject } from '../core/objects.ts';

/**
 * The JSON Schema model: every definition (draft-07 `definitions` and 2020-12 `$defs`
 * alike) flattened into fields addressed by paths (`params.widgetId`, `content[]`,
 * `_meta{}`), each with its types, required-ness, enum / const values, `allOf` bases,
 * `additionalProperties` and value constraints (bounds, lengths, pattern, format). References stay references (`→Name`): nothing is expanded, so a
 * self-referencing schema cannot make the model loop.
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
   * longer typed (schema/diff.ts).
   */
  untypedKeys?: string[];
  /** Bounds, lengths, pattern, format…: see constraints.ts. */
  constraints: Constraints;
  description: string | null;
  /** Canonical JSON of the `default` value, when the schema gives one. */
  default?: string;
  /** `deprecated: true` (JSON Schema 2019-09 annotation): still valid, announced for removal. */
  deprecated?: boolean;
}

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
export const ROOT_DEFINITION = '#';

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

/** A `$ref` as written, with its JSON path, for the dangling-reference check. */
interface WrittenRef {
  ref: string;
  jsonPath: (string | number)[];
}

interface Walk {
  fields: Map<string, SchemaField>;
  refs: Set<string>;
  written: WrittenRef[];
  loaded: LoadedSchema;
}

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

const MAX_DEPTH = 64;

/** Flattens one (sub)schema into `walk.fields` at `path`, merging when the path already exists (branches). */
function flatten(schema: JsonValue, path: string, jsonPath: (string | number)[], required: boolean, walk: Walk, depth: number): SchemaField {
  const field: SchemaField = {
    path,
    line: walk.loaded.lineAt(jsonPath),
    required,
    types: [],
    values: null,
    extends: [],
    additional: null,
    constraints: NO_CONSTRAINTS,
    description: null,
  };
  // Reserve the slot first so that fields keep document order (a parent before its children).
  if (!walk.fields.has(path)) walk.fields.set(path, field);
  if (depth > MAX_DEPTH) {
    field.types = ['any'];
    return put(walk, field);
  }
  if (schema === true || (isObject(schema) && Object.keys(schema).every((k) => ANNOTATIONS.has(k)))) {
    field.types = ['any'];
    if (isObject(schema) && typeof schema['description'] === 'string') field.description = schema['description'];
    if (isObject(schema) && schema['default'] !== undefined) field.default = canonical(schema['default'] as JsonValue);
    if (isObject(schema) && schema['deprecated'] === true) field.deprecated = true;
    return put(walk, field);
  }
  if (!isObject(schema)) {
    field.types = [schema === false ? 'never' : 'any'];
    return put(walk, field);
  }

  const atoms = new Set<string>();
  const values = new Set<string>();
  let constrainedValues = false;
  if (typeof schema['description'] === 'string') field.description = schema['description'];
  if (schema['default'] !== undefined) field.default = canonical(schema['default'] as JsonValue);
  if (schema['deprecated'] === true) field.deprecated = true;
  field.constraints = readConstraints(schema);

  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    const target = refTarget(ref);
    atoms.add(`→${target}`);
    walk.written.push({ ref, jsonPath: [...jsonPath, '$ref'] });
    const def = targetDefinition(target);
    if (def !== null) walk.refs.add(def);
  }

  const type = schema['type'];
  if (typeof type === 'string') atoms.add(type);
  else if (Array.isArray(type)) for (const t of type) if (typeof t === 'string') atoms.add(t);
  const declaredTypes = atoms.size > 0 && typeof ref !== 'string';

  if ('const' in schema) {
    constrainedValues = true;
    values.add(canonical(schema['const'] as JsonValue));
    if (!declaredTypes) atoms.add(typeOfValue(schema['const'] as JsonValue));
  }
  if (Array.isArray(schema['enum'])) {
    const listed = new Set<string>();
    for (const v of schema['enum']) listed.add(canonical(v));
    if (constrainedValues) {
      for (const v of [...values]) if (!listed.has(v)) values.delete(v);
    } else {
      constrainedValues = true;
      for (const v of listed) values.add(v);
    }
    if (!declaredTypes) for (const v of schema['enum']) atoms.add(typeOfValue(v));
  }

  // Objects: properties, required, additionalProperties.
  const properties = isObject(schema['properties']) ? schema['properties'] : null;
  const requiredList = new Set(Array.isArray(schema['required']) ? schema['required'].filter((r): r is string => typeof r === 'string') : []);
  const objectish = properties !== null || 'additionalProperties' in schema || 'patternProperties' in schema || atoms.has('object');
  if (objectish && !declaredTypes && typeof ref !== 'string' && !atoms.has('object')) atoms.add('object');
  if (objectish) field.additional = schema['additionalProperties'] === false || schema['unevaluatedProperties'] === false ? 'closed' : 'open';
  const untyped = untypedKeyPatterns(schema);
  if (untyped.length > 0) field.untypedKeys = untyped;
  if (properties) {
    for (const [key, child] of Object.entries(properties)) {
      flatten(child, join(path, key), [...jsonPath, 'properties', key], requiredList.has(key), walk, depth + 1);
    }
  }
  const ap = schema['additionalProperties'];
  if (ap !== undefined && ap !== false && ap !== true && !(isObject(ap) && Object.keys(ap).every((k) => ANNOTATIONS.has(k)))) {
    flatten(ap, `${path}{}`, [...jsonPath, 'additionalProperties'], true, walk, depth + 1);
  }

  // Arrays: items (schema or draft-07 tuple), prefixItems (2020-12 tuple).
  const items = schema['items'];
  if (Array.isArray(items)) items.forEach((item, i) => flatten(item, `${path}[${i}]`, [...jsonPath, 'items', i], true, walk, depth + 1));
  else if (items !== undefined && items !== true) flatten(items, `${path}[]`, [...jsonPath, 'items'], true, walk, depth + 1);
  if (Array.isArray(schema['prefixItems'])) {
    schema['prefixItems'].forEach((item, i) => flatten(item, `${path}[${i}]`, [...jsonPath, 'prefixItems', i], true, walk, depth + 1));
  }
  if ((items !== undefined || 'prefixItems' in schema) && !declaredTypes && !atoms.has('array')) atoms.add('array');

  // Unions: a $ref branch is a type atom; inline branches merge into the same path.
  let unionUnconstrained = false;
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    const inlineRequired: Set<string>[] = [];
    const branchShapes: { types: string[]; constraints: Constraints }[] = [];
    let allInline = true;
    let allConstrained = true;
    branches.forEach((branch, i) => {
      const branchPath = [...jsonPath, keyword, i];
      if (isObject(branch) && typeof branch['$ref'] === 'string' && onlyRefAndAnnotations(branch)) {
        const target = refTarget(branch['$ref']);
        atoms.add(`→${target}`);
        walk.written.push({ ref: branch['$ref'], jsonPath: [...branchPath, '$ref'] });
        const def = targetDefinition(target);
        if (def !== null) walk.refs.add(def);
        allInline = false;
        allConstrained = false;
        return;
      }
      const sub: Walk = { ...walk, fields: new Map() };
      const own = flatten(branch, path, branchPath, required, sub, depth + 1);
      for (const t of own.types) atoms.add(t);
      if (own.values) for (const v of own.values) values.add(v);
      else allConstrained = false;
      if (own.additional === 'open') field.additional = 'open';
      else if (own.additional === 'closed' && field.additional === null) field.additional = 'closed';
      if (own.extends.length) field.extends = [...new Set([...field.extends, ...own.extends])].sort();
      branchShapes.push({ types: own.types, constraints: own.constraints });
      const requiredHere = new Set<string>();
      for (const [p, f] of sub.fields) {
        if (p === path) continue;
        if (f.required && parentPath(p) === path) requiredHere.add(p);
        put(walk, { ...f, required: parentPath(p) === path ? false : f.required });
      }
      inlineRequired.push(requiredHere);
    });
    // A property of inline branches is required only when every branch requires it.
    if (allInline) {
      for (const p of inlineRequired[0] ?? []) {
        const f = walk.fields.get(p);
        if (f && inlineRequired.every((set) => set.has(p))) f.required = true;
      }
    }
    // A value may match any branch: only what every branch demands constrains it.
    if (allInline && branchShapes.length > 0) field.constraints = combinedConstraints(field.constraints, unionConstraints(branchShapes));
    if (allConstrained && branches.length > 0) constrainedValues = true;
    else unionUnconstrained = true;
  }
  if (unionUnconstrained && !('const' in schema) && !Array.isArray(schema['enum'])) constrainedValues = false;

  // Intersections: $ref branches are bases; inline branches add their constraints.
  const allOf = schema['allOf'];
  if (Array.isArray(allOf)) {
    const bases = new Set<string>();
    allOf.forEach((branch, i) => {
      const branchPath = [...jsonPath, 'allOf', i];
      if (isObject(branch) && typeof branch['$ref'] === 'string' && onlyRefAndAnnotations(branch)) {
        const target = refTarget(branch['$ref']);
        bases.add(target);
        walk.written.push({ ref: branch['$ref'], jsonPath: [...branchPath, '$ref'] });
        const def = targetDefinition(target);
        if (def !== null) walk.refs.add(def);
        return;
      }
      const sub: Walk = { ...walk, fields: new Map() };
      const own = flatten(branch, path, branchPath, required, sub, depth + 1);
      for (const t of own.types) if (t !== 'any') atoms.add(t);
      if (own.values) {
        constrainedValues = true;
        for (const v of own.values) values.add(v);
      }
      if (own.additional === 'closed') field.additional = 'closed';
      else if (own.additional === 'open' && field.additional === null) field.additional = 'open';
      field.constraints = combinedConstraints(field.constraints, own.constraints);
      for (const [p, f] of sub.fields) if (p !== path) put(walk, { ...f });
    });
    field.extends = [...bases].sort();
  }

  if (atoms.size === 0) atoms.add(field.extends.length > 0 ? 'object' : 'any');
  field.types = [...atoms].sort();
  field.values = constrainedValues ? [...values].sort() : null;
  return put(walk, field);
}

/** See `SchemaField.untypedKeys`: the explicit declarations that admit property names with any value. */
function untypedKeyPatterns(schema: JsonObject): string[] {
  const out: string[] = [];
  if (constrainsNothing(schema['additionalProperties'])) out.push('');
  const patterns = schema['patternProperties'];
  if (isObject(patterns)) for (const [pattern, sub] of Object.entries(patterns)) if (constrainsNothing(sub)) out.push(pattern);
  return out;
}

function constrainsNothing(schema: JsonValue | undefined): boolean {
  return schema === true || (isObject(schema) && Object.keys(schema).every((k) => ANNOTATIONS.has(k)));
}

const ANNOTATIONS = new Set(['description', 'title', '$comment', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', '$id', '$anchor']);

function onlyRefAndAnnotations(schema: JsonObject): boolean {
  return Object.keys(schema).every((k) => k === '$ref' || ANNOTATIONS.has(k));
}

function put(walk: Walk, field: SchemaField): SchemaField {
  const existing = walk.fields.get(field.path);
  if (existing === field) return field;
  if (!existing) {
    walk.fields.set(field.path, field);
    return field;
  }
  mergeField(existing, field);
  return existing;
}

function mergeField(into: SchemaField, from: SchemaField): void {
  into.constraints = unionConstraints([into, from]); // before the types merge: it reads each side's own
  const types = new Set([...into.types, ...from.types]);
  if (types.size > 1) types.delete('any');
  into.types = [...types].sort();
  into.values = into.values && from.values ? [...new Set([...into.values, ...from.values])].sort() : null;
  into.extends = [...new Set([...into.extends, ...from.extends])].sort();
  into.required = into.required || from.required;
  if (from.additional === 'open' || into.additional === null) into.additional = from.additional ?? into.additional;
  into.description ??= from.description;
  if (from.deprecated) into.deprecated = true;
  into.line ??= from.line;
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

function typeOfValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
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
export function fieldSignature(field: SchemaField): string {
  return [field.path, field.required ? 'R' : 'O', field.types.join('|'), field.values?.join('|') ?? '*', field.extends.join('&'), field.additional ?? '', constraintsSignature(field.constraints)].join(' ');
}

export function signatureOf(fields: Map<string, SchemaField>): string {
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
