/**
 * How names are compared. Tutorials spell protocol names in their language's style: an SDK
 * for Python writes `retry_token` for `retryToken`, a header is `Mcp-Protocol-Version`
 * or `MCP-Protocol-Version`. A name made of words (camel humps, `_` or `-`) is therefore
 * compared without case and separators; a path-like name (with `/` or `.`) and a number
 * are compared exactly. Browser-safe.
 */
export function normalizeName(token: string): string {
  if (/^-?\d+$/.test(token)) return token;
  if (/[/.]/.test(token)) return token;
  return token.toLowerCase().replace(/[_-]/g, '');
}

/** Identifier-ish runs in code or prose: names, paths (`a/b`, `a.b`), JSON-RPC error codes. */
export const TOKEN_PATTERN = /-\d{5}\b|[A-Za-z_$@][\w$@]*(?:[./-][A-Za-z_$@\d][\w$@]*)*/g;

/** The name and the parts a dotted name is made of (`params.widgetId` → also `params`, `widgetId`). */
export function tokenVariants(token: string): string[] {
  const out = [token];
  if (token.includes('.') && !token.includes('/')) out.push(...token.split('.').filter((p) => p.length > 0));
  if (token.endsWith('()')) out.push(token.slice(0, -2));
  return out;
}

/** Section headings compare without case, quotes, code marks and punctuation. */
export function normalizeHeading(heading: string): string {
  return heading.toLowerCase().replace(/[`*_"'’:.,()]/g, '').replace(/\s+/g, ' ').trim();
}
