/**
 * How names are compared. Tutorials spell protocol names in their language's style: an SDK
 * for Python writes `retry_token` for `retryToken`, a header is `Mcp-Protocol-Version`
 * or `MCP-Protocol-Version`. A name made of words (camel humps, `_` or `-`) is therefore
 * compared without case and separators; a path-like name (with `/` or `.`) and a number
 * are compared exactly. Browser-safe.
 */
export function normalizeName(token: string): string {
  if (NUMBER.test(token)) return token;
  if (PATH_LIKE.test(token)) return token;
  return token.toLowerCase().replace(SEPARATORS, '');
}

// Module-level, not literals in the function: a literal is a new RegExp object at every call,
// and this runs for every distinct token of a text and every key of its examples.
const NUMBER = /^-?\d+$/;
const PATH_LIKE = /[/.]/;
const SEPARATORS = /[_-]/g;

/** Identifier-ish runs in code or prose: names, paths (`a/b`, `a.b`), JSON-RPC error codes. */
export const TOKEN_PATTERN = /-\d{5}\b|[A-Za-z_$@][\w$@]*(?:[./-][A-Za-z_$@\d][\w$@]*)*/g;

/** A token as matched, without what ends a sentence or a path (`.`, `-`, `/` at its end). */
export function trimToken(raw: string): string {
  let end = raw.length;
  while (end > 0) {
    const c = raw.charCodeAt(end - 1);
    if (c !== 46 && c !== 45 && c !== 47) break; // . - /
    end -= 1;
  }
  return end < raw.length ? raw.slice(0, end) : raw;
}

/**
 * A well-known URI's name (RFC 8615): `/.well-known/NAME` names one document wherever it is
 * served, and what follows NAME is the resource's own path (RFC 8414 and RFC 9728 insert it
 * there): `well-known/oauth-protected-resource/mcp` → `well-known/oauth-protected-resource`.
 * Tokens start at a letter, so the path's leading `/.` is not part of them. Null for any other token.
 */
export function wellKnownName(token: string): string | null {
  // (Asked only of a token that holds the name's prefix: most tokens are looked at here once each.)
  const m = token.includes('well-known/') ? WELL_KNOWN.exec(token) : null;
  return m ? m[1]!.replace(/[.-]+$/, '') : null;
}
const WELL_KNOWN = /(?:^|\/\.?)(well-known\/[A-Za-z0-9][\w.-]*?)(?:\/|$)/;

/** The name and the parts a dotted name is made of (`params.widgetId` → also `params`, `widgetId`), and a well-known URI's name. */
export function tokenVariants(token: string): string[] {
  const out = [token];
  const known = wellKnownName(token);
  if (known && known !== token) out.push(known);
  if (token.includes('.') && !token.includes('/')) out.push(...token.split('.').filter((p) => p.length > 0));
  if (token.endsWith('()')) out.push(token.slice(0, -2));
  return out;
}

/** A hyphenated compound of capitalised words (`Mcp-Session-Id`, `Last-Event-ID`, `MCP-Protocol-Version`): a header's name, not an ordinary word. */
export function isHeaderName(token: string): boolean {
  return HEADER_NAME.test(token);
}
const HEADER_NAME = /^(?:[A-Za-z][a-z]*|[A-Z]+)(?:-[A-Za-z][A-Za-z]*){1,4}$/;

/** Section headings compare without case, quotes, code marks and punctuation. */
export function normalizeHeading(heading: string): string {
  return heading.toLowerCase().replace(/[`*_"'’:.,()]/g, '').replace(/\s+/g, ' ').trim();
}
