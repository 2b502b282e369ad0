import { parse as parseJsonc, printParseErrorCode, visit, type ParseError } from 'jsonc-parser';
import { InputError } from '../core/errors.ts';
import { isSchemaValue, notSchemaMessage } from './recognize.ts';
import { MAX_JSON_DEPTH, jsonTooDeepAt, tooDeep } from '../model/nesting.ts';
import type { Diagnostic } from '../model/diagnostic.ts';
import { typeDeclarationFile, type TypeSchema } from '../model/typescript.ts';
import { isObject } from '../core/objects.ts';

/**
 * Reading a schema file: strict JSON, a check that it is a JSON Schema at all, and a map
 * from JSON paths to 1-based line numbers so every definition and field can say where it is.
 */

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
export type JsonObject = { [key: string]: JsonValue };

export interface LoadedSchema {
  value: JsonObject;
  /** `$schema` as written, or null. */
  dialect: string | null;
  /** Where the definitions live: `$defs` (2020-12), `definitions` (draft-07), or null when the file has none. */
  defsKey: '$defs' | 'definitions' | null;
  /** 1-based line of the thing at a JSON path (a property's key, or an array element's start). */
  lineAt: (path: readonly (string | number)[]) => number | null;
  /**
   * Read from TypeScript declarations (model/typescript.ts): a name the text uses but does not
   * declare is declared elsewhere (another block, page or module), not a dangling reference.
   */
  declarations?: true;
  /** Problems found while reading it, reported with the model's own. */
  notes?: Diagnostic[];
}


export function loadSchema(text: string, source = 'the schema'): LoadedSchema {
  const clean = text.replace(/^\uFEFF/, '');
  // A module of TypeScript declarations (`schema.ts`) is read as the schema a generator would write for it.
  const types = typeDeclarationFile(clean);
  if (types) return loadedFromTypes(types, source);
  // A schema is all structure, and every walk over it recurses per level: too deep is bad input.
  const deep = jsonTooDeepAt(clean);
  if (deep !== -1) throw new InputError(`${tooDeep(source, MAX_JSON_DEPTH)} (line ${clean.slice(0, deep).split('\n').length}).`);
  let value: unknown;
  try {
    value = JSON.parse(clean);
  } catch (error) {
    throw new InputError(`${source} is not valid JSON: ${describeSyntaxError(clean, error)}.`);
  }
  if (!isObject(value) || !isSchemaValue(value)) throw new InputError(notSchemaMessage(source, value));
  const declared = value['$schema'];
  const defsKey = isObject(value['$defs']) ? '$defs' : isObject(value['definitions']) ? 'definitions' : null;
  // JSON.parse yields JSON values only, so the object it gave is a JsonObject.
  return { value: value as JsonObject, dialect: typeof declared === 'string' ? declared : null, defsKey, lineAt: lineIndex(clean) };
}

/** Declarations already read (a `schema.ts`, a page's TypeScript blocks) as a loaded schema. */
export function loadedFromTypes(types: TypeSchema, source: string): LoadedSchema {
  return {
    value: types.schema as unknown as JsonObject,
    dialect: null,
    defsKey: '$defs',
    lineAt: (path) => types.lines[path.join('\u0000')] ?? null,
    declarations: true,
    notes: types.diagnostics.map((d) => ({ ...d, source })),
  };
}

function describeSyntaxError(text: string, error: unknown): string {
  if (text.trim() === '') return 'the file is empty';
  const errors: ParseError[] = [];
  parseJsonc(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (first) return `${humanCode(printParseErrorCode(first.error))} at line ${lineOfOffset(text, first.offset)}`;
  return (error instanceof Error ? error.message : String(error)).replace(/\.$/, '');
}

function humanCode(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

function lineOfOffset(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** One pass over the text with jsonc-parser's visitor; lines of object properties and array elements. */
function lineIndex(text: string): LoadedSchema['lineAt'] {
  const lines = new Map<string, number>();
  const key = (path: readonly (string | number)[]) => path.join('\u0000');
  visit(
    text,
    {
      onObjectProperty: (property, _offset, _length, startLine, _startCharacter, pathSupplier) => {
        const k = key([...pathSupplier(), property]);
        if (!lines.has(k)) lines.set(k, startLine + 1);
      },
      onObjectBegin: (_offset, _length, startLine, _startCharacter, pathSupplier) => {
        const k = key(pathSupplier());
        if (!lines.has(k)) lines.set(k, startLine + 1);
        return undefined;
      },
    },
    { disallowComments: true },
  );
  return (path) => lines.get(key(path)) ?? null;
}
