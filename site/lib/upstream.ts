/**
 * A spec's `upstream` setting (site config), read both ways: filled in, a page's upstream
 * URL; read backwards, which page of the spec an upstream URL is. A spec page's links are
 * relative to where the page lives upstream, so they are resolved there and then recognised
 * by the same template, whatever the spec and wherever it is published.
 */

const PLACEHOLDER = /(\{revision\}|\{page\}|\{path\})/;

/** The template filled in: `{revision}`, `{page}` (the page's route) and `{path}` (its file), each segment URL-encoded. */
export function fillUpstream(template: string, revision: string, route: string, path: string): string {
  const segments = (text: string) => text.split('/').map(encodeURIComponent).join('/');
  const filled = template.replaceAll('{revision}', encodeURIComponent(revision)).replaceAll('{page}', segments(route)).replaceAll('{path}', segments(path));
  // A path above the revision folder (`../CHANGELOG.md`) is resolved, as a browser would.
  return path.startsWith('../') ? new URL(filled).href : filled;
}

const patterns = new Map<string, RegExp>();

/** The template as a pattern: the revision is one segment; the page (or path) is the rest, absent at a revision's root. */
function patternOf(template: string): RegExp {
  let pattern = patterns.get(template);
  if (pattern) return pattern;
  let source = '';
  let captured = false;
  for (const part of template.split(PLACEHOLDER)) {
    if (part === '{revision}') source += '(?<revision>[^/?#]+)';
    else if (part === '{page}' || part === '{path}') {
      // A revision's own page (MCP's `/specification/2025-11-25`) has no page segment at all.
      const slash = source.endsWith('/');
      const rest = captured ? '.*' : '(?<page>.*)';
      source = slash ? `${source.slice(0, -1)}(?:/${rest})?` : `${source}${rest}`;
      captured = true;
    } else source += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  pattern = new RegExp(`^${source}$`);
  patterns.set(template, pattern);
  return pattern;
}

/** The spec page an upstream URL is (its revision, and its page path as written, extension and all), or null. */
export function upstreamPageOf(template: string, url: URL): { revision: string; page: string } | null {
  const match = patternOf(template).exec(`${url.origin}${url.pathname.replace(/\/$/, '')}${url.search}`);
  const revision = match?.groups?.['revision'];
  if (revision === undefined) return null;
  let name = revision;
  try {
    name = decodeURIComponent(revision);
  } catch {
    // A malformed escape: the segment as written, which names no revision.
  }
  return { revision: name, page: match!.groups!['page'] ?? '' };
}

/**
 * A file's URL as an `<img>` can load it: GitHub's `…/blob/…` URL is a page about the file,
 * `?raw=true` the file itself. Any other URL is the file already.
 */
export function loadableFile(url: string): string {
  return /^https:\/\/github\.com\/[^/]+\/[^/]+\/blob\/[^?#]+$/.test(url) ? `${url}?raw=true` : url;
}
