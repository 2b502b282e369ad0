/**
 * Does a code span name a protocol identifier (a type, field, method, meta key) rather
 * than a value or a plain word? Identifiers have inner capitals or separators; `form`,
 * `"url"`, `true` and a capitalised word like `Accept` (a header, a sentence's first
 * word) do not.
 */
export function isIdentifierLike(span: string): boolean {
  if (span.length < 3 || span.length > 80) return false;
  if (!/^[A-Za-z_$@][\w$.\/@-]*$/.test(span)) return false;
  if (/^https?:/.test(span) || /\.(mdx?|json|ts|js|html)$/.test(span)) return false;
  return /[a-z][A-Z]/.test(span) || /[\/._]/.test(span.replace(/\.$/, ''));
}

/** A JSON-RPC error code: an integer in the range JSON-RPC reserves for errors. */
export function isJsonRpcErrorCode(span: string): boolean {
  if (!/^-\d{5}$/.test(span)) return false;
  const n = Number(span);
  return n >= -32768 && n <= -32000;
}
