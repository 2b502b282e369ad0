import { isObject } from '../core/objects.ts';
import { combinedConstraints, NO_CONSTRAINTS, readConstraints, unionConstraints, type Constraints } from './constraints.ts';
import { canonical, join, parentPath, type SchemaField } from './field.ts';
import type { JsonObject, JsonValue, LoadedSchema } from './load.ts';
import { refTarget, targetDefinition } from './refs.ts';

/**
 * The walker: one definition's schema read into fields addressed by paths. Each keyword
 * family is a step of its own (annotations, reference, types, values, object, array,
 * unions, intersections), run in that order on one `Reading` of the field, because later
 * steps read what earlier ones found (an object is implied only when no type was declared).
 * Steps that descend call `flatten` again, so they live in this file with it.
 */

/** A `$ref` as written, with its JSON path, for the dangling-reference check. */
export interface WrittenRef {
  ref: string;
  jsonPath: (string | number)[];
}

/** What one definition's walk collects: its fields in document order, and the references it wrote. */
export interface Walk {
  fields: Map<string, SchemaField>;
  refs: Set<string>;
  written: WrittenRef[];
  loaded: LoadedSchema;
}

/** A field being read: where it is, and the type atoms and values its keywords gave so far. */
interface Reading {
  field: SchemaField;
  path: string;
  jsonPath: (string | number)[];
  required: boolean;
  depth: number;
  atoms: Set<string>;
  values: Set<string>;
  /** Whether `values` limits the field (an enum, a const, or branches that all do), rather than being empty of meaning. */
  constrainedValues: boolean;
}

const MAX_DEPTH = 64;

const ANNOTATIONS = new Set(['description', 'title', '$comment', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', '$id', '$anchor']);

/** Flattens one (sub)schema into `walk.fields` at `path`, merging when the path already exists (branches). */
export function flatten(schema: JsonValue, path: string, jsonPath: (string | number)[], required: boolean, walk: Walk, depth: number): SchemaField {
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
  if (constrainsNothing(schema) || !isObject(schema)) return put(walk, readKeywordless(schema, field));

  const reading: Reading = { field, path, jsonPath, required, depth, atoms: new Set(), values: new Set(), constrainedValues: false };
  readAnnotations(schema, field);
  field.constraints = readConstraints(schema);
  const hasRef = readReference(schema, reading, walk);
  readDeclaredTypes(schema, reading);
  // A declared `type` beside a `$ref` does not stop values or members from implying their own types.
  const declaredTypes = reading.atoms.size > 0 && !hasRef;
  readValues(schema, reading, declaredTypes);
  flattenObject(schema, reading, walk, declaredTypes, hasRef);
  flattenArray(schema, reading, walk, declaredTypes);
  flattenUnions(schema, reading, walk);
  flattenIntersection(schema, reading, walk);

  if (reading.atoms.size === 0) reading.atoms.add(field.extends.length > 0 ? 'object' : 'any');
  field.types = [...reading.atoms].sort();
  field.values = reading.constrainedValues ? [...reading.values].sort() : null;
  return put(walk, field);
}

/** `true`, `{}` or annotations alone admit anything; `false` admits nothing; anything else not an object is read as anything. */
function readKeywordless(schema: JsonValue, field: SchemaField): SchemaField {
  if (constrainsNothing(schema)) {
    field.types = ['any'];
    if (isObject(schema)) readAnnotations(schema, field);
    return field;
  }
  field.types = [schema === false ? 'never' : 'any'];
  return field;
}

function readAnnotations(schema: JsonObject, field: SchemaField): void {
  if (typeof schema['description'] === 'string') field.description = schema['description'];
  if (schema['default'] !== undefined) field.default = canonical(schema['default'] as JsonValue);
  if (schema['deprecated'] === true) field.deprecated = true;
}

/** A `$ref` is a type atom (`→Name`); references stay references, so a self-referencing schema cannot make the walk loop. */
function readReference(schema: JsonObject, reading: Reading, walk: Walk): boolean {
  const ref = schema['$ref'];
  if (typeof ref !== 'string') return false;
  reading.atoms.add(`→${noteReference(walk, ref, [...reading.jsonPath, '$ref'])}`);
  return true;
}

function readDeclaredTypes(schema: JsonObject, reading: Reading): void {
  const type = schema['type'];
  if (typeof type === 'string') reading.atoms.add(type);
  else if (Array.isArray(type)) for (const t of type) if (typeof t === 'string') reading.atoms.add(t);
}

/** `const` and `enum` limit the values (both: only what both allow), and imply their types when none was declared. */
function readValues(schema: JsonObject, reading: Reading, declaredTypes: boolean): void {
  const { atoms, values } = reading;
  if ('const' in schema) {
    reading.constrainedValues = true;
    values.add(canonical(schema['const'] as JsonValue));
    if (!declaredTypes) atoms.add(typeOfValue(schema['const'] as JsonValue));
  }
  if (Array.isArray(schema['enum'])) {
    const listed = new Set<string>();
    for (const v of schema['enum']) listed.add(canonical(v));
    if (reading.constrainedValues) {
      for (const v of [...values]) if (!listed.has(v)) values.delete(v);
    } else {
      reading.constrainedValues = true;
      for (const v of listed) values.add(v);
    }
    if (!declaredTypes) for (const v of schema['enum']) atoms.add(typeOfValue(v));
  }
}

/** Objects: properties, required, additionalProperties (open or closed, and what it admits untyped). */
function flattenObject(schema: JsonObject, reading: Reading, walk: Walk, declaredTypes: boolean, hasRef: boolean): void {
  const { field, path, jsonPath, depth, atoms } = reading;
  const properties = isObject(schema['properties']) ? schema['properties'] : null;
  const requiredList = new Set(Array.isArray(schema['required']) ? schema['required'].filter((r): r is string => typeof r === 'string') : []);
  const objectish = properties !== null || 'additionalProperties' in schema || 'patternProperties' in schema || atoms.has('object');
  if (objectish && !declaredTypes && !hasRef && !atoms.has('object')) atoms.add('object');
  if (objectish) field.additional = schema['additionalProperties'] === false || schema['unevaluatedProperties'] === false ? 'closed' : 'open';
  const untyped = untypedKeyPatterns(schema);
  if (untyped.length > 0) field.untypedKeys = untyped;
  if (properties) {
    for (const [key, child] of Object.entries(properties)) {
      flatten(child, join(path, key), [...jsonPath, 'properties', key], requiredList.has(key), walk, depth + 1);
    }
  }
  const ap = schema['additionalProperties'];
  if (ap !== undefined && ap !== false && !constrainsNothing(ap)) {
    flatten(ap, `${path}{}`, [...jsonPath, 'additionalProperties'], true, walk, depth + 1);
  }
}

/** Arrays: items (a schema, or a draft-07 tuple), prefixItems (a 2020-12 tuple). */
function flattenArray(schema: JsonObject, reading: Reading, walk: Walk, declaredTypes: boolean): void {
  const { path, jsonPath, depth, atoms } = reading;
  const items = schema['items'];
  if (Array.isArray(items)) items.forEach((item, i) => flatten(item, `${path}[${i}]`, [...jsonPath, 'items', i], true, walk, depth + 1));
  else if (items !== undefined && items !== true) flatten(items, `${path}[]`, [...jsonPath, 'items'], true, walk, depth + 1);
  if (Array.isArray(schema['prefixItems'])) {
    schema['prefixItems'].forEach((item, i) => flatten(item, `${path}[${i}]`, [...jsonPath, 'prefixItems', i], true, walk, depth + 1));
  }
  if ((items !== undefined || 'prefixItems' in schema) && !declaredTypes && !atoms.has('array')) atoms.add('array');
}

/**
 * Unions (`anyOf`, `oneOf`): a `$ref` branch is a type atom; inline branches merge into the
 * same path. The values stay limited only when every branch of every union limits them.
 */
function flattenUnions(schema: JsonObject, reading: Reading, walk: Walk): void {
  let unionUnconstrained = false;
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches)) continue;
    if (flattenAlternatives(branches, keyword, reading, walk) && branches.length > 0) reading.constrainedValues = true;
    else unionUnconstrained = true;
  }
  if (unionUnconstrained && !('const' in schema) && !Array.isArray(schema['enum'])) reading.constrainedValues = false;
}

/** One union's branches, read into the field; true when every branch limits the values. */
function flattenAlternatives(branches: JsonValue[], keyword: 'anyOf' | 'oneOf', reading: Reading, walk: Walk): boolean {
  const { field, path, jsonPath, required, depth, atoms, values } = reading;
  const inlineRequired: Set<string>[] = [];
  const branchShapes: { types: string[]; constraints: Constraints }[] = [];
  let allInline = true;
  let allConstrained = true;
  branches.forEach((branch, i) => {
    const branchPath = [...jsonPath, keyword, i];
    if (isObject(branch) && typeof branch['$ref'] === 'string' && onlyRefAndAnnotations(branch)) {
      atoms.add(`→${noteReference(walk, branch['$ref'], [...branchPath, '$ref'])}`);
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
  return allConstrained;
}

/** Intersections (`allOf`): `$ref` branches are bases the shape extends; inline branches add their members and constraints. */
function flattenIntersection(schema: JsonObject, reading: Reading, walk: Walk): void {
  const allOf = schema['allOf'];
  if (!Array.isArray(allOf)) return;
  const { field, path, jsonPath, required, depth, atoms, values } = reading;
  const bases = new Set<string>();
  allOf.forEach((branch, i) => {
    const branchPath = [...jsonPath, 'allOf', i];
    if (isObject(branch) && typeof branch['$ref'] === 'string' && onlyRefAndAnnotations(branch)) {
      bases.add(noteReference(walk, branch['$ref'], [...branchPath, '$ref']));
      return;
    }
    const sub: Walk = { ...walk, fields: new Map() };
    const own = flatten(branch, path, branchPath, required, sub, depth + 1);
    for (const t of own.types) if (t !== 'any') atoms.add(t);
    if (own.values) {
      reading.constrainedValues = true;
      for (const v of own.values) values.add(v);
    }
    if (own.additional === 'closed') field.additional = 'closed';
    else if (own.additional === 'open' && field.additional === null) field.additional = 'open';
    field.constraints = combinedConstraints(field.constraints, own.constraints);
    for (const [p, f] of sub.fields) if (p !== path) put(walk, { ...f });
  });
  field.extends = [...bases].sort();
}

/** Records a written `$ref` (for the dangling-reference check) and the definition it names; returns its target. */
function noteReference(walk: Walk, ref: string, refPath: (string | number)[]): string {
  const target = refTarget(ref);
  walk.written.push({ ref, jsonPath: refPath });
  const def = targetDefinition(target);
  if (def !== null) walk.refs.add(def);
  return target;
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

function onlyRefAndAnnotations(schema: JsonObject): boolean {
  return Object.keys(schema).every((k) => k === '$ref' || ANNOTATIONS.has(k));
}

function typeOfValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Puts a field at its path, merging it into the one already there (a union's branches meet at one path). */
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
