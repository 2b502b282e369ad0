import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { Diagnostic } from './diagnostic.ts';
import { MAX_JSON_DEPTH, jsonTooDeepAt, tooDeep } from './nesting.ts';

/** Code block languages read as JSON; comments and trailing commas are tolerated in all. */
const JSON_LANGS = new Set(['json', 'jsonc', 'json5']);

export function isJsonLang(lang: string | null): boolean {
  return lang !== null && JSON_LANGS.has(lang.toLowerCase());
}

/**
 * Parses a JSON example tolerantly. On a syntax error the diagnostic names the line in
 * the page (the body's first line + line in the block, or the block's line when its lines
 * are not the page's), and nothing is returned, so a broken example never yields half a message.
 */
export function parseJsonExample(value: string, at: { line: number; bodyLine: number | null }, diagnostics: Diagnostic[]): unknown {
  const pageLine = (offset: number) => (at.bodyLine === null ? at.line : at.bodyLine + value.slice(0, offset).split('\n').length - 1);
  // The parser and every walk over the value recurse per level: an absurd example is skipped, the page still read.
  const deep = jsonTooDeepAt(value);
  if (deep !== -1) {
    diagnostics.push({ severity: 'error', message: `${tooDeep('JSON in code block', MAX_JSON_DEPTH)}; the example was skipped`, line: pageLine(deep) });
    return undefined;
  }
  const errors: ParseError[] = [];
  const result = parse(value, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  if (errors.length > 0) {
    const first = errors[0]!;
    diagnostics.push({
      severity: 'error',
      message: `invalid JSON in code block (${printParseErrorCode(first.error)}); the example was skipped`,
      line: pageLine(first.offset),
    });
    return undefined;
  }
  return result;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
