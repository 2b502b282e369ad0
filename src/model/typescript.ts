import { parse } from '@babel/parser';
import type * as t from '@babel/types';
import type { Diagnostic } from './diagnostic.ts';

/**
 * TypeScript declarations (`interface`, `type`, `enum`, `namespace`, `export const`) read
 * into the JSON Schema a generator would write for them (draft 2020-12 `$defs`, one per
 * declaration), so the schema model and differ read a `schema.ts` or a page's TypeScript
 * blocks exactly as they read a `schema.json`. The parser is Babel's (`@babel/parser`, its
 * `typescript` plugin): syntax only, so what a type checker would infer is resolved here, for
 * the subset specs use: an interface's bases are flattened into it (`extends A, Omit<B, "k">`),
 * `typeof CONST` is the constant's value, `Partial`, `Required`, `Pick`, `Omit`, `Record`,
 * `Array` and `Readonly` are read, a union of literals is an enum. Doc comments give the
 * description, `@deprecated`, `@since`, and the generator annotations specs write for the
 * JSON side (`@TJS-type`, `@format`, `@minimum`, `@maximum`, `@minLength`, `@maxLength`,
 * `@pattern`, `@minItems`, `@maxItems`, `@nullable`, `@default`).
 *
 * Error codes: an integer constant (a `const`, an enum member, a namespace member) is an
 * error code when its value lies in the JSON-RPC error range, or when it or what holds it is
 * named for errors (`ErrorCodes.ParseError`, `PARSE_ERROR`); the ends of a reserved range
 * (`…RangeStart`, `…_END`) are bounds, not codes. A shape that fixes its `code` (`code: typeof
 * X`) is where the code is defined; the constant still names it.
 *
 * Plain data out (JSON Schema and lines), so it lives at the bottom with the page model and
 * is cached with a parsed page; src/schema turns it into the definition model.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonSchema = { [key: string]: Json };

/** A piece of TypeScript: a whole file (`line: 1`) or a page's code block (its first line's page line). */
export interface TypeChunk {
  text: string;
  /** The document line of the chunk's first line. */
  line: number;
  /** For a page's block: the section it stands in. */
  sectionId?: string;
}

export interface TypeSchema {
  /** `{ $defs: { Name: schema } }`, declarations in document order. */
  schema: { $defs: Record<string, JsonSchema> };
  /** Document line of each JSON path (segments joined by `\u0000`), as a JSON Schema's line index gives them. */
  lines: Record<string, number>;
  /** For page blocks: the section each definition is declared in. */
  sections: Record<string, string>;
  diagnostics: Diagnostic[];
  /** Syntax errors the parser recovered from: a file with any is not a clean TypeScript module. */
  parseErrors: number;
}

/** Declaration keywords at the start of a line: what makes a code block worth parsing. */
const DECLARATION_START = /^\s*(?:export\s+)?(?:declare\s+)?(?:interface|type|enum|const\s+enum|namespace|module|const)\s+[\p{L}_$]/mu;

/** Does this text hold a declaration at all (cheap, before any parse)? */
export function mayDeclareTypes(text: string): boolean {
  return DECLARATION_START.test(text);
}

/**
 * The declarations of a TypeScript module (a `schema.ts`): null unless it parses cleanly and
 * declares something, so a Markdown or MDX page (whose prose does not parse) is never one.
 */
export function typeDeclarationFile(text: string): TypeSchema | null {
  const trimmed = text.trimStart();
  if (/^[{[#]|^---/.test(trimmed) || !mayDeclareTypes(text)) return null;
  const read = readTypeDeclarations([{ text, line: 1 }]);
  return read !== null && read.parseErrors === 0 ? read : null;
}

/** Code block languages read as TypeScript. */
export function isTypeScriptLang(lang: string | null): boolean {
  return lang !== null && /^(?:ts|typescript|tsx|mts|cts|d\.ts)$/i.test(lang);
}

interface Declared {
  name: string;
  node: t.TSInterfaceDeclaration | t.TSTypeAliasDeclaration | t.TSEnumDeclaration;
  /** The namespace it sits in (`A.B`), for resolving the names it uses. */
  scope: string;
  comments: readonly t.Comment[];
  offset: number;
  chunk: TypeChunk;
  sectionId: string | undefined;
}

interface Constant {
  name: string;
  value: string | number | boolean | null;
  line: number;
  comments: readonly t.Comment[];
  /** `ErrorCodes` for `ErrorCodes.ParseError`; '' at the top. */
  scope: string;
  sectionId: string | undefined;
}

/** A member of a namespace of constants only: an enum in all but name (`namespace Kind { export const A = 1; }`). */
interface ConstantGroup {
  name: string;
  members: Constant[];
  line: number;
  comments: readonly t.Comment[];
  sectionId: string | undefined;
}

const MAX_DEPTH = 48;

/** Marks the definition an error-code constant stands for: it names a code, it is no shape of its own. */
export const CONSTANT_MARK = 'x-specdelta-constant';

/**
 * The declarations of one or more chunks (a file, or every TypeScript block of a page: a
 * name declared in one block may be used in another) as JSON Schema. Null when the chunks
 * declare nothing. A chunk that cannot be parsed is a warning on its line.
 */
export function readTypeDeclarations(chunks: readonly TypeChunk[]): TypeSchema | null {
  const reader = new DeclarationReader();
  for (const chunk of chunks) reader.read(chunk);
  return reader.finish();
}

class DeclarationReader {
  private readonly declared = new Map<string, Declared>();
  private readonly constants = new Map<string, Constant>();
  private readonly groups: ConstantGroup[] = [];
  private readonly order: { kind: 'type' | 'group' | 'code'; name: string }[] = [];
  private readonly diagnostics: Diagnostic[] = [];
  parseErrors = 0;
  private readonly lines: Record<string, number> = {};
  private readonly sections: Record<string, string> = {};
  /** Interfaces declared again (TypeScript merges them): the later declarations' members. */
  private readonly merged = new Map<string, { node: t.TSInterfaceDeclaration; chunk: TypeChunk }[]>();

  read(chunk: TypeChunk): void {
    if (!mayDeclareTypes(chunk.text)) return;
    let file: ReturnType<typeof parse>;
    try {
      file = parse(chunk.text, { sourceType: 'module', plugins: ['typescript'], errorRecovery: true, allowReturnOutsideFunction: true, allowAwaitOutsideFunction: true, allowUndeclaredExports: true });
    } catch (error) {
      const at = (error as { loc?: { line: number } }).loc?.line ?? 1;
      this.diagnostics.push({ severity: 'warning', message: `TypeScript block could not be read (${String((error as Error).message).replace(/\s*\(\d+:\d+\)$/, '')}); its declarations were skipped`, line: chunk.line + at - 1 });
      this.parseErrors += 1;
      return;
    }
    this.parseErrors += file.errors?.length ?? 0;
    this.statements(file.program.body, '', chunk);
  }

  private lineOf(node: t.Node, chunk: TypeChunk): number {
    return chunk.line + (node.loc?.start.line ?? 1) - 1;
  }

  private statements(body: readonly t.Statement[], scope: string, chunk: TypeChunk): void {
    for (const statement of body) {
      const inner = statement.type === 'ExportNamedDeclaration' && statement.declaration ? statement.declaration : statement;
      // Comments attach to the export, not to what it exports.
      const comments = [...(statement.leadingComments ?? []), ...(inner !== statement ? inner.leadingComments ?? [] : [])];
      this.declaration(inner, scope, comments, chunk);
    }
  }

  private declaration(node: t.Node, scope: string, comments: readonly t.Comment[], chunk: TypeChunk): void {
    const qualified = (name: string) => (scope ? `${scope}.${name}` : name);
    switch (node.type) {
      case 'TSInterfaceDeclaration':
      case 'TSTypeAliasDeclaration':
      case 'TSEnumDeclaration': {
        const name = qualified(node.id.name);
        if (this.declared.has(name)) {
          // Interfaces merge in TypeScript; a second block restating a shape is read once (the first).
          if (node.type === 'TSInterfaceDeclaration' && this.declared.get(name)!.node.type === 'TSInterfaceDeclaration') this.merged.set(name, [...(this.merged.get(name) ?? []), { node, chunk }]);
          return;
        }
        this.declared.set(name, { name, node, scope, comments, offset: this.lineOf(node, chunk), chunk, sectionId: chunk.sectionId });
        this.order.push({ kind: 'type', name });
        return;
      }
      case 'TSModuleDeclaration': {
        const id = node.id.type === 'Identifier' ? node.id.name : null;
        if (id === null) return;
        const name = qualified(id);
        let body: t.TSModuleDeclaration['body'] | undefined = node.body;
        let path = name;
        // `namespace A.B { }` nests one declaration in another.
        while (body && body.type === 'TSModuleDeclaration') {
          path = `${path}.${body.id.type === 'Identifier' ? body.id.name : ''}`;
          body = body.body;
        }
        if (!body || body.type !== 'TSModuleBlock') return;
        const before = this.constants.size;
        this.statements(body.body, path, chunk);
        const members = [...this.constants.values()].slice(before).filter((c) => c.scope === path);
        const onlyConstants = body.body.every((s) => {
          const d = s.type === 'ExportNamedDeclaration' ? s.declaration : s;
          return d?.type === 'VariableDeclaration';
        });
        if (onlyConstants && members.length > 0) {
          this.groups.push({ name: path, members, line: this.lineOf(node, chunk), comments, sectionId: chunk.sectionId });
          this.order.push({ kind: 'group', name: path });
        }
        return;
      }
      case 'VariableDeclaration': {
        if (node.kind !== 'const') return;
        for (const declarator of node.declarations) {
          if (declarator.id.type !== 'Identifier' || !declarator.init) continue;
          const value = literalValue(declarator.init);
          if (value === undefined) continue;
          const name = qualified(declarator.id.name);
          this.constants.set(name, { name, value, line: this.lineOf(declarator, chunk), comments, scope, sectionId: chunk.sectionId });
          this.order.push({ kind: 'code', name });
        }
        return;
      }
      default:
        return;
    }
  }

  finish(): TypeSchema | null {
    const defs: Record<string, JsonSchema> = {};
    const groupNames = new Set(this.groups.map((g) => g.name));
    const codes: Constant[] = [];
    for (const entry of this.order) {
      if (entry.kind === 'type') {
        const declared = this.declared.get(entry.name)!;
        defs[entry.name] = this.definition(declared);
        if (declared.sectionId !== undefined) this.sections[entry.name] = declared.sectionId;
      } else if (entry.kind === 'group') {
        const group = this.groups.find((g) => g.name === entry.name)!;
        // A namespace of constants beside a type of the same name (`type Kind = 1 | 2`) is that type's
        // values; one of error codes (and their ranges' ends) is its codes, each a definition below.
        if (this.declared.has(group.name) || group.members.every((m) => isErrorCode(m, groupNames) || isRangeBound(m))) continue;
        defs[group.name] = this.constantGroup(group);
        if (group.sectionId !== undefined) this.sections[group.name] = group.sectionId;
      } else {
        const constant = this.constants.get(entry.name)!;
        if (isErrorCode(constant, groupNames)) codes.push(constant);
      }
    }
    // Each error-code constant defines its code, after every shape: a shape that fixes the code
    // (`code: typeof X`) comes first and is where the code is defined; the constant keeps the
    // code's name when a later revision adds that shape.
    for (const constant of codes) {
      if (defs[constant.name]) continue;
      defs[constant.name] = this.errorCodeDefinition(constant);
      if (constant.sectionId !== undefined) this.sections[constant.name] = constant.sectionId;
    }
    if (Object.keys(defs).length === 0) return null;
    return { schema: { $defs: defs }, lines: this.lines, sections: this.sections, diagnostics: this.diagnostics, parseErrors: this.parseErrors };
  }

  // ── Definitions ─────────────────────────────────────────────────────────────────────

  private definition(declared: Declared): JsonSchema {
    const path = ['$defs', declared.name];
    this.lines[key(path)] = declared.offset;
    const doc = readDocComment(declared.comments);
    const { chunk, node } = declared;
    let schema: JsonSchema;
    if (node.type === 'TSInterfaceDeclaration') {
      schema = this.objectSchema(this.interfaceMembers(declared, 0), path, 0);
    } else if (node.type === 'TSTypeAliasDeclaration') {
      schema = this.typeSchema(node.typeAnnotation, path, declared.scope, chunk, 0);
    } else {
      schema = enumSchema(enumValues(node.members));
    }
    return applyDoc(schema, doc);
  }

  private constantGroup(group: ConstantGroup): JsonSchema {
    const path = ['$defs', group.name];
    this.lines[key(path)] = group.line;
    return applyDoc(enumSchema(group.members.map((m) => m.value)), readDocComment(group.comments));
  }

  private errorCodeDefinition(constant: Constant): JsonSchema {
    const path = ['$defs', constant.name];
    this.lines[key(path)] = constant.line;
    this.lines[key([...path, 'properties', 'code'])] = constant.line;
    const schema: JsonSchema = { type: 'object', properties: { code: { type: 'integer', const: constant.value } }, required: ['code'], [CONSTANT_MARK]: true };
    return applyDoc(schema, readDocComment(constant.comments));
  }

  // ── Objects ─────────────────────────────────────────────────────────────────────────

  /** An interface's members with its bases' flattened in (its own win), the way generators write them. */
  private interfaceMembers(declared: Declared, depth: number): Members {
    const node = declared.node as t.TSInterfaceDeclaration;
    const own = mergeMembers([
      membersOf(node.body.body, declared.chunk, declared.scope),
      ...(this.merged.get(declared.name) ?? []).map((m) => membersOf(m.node.body.body, m.chunk, declared.scope)),
    ]);
    if (depth > MAX_DEPTH) return own;
    const bases: Members[] = [];
    for (const heritage of node.extends ?? []) {
      const baseName = entityName(heritage.expression as t.TSEntityName);
      if (baseName === null) continue;
      bases.push(this.membersOfReference(baseName, heritage.typeParameters?.params ?? [], declared.scope, declared.chunk, depth + 1));
    }
    return mergeMembers([...bases, own]);
  }

  /** The members of a named type, with the utility types that reshape one read; `chunk` and `scope` are where the name is written. */
  private membersOfReference(name: string, args: readonly t.TSType[], scope: string, chunk: TypeChunk, depth: number): Members {
    const empty: Members = { properties: [], index: null };
    if (depth > MAX_DEPTH) return empty;
    const first = args[0];
    switch (name) {
      case 'Omit':
      case 'Pick': {
        if (!first) return empty;
        const base = this.membersOfType(first, scope, chunk, depth + 1);
        const keys = new Set(stringLiterals(args[1]));
        const keep = (p: Member) => (name === 'Omit' ? !keys.has(p.key) : keys.has(p.key));
        return { properties: base.properties.filter(keep), index: name === 'Omit' ? base.index : null };
      }
      case 'Partial':
      case 'Required':
      case 'Readonly': {
        if (!first) return empty;
        const base = this.membersOfType(first, scope, chunk, depth + 1);
        if (name === 'Readonly') return base;
        return { ...base, properties: base.properties.map((p) => ({ ...p, optional: name === 'Partial' })) };
      }
      default: {
        const declared = this.resolve(name, scope);
        if (!declared) return empty;
        if (declared.node.type === 'TSInterfaceDeclaration') return this.interfaceMembers(declared, depth + 1);
        if (declared.node.type === 'TSTypeAliasDeclaration') return this.membersOfType(declared.node.typeAnnotation, declared.scope, declared.chunk, depth + 1);
        return empty;
      }
    }
  }

  private membersOfType(type: t.TSType, scope: string, chunk: TypeChunk, depth: number): Members {
    const empty: Members = { properties: [], index: null };
    if (depth > MAX_DEPTH) return empty;
    switch (type.type) {
      case 'TSTypeLiteral':
        return membersOf(type.members, chunk, scope);
      case 'TSTypeReference': {
        const name = entityName(type.typeName);
        return name === null ? empty : this.membersOfReference(name, type.typeParameters?.params ?? [], scope, chunk, depth + 1);
      }
      case 'TSIntersectionType':
        return mergeMembers(type.types.map((part) => this.membersOfType(part, scope, chunk, depth + 1)));
      case 'TSParenthesizedType':
        return this.membersOfType(type.typeAnnotation, scope, chunk, depth + 1);
      default:
        return empty;
    }
  }

  private objectSchema(members: Members, path: string[], depth: number): JsonSchema {
    const properties: Record<string, Json> = {};
    const required: string[] = [];
    for (const member of members.properties) {
      const at = [...path, 'properties', member.key];
      this.lines[key(at)] = member.chunk.line + member.line - 1;
      const doc = readDocComment(member.comments);
      let schema = member.type ? this.typeSchema(member.type, at, member.scope, member.chunk, depth + 1) : {};
      schema = applyDoc(schema, doc);
      properties[member.key] = schema;
      if (!member.optional) required.push(member.key);
    }
    const schema: JsonSchema = { type: 'object' };
    if (members.properties.length > 0) schema['properties'] = properties;
    if (required.length > 0) schema['required'] = required;
    if (members.index) schema['additionalProperties'] = members.index.type ? this.typeSchema(members.index.type, [...path, 'additionalProperties'], members.index.scope, members.index.chunk, depth + 1) : {};
    return schema;
  }

  // ── Types ───────────────────────────────────────────────────────────────────────────

  private typeSchema(type: t.TSType, path: string[], scope: string, chunk: TypeChunk, depth: number): JsonSchema {
    if (depth > MAX_DEPTH) return {};
    switch (type.type) {
      case 'TSStringKeyword': return { type: 'string' };
      case 'TSNumberKeyword': return { type: 'number' };
      case 'TSBigIntKeyword': return { type: 'integer' };
      case 'TSBooleanKeyword': return { type: 'boolean' };
      case 'TSNullKeyword': return { type: 'null' };
      case 'TSObjectKeyword': return { type: 'object' };
      case 'TSNeverKeyword': return { not: {} };
      case 'TSUnknownKeyword':
      case 'TSAnyKeyword':
      case 'TSUndefinedKeyword':
      case 'TSVoidKeyword':
        return {};
      case 'TSLiteralType': {
        const value = literalOfType(type);
        return value === undefined ? {} : constSchema(value);
      }
      case 'TSTemplateLiteralType': return { type: 'string' };
      case 'TSParenthesizedType': return this.typeSchema(type.typeAnnotation, path, scope, chunk, depth + 1);
      case 'TSOptionalType': return this.typeSchema(type.typeAnnotation, path, scope, chunk, depth + 1);
      case 'TSTypeOperator':
        return type.operator === 'keyof' ? { type: 'string' } : this.typeSchema(type.typeAnnotation, path, scope, chunk, depth + 1);
      case 'TSArrayType': return { type: 'array', items: this.typeSchema(type.elementType, [...path, 'items'], scope, chunk, depth + 1) };
      case 'TSTupleType':
        return { type: 'array', items: type.elementTypes.map((element, i) => this.typeSchema(element.type === 'TSNamedTupleMember' ? element.elementType : element, [...path, 'items', String(i)], scope, chunk, depth + 1)) };
      case 'TSTypeLiteral': return this.objectSchema(membersOf(type.members, chunk, scope), path, depth + 1);
      case 'TSUnionType': return this.unionSchema(type.types, path, scope, chunk, depth);
      case 'TSIntersectionType':
        return { allOf: type.types.map((part, i) => this.typeSchema(part, [...path, 'allOf', String(i)], scope, chunk, depth + 1)) };
      case 'TSTypeQuery': {
        const name = type.exprName.type === 'TSImportType' ? null : entityName(type.exprName);
        const constant = name === null ? undefined : this.constant(name, scope);
        return constant ? constSchema(constant.value) : {};
      }
      case 'TSIndexedAccessType': {
        const index = stringLiterals(type.indexType)[0];
        if (index === undefined) return {};
        const members = this.membersOfType(type.objectType, scope, chunk, depth + 1);
        const member = members.properties.find((p) => p.key === index);
        return member?.type ? this.typeSchema(member.type, path, member.scope, member.chunk, depth + 1) : {};
      }
      case 'TSTypeReference': return this.referenceSchema(type, path, scope, chunk, depth);
      default:
        // Functions, conditional and mapped types: no data shape to read.
        return {};
    }
  }

  private unionSchema(members: readonly t.TSType[], path: string[], scope: string, chunk: TypeChunk, depth: number): JsonSchema {
    const parts = members.filter((m) => m.type !== 'TSUndefinedKeyword' && m.type !== 'TSVoidKeyword');
    if (parts.length === 1) return this.typeSchema(parts[0]!, path, scope, chunk, depth + 1);
    const literals = parts.map((m) => (m.type === 'TSLiteralType' ? literalOfType(m) : m.type === 'TSNullKeyword' ? null : undefined));
    if (literals.every((v) => v !== undefined)) return enumSchema(literals as (string | number | boolean | null)[]);
    const primitive = new Set(['TSStringKeyword', 'TSNumberKeyword', 'TSBooleanKeyword', 'TSNullKeyword', 'TSBigIntKeyword', 'TSObjectKeyword']);
    if (parts.every((m) => primitive.has(m.type))) {
      const types = parts.map((m) => (this.typeSchema(m, path, scope, chunk, depth + 1)['type'] as string));
      return { type: [...new Set(types)] };
    }
    return { anyOf: parts.map((part, i) => this.typeSchema(part, [...path, 'anyOf', String(i)], scope, chunk, depth + 1)) };
  }

  private referenceSchema(type: t.TSTypeReference, path: string[], scope: string, chunk: TypeChunk, depth: number): JsonSchema {
    const name = entityName(type.typeName);
    if (name === null) return {};
    const args = type.typeParameters?.params ?? [];
    switch (name) {
      case 'Array':
      case 'ReadonlyArray':
        return { type: 'array', items: args[0] ? this.typeSchema(args[0], [...path, 'items'], scope, chunk, depth + 1) : {} };
      case 'Record': {
        const keys = stringLiterals(args[0]);
        const value = args[1] ? this.typeSchema(args[1], [...path, 'additionalProperties'], scope, chunk, depth + 1) : {};
        if (keys.length > 0) return { type: 'object', properties: Object.fromEntries(keys.map((k) => [k, value])), required: keys };
        return { type: 'object', additionalProperties: value };
      }
      case 'Omit':
      case 'Pick':
      case 'Partial':
      case 'Required':
        return this.objectSchema(this.membersOfReference(name, args, scope, chunk, depth + 1), path, depth + 1);
      case 'Readonly':
      case 'NonNullable':
      case 'Promise':
        return args[0] ? this.typeSchema(args[0], path, scope, chunk, depth + 1) : {};
      default: {
        const declared = this.resolve(name, scope);
        if (declared) return { $ref: `#/$defs/${pointerSegment(declared.name)}` };
        const group = this.groups.find((g) => g.name === name || g.name === `${scope}.${name}`);
        if (group) return { $ref: `#/$defs/${pointerSegment(group.name)}` };
        // A name declared in another block or page: a reference all the same (the model does not follow it).
        return /^[A-Z]/.test(name) || name.includes('.') ? { $ref: `#/$defs/${pointerSegment(name)}` } : {};
      }
    }
  }

  /** A name as TypeScript resolves it: the innermost enclosing namespace first. */
  private resolve(name: string, scope: string): Declared | undefined {
    const parts = scope ? scope.split('.') : [];
    for (let i = parts.length; i >= 0; i--) {
      const found = this.declared.get([...parts.slice(0, i), name].join('.'));
      if (found) return found;
    }
    return undefined;
  }

  private constant(name: string, scope: string): Constant | undefined {
    const parts = scope ? scope.split('.') : [];
    for (let i = parts.length; i >= 0; i--) {
      const found = this.constants.get([...parts.slice(0, i), name].join('.'));
      if (found) return found;
    }
    return undefined;
  }
}

// ── Members ──────────────────────────────────────────────────────────────────────────────

interface Member {
  key: string;
  optional: boolean;
  type: t.TSType | null;
  comments: readonly t.Comment[];
  /** Line within its chunk. */
  line: number;
  chunk: TypeChunk;
  /** The namespace its type is written in. */
  scope: string;
}

interface Members {
  properties: Member[];
  index: { type: t.TSType | null; chunk: TypeChunk; scope: string } | null;
}

function membersOf(elements: readonly t.TSTypeElement[], chunk: TypeChunk, scope: string): Members {
  const properties: Member[] = [];
  let index: Members['index'] = null;
  for (const element of elements) {
    if (element.type === 'TSPropertySignature') {
      const name = propertyKey(element.key, element.computed ?? false);
      if (name === null) continue;
      properties.push({ key: name, optional: element.optional === true, type: element.typeAnnotation?.typeAnnotation ?? null, comments: element.leadingComments ?? [], line: element.loc?.start.line ?? 1, chunk, scope });
    } else if (element.type === 'TSIndexSignature') {
      index = { type: element.typeAnnotation?.typeAnnotation ?? null, chunk, scope };
    }
  }
  return { properties, index };
}

/** Later members win over earlier ones of the same name (an interface's own over its bases'). */
function mergeMembers(list: readonly Members[]): Members {
  const byKey = new Map<string, Member>();
  let index: Members['index'] = null;
  for (const members of list) {
    for (const p of members.properties) {
      byKey.delete(p.key);
      byKey.set(p.key, p);
    }
    if (members.index) index = members.index;
  }
  return { properties: [...byKey.values()], index };
}

function propertyKey(node: t.Expression, computed: boolean): string | null {
  if (!computed && node.type === 'Identifier') return node.name;
  if (node.type === 'StringLiteral') return node.value;
  if (node.type === 'NumericLiteral') return String(node.value);
  return null;
}

function entityName(name: t.TSEntityName): string | null {
  if (name.type === 'Identifier') return name.name;
  if (name.type === 'TSQualifiedName') {
    const left = entityName(name.left);
    return left === null ? null : `${left}.${name.right.name}`;
  }
  return null;
}

/** `"a" | "b"` (or `"a"`) as strings; anything else gives none. */
function stringLiterals(type: t.TSType | undefined): string[] {
  if (!type) return [];
  if (type.type === 'TSLiteralType' && type.literal.type === 'StringLiteral') return [type.literal.value];
  if (type.type === 'TSUnionType') return type.types.flatMap((m) => stringLiterals(m));
  if (type.type === 'TSParenthesizedType') return stringLiterals(type.typeAnnotation);
  return [];
}

function literalOfType(type: t.TSLiteralType): string | number | boolean | undefined {
  const literal = type.literal;
  switch (literal.type) {
    case 'StringLiteral': return literal.value;
    case 'NumericLiteral': return literal.value;
    case 'BooleanLiteral': return literal.value;
    case 'UnaryExpression':
      return literal.operator === '-' && literal.argument.type === 'NumericLiteral' ? -literal.argument.value : undefined;
    case 'TemplateLiteral':
      return literal.quasis.length === 1 ? literal.quasis[0]!.value.cooked ?? undefined : undefined;
    default:
      return undefined;
  }
}

/** A constant's value as written (`-32700`, `"2.0"`, `"x" as const`); undefined when it is not a literal. */
function literalValue(node: t.Expression): string | number | boolean | null | undefined {
  switch (node.type) {
    case 'StringLiteral': return node.value;
    case 'NumericLiteral': return node.value;
    case 'BooleanLiteral': return node.value;
    case 'NullLiteral': return null;
    case 'UnaryExpression':
      return node.operator === '-' && node.argument.type === 'NumericLiteral' ? -node.argument.value : undefined;
    case 'TemplateLiteral':
      return node.expressions.length === 0 ? node.quasis[0]?.value.cooked ?? undefined : undefined;
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSTypeAssertion':
    case 'TSNonNullExpression':
    case 'ParenthesizedExpression':
      return literalValue(node.expression);
    default:
      return undefined;
  }
}

/** Enum members' values: their initializers, or the next number after the last (TypeScript's own rule). */
function enumValues(members: readonly t.TSEnumMember[]): (string | number | boolean | null)[] {
  let next = 0;
  return members.map((member) => {
    const value = member.initializer ? literalValue(member.initializer) : next;
    const resolved = value === undefined ? (member.id.type === 'Identifier' ? member.id.name : member.id.value) : value;
    if (typeof resolved === 'number') next = resolved + 1;
    return resolved;
  });
}

function constSchema(value: string | number | boolean | null): JsonSchema {
  return { type: typeOfValue(value), const: value };
}

function enumSchema(values: readonly (string | number | boolean | null)[]): JsonSchema {
  const distinct = [...new Set(values)];
  if (distinct.length === 1) return constSchema(distinct[0]!);
  const types = [...new Set(distinct.map(typeOfValue))];
  return { type: types.length === 1 ? types[0]! : types, enum: distinct };
}

function typeOfValue(value: string | number | boolean | null): string {
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

// ── Error codes ──────────────────────────────────────────────────────────────────────────

/** Names that mark the ends of a range rather than a code (`jsonrpcReservedErrorRangeStart`, `SERVER_ERROR_END`). */
const RANGE_BOUND = /(?:range|start|end|min|max|lowest|highest|first|last)$/i;

function isRangeBound(constant: Constant): boolean {
  const name = constant.name.split('.').at(-1)!;
  return RANGE_BOUND.test(name.replace(/_/g, '')) || /(?:^|_)(?:START|END|MIN|MAX)(?:_|$)/.test(name);
}

function isErrorCode(constant: Constant, groups: ReadonlySet<string>): boolean {
  const value = constant.value;
  if (typeof value !== 'number' || !Number.isInteger(value) || isRangeBound(constant)) return false;
  const name = constant.name.split('.').at(-1)!;
  if (value >= -32768 && value <= -32000) return true;
  const holder = constant.scope;
  const namedForErrors = /error/i.test(name) || (holder !== '' && groups.has(holder) && /error|code/i.test(holder.split('.').at(-1)!));
  return namedForErrors && value < 0;
}

// ── Doc comments ─────────────────────────────────────────────────────────────────────────

interface DocComment {
  description: string | null;
  tags: Map<string, string>;
}

/** The last `/** … *\/` block before a node: its text (tags removed) and its tags. */
function readDocComment(comments: readonly t.Comment[]): DocComment {
  const block = [...comments].reverse().find((c) => c.type === 'CommentBlock' && c.value.startsWith('*'));
  const tags = new Map<string, string>();
  if (!block) return { description: null, tags };
  const lines = block.value.replace(/^\*/, '').split('\n').map((l) => l.replace(/^\s*\*? ?/, ''));
  const text: string[] = [];
  let tag: string | null = null;
  for (const line of lines) {
    const match = /^@([\w-]+)\s*(.*)$/.exec(line.trim());
    if (match) {
      tag = match[1]!;
      tags.set(tag, match[2]!.trim());
      continue;
    }
    if (tag !== null) tags.set(tag, `${tags.get(tag)} ${line.trim()}`.trim());
    else text.push(line);
  }
  const description = text.join('\n').trim().replace(/\{@link\s+([^}|\s]+)(?:[\s|]+([^}]+))?\}/g, (_m, target: string, label?: string) => label?.trim() || target);
  return { description: description || null, tags };
}

/** The doc comment's facts on a schema: description, deprecation, release, and the generator's annotations. */
function applyDoc(schema: JsonSchema, doc: DocComment): JsonSchema {
  const out: JsonSchema = { ...schema };
  let description = doc.description;
  const since = doc.tags.get('since');
  if (since) description = `${description ? `${description}\n\n` : ''}Since ${since}.`;
  const deprecated = doc.tags.get('deprecated');
  // The notice is the description's last words, as JSON Schema writers put it.
  if (deprecated) description = `${description ? `${description}\n\n` : ''}Deprecated: ${deprecated}`;
  if (description) out['description'] = description;
  if (deprecated !== undefined) out['deprecated'] = true;
  const tjsType = doc.tags.get('TJS-type');
  if (tjsType && /^[a-z]+$/.test(tjsType)) {
    if (out['type'] === 'number' || out['type'] === undefined || Array.isArray(out['type'])) out['type'] = Array.isArray(out['type']) ? out['type'].map((x) => (x === 'number' ? tjsType : x)) : tjsType;
  }
  for (const name of ['format', 'pattern'] as const) {
    const value = doc.tags.get(name);
    if (value) out[name] = value;
  }
  for (const name of ['minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'exclusiveMinimum', 'exclusiveMaximum'] as const) {
    const value = doc.tags.get(name);
    if (value !== undefined && value !== '' && Number.isFinite(Number(value))) out[name] = Number(value);
  }
  const fallback = doc.tags.get('default');
  if (fallback !== undefined && fallback !== '') {
    try {
      out['default'] = JSON.parse(fallback) as Json;
    } catch {
      out['default'] = fallback;
    }
  }
  if (doc.tags.has('nullable')) return { anyOf: [out, { type: 'null' }] };
  return out;
}

// ── Paths ────────────────────────────────────────────────────────────────────────────────

function key(path: readonly string[]): string {
  return path.join('\u0000');
}

function pointerSegment(name: string): string {
  return name.replace(/~/g, '~0').replace(/\//g, '~1');
}
