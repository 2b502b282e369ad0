/**
 * Protocol identifiers in prose, read the same way from a changelog item and from a change
 * record so the two can meet: code spans, and names whose shape says they are code even
 * unquoted (camelCase, snake_case, `a/b` method paths, Header-Names, negative error codes).
 * A reference to a document by series and number ("RFC 9728", "SEP-1699", "#1234") is
 * read apart: it names where a change came from, not a part of the protocol.
 */

/** A lower-case letter or digit before a capital: `toolChoice`, `ElicitResult`, `OpenID`; not an acronym (`HTTP`, `ID`). */
const CAMEL = /(?<![\w/.-])[A-Za-z][a-z0-9]*[a-z0-9][A-Z][A-Za-z0-9]*(?![\w/-])/g;
const SNAKE = /(?<![\w/.-])_?[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+(?![\w/-])|(?<![\w/.-])_[a-z][A-Za-z0-9]*(?![\w/-])/g;
const METHOD = /(?<![\w/.:-])[a-z][A-Za-z_]*(?:\/[a-z][A-Za-z_]*)+(?![\w/:])/g;
const HEADER = /(?<![\w/.-])[A-Z][A-Za-z0-9]*(?:-[A-Z][A-Za-z0-9]*)+(?![\w/])/g;
const ERROR_CODE = /(?<![\w.-])-\d{4,6}(?![\w.])/g;
const URL = /\bhttps?:\/\/\S+/g;
const CODE_SPAN = /`([^`\n]+)`/g;

/** A name whose shape alone says it is an identifier (used to keep the useful parts of a dotted or slashed code span). */
const IDENTIFIER_SHAPE = /^(?:_?[A-Za-z][a-z0-9]*[a-z0-9][A-Z]\w*|_?\w+_\w+|_[a-z]\w*|[A-Z][A-Za-z0-9]*(?:-[A-Z][A-Za-z0-9]*)+|-\d{4,6})$/;

/** `RFC 9728`, `SEP-1699`: a series in capitals and a number; `#1234` (`PR #1234`) a number in the project's tracker. */
const REFERENCE = /\b([A-Z]{2,5})[- ]?(\d{2,5})\b|(?<![\w&])#(\d{2,6})\b/g;

/** Identifiers in a text, lower-cased: its code spans (whole, and the identifier-shaped parts of a path) and code-shaped words. */
export function identifiersIn(text: string, codeSpans: readonly string[] = spansOf(text)): Set<string> {
  const found = new Set<string>();
  for (const span of codeSpans) addSpan(found, span);
  const prose = text.replace(CODE_SPAN, ' ').replace(URL, ' ');
  for (const pattern of [CAMEL, SNAKE, METHOD, HEADER, ERROR_CODE]) {
    for (const match of prose.matchAll(pattern)) found.add(normalize(match[0]));
  }
  return found;
}

/** A schema path or method as a record's subject names it (`ElicitResult.content`, `tools/list`): the whole, and each segment. */
export function identifiersOfPath(path: string): Set<string> {
  const found = new Set<string>([normalize(path)]);
  for (const part of path.split(/[.[\]]+/)) if (part && !/^\d+$/.test(part) && !/\s/.test(part)) found.add(normalize(part));
  return found;
}

/** Document references (`rfc9728`, `sep1699`, `#1234`), lower-cased without separators. */
export function referencesIn(text: string): Set<string> {
  const found = new Set<string>();
  for (const match of text.replace(URL, ' ').matchAll(REFERENCE)) found.add(match[3] ? `#${match[3]}` : `${match[1]!.toLowerCase()}${match[2]}`);
  return found;
}

function spansOf(text: string): string[] {
  return [...text.matchAll(CODE_SPAN)].map((m) => m[1]!);
}

function addSpan(found: Set<string>, span: string): void {
  const value = span.trim().replace(/^["'](.*)["']$/, '$1');
  // A span with spaces is a phrase or an example, not a name.
  if (!value || /\s/.test(value)) return;
  found.add(normalize(value));
  for (const part of value.split(/[./:]+/)) if (part !== value && IDENTIFIER_SHAPE.test(part)) found.add(normalize(part));
}

function normalize(identifier: string): string {
  return identifier.toLowerCase();
}
