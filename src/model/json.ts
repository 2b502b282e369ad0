import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { Diagnostic } from './diagnostic.ts';

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
  const errors: ParseError[] = [];
  const result = parse(value, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  if (errors.length > 0) {
    const first = errors[0]!;
    const lineInBlock = value.slice(0, first.offset).split('\n').length;
    diagnostics.push({
      severity: 'error',
      message: `invalid JSON in code block (${printParseErrorCode(first.error)}); the example was skipped`,
      line: at.bodyLine === null ? at.line : at.bodyLine + lineInBlock - 1,
    });
    return undefined;
  }
  return result;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
