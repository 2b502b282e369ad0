import { stripPageExtension } from '../input/spec-tree.ts';

/**
 * Where a changelog link points inside the revision: a page id and an optional fragment.
 * Links are written against the spec's published site (`/specification/2025-11-25/client/elicitation#…`,
 * or an absolute URL of it), so the page is the longest tail of the link's path that is a
 * page id of the revision (or its `index` page); anything else (a tracker, an RFC) is outside.
 */
export interface PageLink {
  page: string;
  fragment: string | null;
}

export function resolveLink(url: string, pages: ReadonlySet<string>): PageLink | null {
  const hash = url.indexOf('#');
  const fragment = hash >= 0 ? decode(url.slice(hash + 1)) || null : null;
  const path = (hash >= 0 ? url.slice(0, hash) : url).replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/[?].*$/, '');
  const segments = path.split('/').filter(Boolean).map((s) => stripPageExtension(decode(s)).replace(/\.html?$/i, ''));
  for (let start = 0; start < segments.length; start++) {
    const candidate = segments.slice(start).join('/');
    if (pages.has(candidate)) return { page: candidate, fragment };
    if (pages.has(`${candidate}/index`)) return { page: `${candidate}/index`, fragment };
  }
  return null;
}

/** Letters and digits only, lower-cased: what two sluggers of one heading agree on (`_meta` is `#meta` on one site, `#_meta` on another). */
export function headingKey(text: string): string {
  return text.normalize('NFKD').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
