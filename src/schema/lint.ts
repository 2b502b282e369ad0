import { findNodeAtLocation, parseTree, type Node as JsonNode } from 'jsonc-parser';
import { lineLocator } from '../model/lines.ts';
import { analyzeSchema, type SchemaAnalysis } from './analysis.ts';
import { type JsonObject, type JsonValue } from './load.ts';
import { canonical, type SchemaModel } from './model.ts';
import { resolveRef } from './refs.ts';
import { envelopeLabel, type Envelope } from '../core/envelopes.ts';
import { isObject } from '../core/objects.ts';

/**
 * Cross-checks a page's JSON examples against the same revision's schema: a field the
 * schema does not define, a value outside an enum or const, a method the schema does not
 * know, a message shown in another envelope than the schema gives it. Each finding carries
 * the line in the page. Works on any page model that exposes its code blocks with their
 * fence line, raw text and parsed JSON.
 */

export interface LintCodeBlock {
  line: number;
  /** The page line of the value's first line; null when its lines are not page lines (then findings point at `line`). */
  bodyLine?: number | null;
  value?: string;
  json?: unknown;
}

export interface LintPage {
  codeBlocks: readonly LintCodeBlock[];
  /** Optional: what the page model knows about each example (used to tell which method a bare result answers). */
  messages?: readonly { line: number; method: string | null; envelope: string }[];
}

export type FindingKind = 'unknown-method' | 'unknown-field' | 'value-not-allowed' | 'envelope-mismatch';

export interface LintFinding {
  kind: FindingKind;
  severity: 'error' | 'warning';
  message: string;
  /** Line in the page. */
  line: number;
  /** Where in the example (`params.widgetId`), or '' for the example itself. */
  path: string;
  method: string | null;
  /** The schema definition the example was checked against. */
  definition: string | null;
}

export function lintPage(page: LintPage, schema: SchemaModel | SchemaAnalysis): LintFinding[] {
  const analysis = 'model' in schema ? schema : analyzeSchema(schema);
  const findings: LintFinding[] = [];
  // The method each example was read as, by its line: looked up once per example, not searched (a 4 MB page holds thousands).
  const methodAt = new Map<number, string | null>();
  for (const message of page.messages ?? []) if (!methodAt.has(message.line)) methodAt.set(message.line, message.method);
  for (const block of page.codeBlocks) {
    if (block.json === undefined) continue;
    const locate = locator(block);
    const values = Array.isArray(block.json) ? block.json.map((v, i) => ({ value: v as unknown, at: [i] as (string | number)[] })) : [{ value: block.json, at: [] as (string | number)[] }];
    for (const { value, at } of values) {
      if (!isObject(value)) continue;
      const known = methodAt.get(block.line) ?? null;
      checkExample(analysis, value as JsonObject, at, known, locate, findings);
    }
  }
  return findings.sort((a, b) => a.line - b.line || a.path.localeCompare(b.path));
}

type Locate = (path: readonly (string | number)[]) => number;

function checkExample(analysis: SchemaAnalysis, value: JsonObject, at: (string | number)[], knownMethod: string | null, locate: Locate, out: LintFinding[]): void {
  const method = typeof value['method'] === 'string' ? value['method'] : null;
  const framed = 'jsonrpc' in value || 'id' in value;
  if (method !== null) {
    const message = analysis.messages.get(method);
    if (!message) {
      out.push({ kind: 'unknown-method', severity: 'error', message: `The schema defines no message with method \`${method}\`.`, line: locate([...at, 'method']), path: 'method', method, definition: null });
      return;
    }
    const def = message.definition;
    const shownAs: Envelope | null = framed ? ('id' in value ? 'request' : 'notification') : null;
    if (shownAs && message.envelope === 'embedded') {
      out.push({
        kind: 'envelope-mismatch',
        severity: 'error',
        message: `\`${method}\` is shown as a ${envelopeLabel(shownAs)}, but the schema defines it as an ${envelopeLabel(message.envelope)}${message.container ? ` (delivered inside \`${message.container}\`)` : ''}.`,
        line: locate(at),
        path: '',
        method,
        definition: def.name,
      });
    }
    // The envelope members are JSON-RPC's, whether or not the definition spells them out.
    const body: JsonObject = {};
    for (const [k, v] of Object.entries(value)) if (!(k === 'jsonrpc' || k === 'id') || def.fields.has(k)) body[k] = v;
    validate(analysis.model, schemaOf(analysis.model, def.name), body, at, { method, definition: def.name, locate, out });
    return;
  }
  if (framed && isObject(value['result']) && knownMethod) {
    const result = resultDefinition(analysis, knownMethod);
    if (result) validate(analysis.model, schemaOf(analysis.model, result), value['result'] as JsonValue, [...at, 'result'], { method: knownMethod, definition: result, locate, out });
  }
}

/**
 * The result definition answering a request: a definition named like the request with
 * `Result` for `Request`, when the schema has one and a party sends it as a result.
 */
function resultDefinition(analysis: SchemaAnalysis, method: string): string | null {
  const request = analysis.messages.get(method)?.definition.name;
  if (!request || !request.endsWith('Request')) return null;
  const name = `${request.slice(0, -'Request'.length)}Result`;
  return analysis.model.byName.has(name) && (analysis.directions.flows.get(name) ?? []).some((f) => f.role === 'result') ? name : null;
}

function schemaOf(model: SchemaModel, name: string): JsonValue {
  const def = model.byName.get(name);
  if (!def) return true;
  const resolved = resolveRef(model.root, def.pointer);
  return resolved.ok ? resolved.value : true;
}

interface Ctx {
  method: string | null;
  definition: string;
  locate: Locate;
  out: LintFinding[];
  /** Keys that sibling `allOf` branches define for the object at `at`. */
  allowed?: { at: string; keys: Set<string> };
}

/** Every property name a schema defines at its own level, through `$ref` and `allOf`; `*` when it admits any key. */
function definedKeys(model: SchemaModel, schema: JsonValue, depth: number): Set<string> {
  const keys = new Set<string>();
  if (!isObject(schema) || depth > 16) return keys;
  if (isObject(schema['properties'])) for (const key of Object.keys(schema['properties'])) keys.add(key);
  if (typeof schema['$ref'] === 'string') {
    const resolved = resolveRef(model.root, schema['$ref']);
    if (resolved.ok) for (const key of definedKeys(model, resolved.value, depth + 1)) keys.add(key);
  }
  for (const keyword of ['allOf', 'anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (Array.isArray(branches)) for (const branch of branches) for (const key of definedKeys(model, branch, depth + 1)) keys.add(key);
  }
  return keys;
}

const MAX_DEPTH = 128;

/** The values a value-not-allowed finding's schema node allowed (for merging a union's branches). */
const ALLOWED = new WeakMap<LintFinding, unknown[]>();

/** The value at a displayed path below `at` (`content[1].type`). */
function valueAt(value: JsonValue, shown: string, at: readonly (string | number)[]): unknown {
  const prefix = display(at);
  const rest = shown.slice(prefix.length).replace(/^\./, '');
  let current: unknown = value;
  for (const match of rest.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (match[2] !== undefined) current = Array.isArray(current) ? current[Number(match[2])] : undefined;
    else current = isObject(current) ? current[match[1] as string] : undefined;
  }
  return current;
}

/** Validates a value; findings go to ctx.out. Only the three disagreements the lint reports, nothing else. */
function validate(model: SchemaModel, schema: JsonValue, value: JsonValue, at: (string | number)[], ctx: Ctx, depth = 0, seen = new Set<string>()): void {
  if (depth > MAX_DEPTH || schema === true || schema === undefined || !isObject(schema)) return;
  const ref = schema['$ref'];
  if (typeof ref === 'string') {
    const key = `${ref}@${at.join('/')}`;
    if (!seen.has(key)) {
      seen.add(key);
      const resolved = resolveRef(model.root, ref);
      if (resolved.ok) validate(model, resolved.value, value, at, ctx, depth + 1, seen);
    }
  }
  if (Array.isArray(schema['allOf'])) {
    // Each branch lists part of the object's fields: a key one branch defines is known to all.
    const here = at.join('\u0000');
    const keys = new Set(ctx.allowed?.at === here ? ctx.allowed.keys : []);
    for (const key of definedKeys(model, schema, 0)) keys.add(key);
    for (const branch of schema['allOf']) validate(model, branch, value, at, { ...ctx, allowed: { at: here, keys } }, depth + 1, seen);
  }
  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schema[keyword];
    if (!Array.isArray(branches) || branches.length === 0) continue;
    // The branch the example fits best: the fewest disagreements, the first among equals.
    let best: LintFinding[] | null = null;
    const trials: LintFinding[][] = [];
    for (const branch of branches) {
      const trial: LintFinding[] = [];
      if (!typeFits(model, branch, value, 0)) continue;
      validate(model, branch, value, at, { ...ctx, out: trial }, depth + 1, new Set(seen));
      trials.push(trial);
      if (best === null || trial.length < best.length) best = trial;
      if (trial.length === 0) break;
    }
    if (!best || best.length === 0) continue;
    // Every branch rejects the same field's value (a discriminator like `type`): say so once, with every allowed value.
    const discriminator = [...(best ?? [])].find((f) => f.kind === 'value-not-allowed' && trials.every((t) => t.some((g) => g.kind === 'value-not-allowed' && g.path === f.path)));
    if (discriminator && trials.length > 1) {
      const allowed = [...new Set(trials.flatMap((t) => t.filter((g) => g.path === discriminator.path).flatMap((g) => ALLOWED.get(g) ?? [])))];
      const shown = JSON.stringify(valueAt(value, discriminator.path, at));
      ctx.out.push({ ...discriminator, message: `\`${discriminator.path}\` is ${shown}, but the schema allows only ${allowed.map((v) => JSON.stringify(v)).join(', ')} there.` });
      continue;
    }
    ctx.out.push(...best);
  }

  if ('const' in schema && canonical(schema['const'] as JsonValue) !== canonical(value)) {
    const f = finding('value-not-allowed', `\`${display(at)}\` is ${JSON.stringify(value)}, but the schema (${ctx.definition}) allows only ${JSON.stringify(schema['const'])}.`, at, ctx);
    ALLOWED.set(f, [schema['const']]);
    ctx.out.push(f);
  } else if (Array.isArray(schema['enum']) && !schema['enum'].some((v) => canonical(v) === canonical(value))) {
    const f = finding('value-not-allowed', `\`${display(at)}\` is ${JSON.stringify(value)}, outside the schema's values (${schema['enum'].map((v) => JSON.stringify(v)).join(', ')}).`, at, ctx);
    ALLOWED.set(f, [...schema['enum']]);
    ctx.out.push(f);
  }

  if (isObject(value)) {
    const properties = isObject(schema['properties']) ? schema['properties'] : null;
    const additional = schema['additionalProperties'];
    const patterns = isObject(schema['patternProperties']) ? Object.keys(schema['patternProperties']) : [];
    for (const [key, child] of Object.entries(value)) {
      const path = [...at, key];
      if (properties && key in properties) {
        validate(model, properties[key] as JsonValue, child, path, ctx, depth + 1, seen);
        continue;
      }
      if (patterns.some((p) => safeRegex(p)?.test(key))) continue;
      if (isObject(additional) && Object.keys(additional).length > 0) {
        validate(model, additional, child, path, ctx, depth + 1, seen);
        continue;
      }
      // Only an object that lists its properties can call a key unknown; one that explicitly
      // admits anything (`additionalProperties: {}` or `true`) cannot.
      if (!properties || additional === true || isObject(additional)) continue;
      if (ctx.allowed?.at === at.join('\u0000') && ctx.allowed.keys.has(key)) continue;
      const closed = additional === false || schema['unevaluatedProperties'] === false;
      ctx.out.push(finding('unknown-field', `\`${display(path)}\` is not a field the schema defines for ${ctx.definition}.`, path, ctx, closed ? 'error' : 'warning'));
    }
  } else if (Array.isArray(value) && schema['items'] !== undefined) {
    const items = schema['items'];
    value.forEach((item, i) => validate(model, Array.isArray(items) ? (items[i] ?? true) : items, item, [...at, i], ctx, depth + 1, seen));
  }
}

/** Cheap pre-check for union branches: does the value's JSON type fit the branch's declared type? */
function typeFits(model: SchemaModel, schema: JsonValue, value: JsonValue, depth: number): boolean {
  if (!isObject(schema) || depth > 8) return true;
  if (typeof schema['$ref'] === 'string') {
    const resolved = resolveRef(model.root, schema['$ref']);
    if (resolved.ok && !typeFits(model, resolved.value, value, depth + 1)) return false;
  }
  const type = schema['type'];
  const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type : null;
  if (!types) return true;
  const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? (Number.isInteger(value) ? 'integer' : 'number') : typeof value;
  return types.some((t) => t === actual || (t === 'number' && actual === 'integer'));
}

function finding(kind: FindingKind, message: string, path: (string | number)[], ctx: Ctx, severity: 'error' | 'warning' = 'error'): LintFinding {
  return { kind, severity, message, line: ctx.locate(path), path: display(path), method: ctx.method, definition: ctx.definition };
}

/** A path from the example's top (`params.mode`, `content[0].type`); a batch block's index is left out. */
function display(path: readonly (string | number)[]): string {
  let out = '';
  path.forEach((segment, i) => {
    if (i === 0 && typeof segment === 'number') return;
    out += typeof segment === 'number' ? `[${segment}]` : out === '' ? segment : `.${segment}`;
  });
  return out;
}

function safeRegex(pattern: string): RegExp | null {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    return null;
  }
}

/** Maps a JSON path inside a code block to a page line, from the block's own text. */
function locator(block: LintCodeBlock): Locate {
  let tree: JsonNode | undefined;
  let lineAt: ((offset: number) => number) | null = null;
  // Without a body line the block is a fenced one: its body starts on the line after the fence.
  const body = block.bodyLine === undefined ? block.line + 1 : block.bodyLine;
  return (path) => {
    if (block.value === undefined || body === null) return block.line;
    tree ??= parseTree(block.value, [], { allowTrailingComma: true, disallowComments: false });
    if (!tree) return block.line;
    let node: JsonNode | undefined;
    for (let n = path.length; n >= 0 && !node; n--) node = findNodeAtLocation(tree, path.slice(0, n) as (string | number)[]);
    if (!node) return body;
    // Point at the key when the node is a property's value.
    const offset = node.parent?.type === 'property' ? node.parent.offset : node.offset;
    lineAt ??= lineLocator(block.value, body);
    return lineAt(offset);
  };
}
