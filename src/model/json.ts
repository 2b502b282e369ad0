import { parse, printParseErrorCode, ParseErrorCode, type ParseError } from 'jsonc-parser';
import type { Diagnostic } from './diagnostic.ts';
import { MAX_JSON_DEPTH, jsonTooDeepAt, tooDeep } from './nesting.ts';

/** Code block languages read as JSON; comments and trailing commas are tolerated in all. */
const JSON_LANGS = new Set(['json', 'jsonc', 'json5']);

export function isJsonLang(lang: string | null): boolean {
  return lang !== null && JSON_LANGS.has(lang.toLowerCase());
}

const OPTIONS = { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true };

/**
 * Parses a JSON example the way a reader does. Specs write examples with placeholders
 * (`[...]`, `{ … }`, a line of `...`), comments and trailing commas, a bare `"key": {…}`
 * member, or several values in one block (a request, then its result): each of those is
 * read. What still cannot be read is a warning naming the line in the page (the body's
 * first line + line in the block, or the block's line when its lines are not the page's),
 * and nothing is returned, so a broken example never yields half a message.
 */
export function parseJsonExample(value: string, at: { line: number; bodyLine: number | null }, diagnostics: Diagnostic[]): unknown[] | undefined {
  // The parser and every walk over the value recurse per level: an absurd example is skipped, the page still read.
  const deep = jsonTooDeepAt(value);
  if (deep !== -1) {
    const line = at.bodyLine === null ? at.line : at.bodyLine + value.slice(0, deep).split('\n').length - 1;
    diagnostics.push({ severity: 'error', message: `${tooDeep('JSON in code block', MAX_JSON_DEPTH)}; the example was skipped`, line });
    return undefined;
  }
  const plain = plainJson(value);
  if (plain !== undefined) return [plain];
  const attempts = [value, withoutPlaceholders(value)];
  let firstError: { error: ParseError; text: string } | null = null;
  for (const text of attempts) {
    const values = parseValues(text);
    if (!('error' in values)) return values.values;
    firstError ??= { error: values.error, text };
    const member = parseValues(`{${text}}`);
    if (/^\s*"/.test(text) && !('error' in member)) return member.values;
  }
  const { error, text } = firstError!;
  const lineInBlock = text.slice(0, error.offset).split('\n').length;
  diagnostics.push({
    severity: 'warning',
    message: `unreadable JSON in code block (${printParseErrorCode(error.error)}); the example was skipped`,
    line: at.bodyLine === null ? at.line : at.bodyLine + lineInBlock - 1,
  });
  return undefined;
}

/**
 * Most examples are plain JSON: the engine's parser reads them at a fraction of the tolerant
 * one's cost, to the same value (jsonc-parser's for valid JSON, a test checks). A `__proto__`
 * key is left to jsonc-parser, which assigns it where JSON.parse defines it.
 */
function plainJson(value: string): unknown {
  if (value.includes('__proto__')) return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return undefined;
  }
}

/** One or more JSON values in a row ("// → request" {…} "// ← result" {…}). */
function parseValues(text: string): { values: unknown[] } | { error: ParseError } {
  const values: unknown[] = [];
  let rest = text;
  let consumed = 0;
  for (;;) {
    const errors: ParseError[] = [];
    const result = parse(rest, errors, OPTIONS);
    const first = errors[0];
    if (!first) {
      if (result !== undefined || values.length === 0) values.push(result);
      return { values };
    }
    // A second value after a complete first one: read it as the next value.
    if (first.error !== ParseErrorCode.EndOfFileExpected || first.offset === 0) return { error: { ...first, offset: first.offset + consumed } };
    values.push(parse(rest.slice(0, first.offset), [], OPTIONS));
    rest = rest.slice(first.offset);
    consumed += first.offset;
  }
}

/** Placeholders a reader skips: `[...]` → `[]`, `{ … }` → `{}`, `: ...` → `: null`, a `...` element or line → nothing. */
function withoutPlaceholders(text: string): string {
  const dots = '(?:\\.\\.\\.|…)';
  return text
    .replace(new RegExp(`\\[\\s*${dots}\\s*\\]`, 'g'), '[]')
    .replace(new RegExp(`\\{\\s*${dots}\\s*\\}`, 'g'), '{}')
    .replace(new RegExp(`:\\s*${dots}(?=\\s*[,}\\]\\n])`, 'g'), ': null')
    .replace(new RegExp(`,\\s*${dots}(?=\\s*[}\\]])`, 'g'), '')
    .replace(new RegExp(`^\\s*${dots}\\s*,?\\s*$`, 'gm'), '');
}

