import GithubSlugger from 'github-slugger';
import { BACKGROUND_HEADING_PATTERN } from './scan.ts';
import { stripPageExtension } from '../input/spec-tree.ts';

/**
 * The transports a revision defines, read from its own pages: the items of a list of links
 * that a sentence about transports introduces ("MCP currently defines two standard transport
 * mechanisms …: 1. [stdio](#stdio) 2. [HTTP with Server-Sent Events](#http-with-sse)"). A
 * transport is known by its anchor's slug across revisions; every link text that points to
 * that slug, in any revision, is a name for it ("HTTP+SSE transport"). A revision that no
 * longer lists a transport but links to it where it speaks of deprecation or backwards
 * compatibility keeps it for compatibility only. Nothing here names a transport: a new
 * revision's list is read the same way. Used by the fingerprint builder only.
 */

interface PageTransports {
  /** Slugs of the transports this page's list defines, with the link text. */
  defined: Map<string, string>;
  /** Slugs linked where the page speaks of deprecation or backwards compatibility. */
  compat: Set<string>;
  /** Every link text per slug (names of the transport). */
  names: Map<string, Set<string>>;
  /** SSE event names (inline code followed by "event") in the section a defined transport's anchor opens. */
  events: Map<string, Set<string>>;
  /** How many HTTP endpoints the section a defined transport's anchor opens requires ("MUST provide two endpoints"). */
  endpoints: Map<string, number>;
}

/** English counts, as a spec writes how many endpoints a transport has. */
const COUNTS: Record<string, number> = { single: 1, one: 1, two: 2, three: 3 };
const ENDPOINT_COUNT = /\b(single|one|two|three|[1-3])\s+(?:HTTP\s+)?endpoints?\b/i;

const COMPAT = /\bdeprecated\b|\bbackwards?[- ]compatib/i;
const LIST_LINK = /^\s*(?:\d+[.)]|[-*+])\s+\[([^\]]+)\]\(([^)\s]+)\)/;
const LINK = /\[([^\]]+)\](?:\(([^)\s]+)[^)]*\)|\[([^\]]+)\])/g;

/** The anchor or last path segment a link points to: `/spec/v1/guide/transports#long-polling` → `long-polling`. */
function linkSlug(href: string): string {
  const anchor = href.includes('#') ? href.slice(href.indexOf('#') + 1) : stripPageExtension(href).replace(/\/+$/, '').split('/').pop() ?? '';
  return anchor.toLowerCase();
}

export function pageTransports(text: string): PageTransports {
  const out: PageTransports = { defined: new Map(), compat: new Set(), names: new Map(), events: new Map(), endpoints: new Map() };
  const lines = stripCode(text).split('\n');
  const refs = new Map<string, string>();
  for (const line of lines) {
    const def = /^\s*\[([^\]]+)\]:\s*(\S+)/.exec(line);
    if (def) refs.set(def[1]!.toLowerCase(), def[2]!);
  }
  // 1. The defining list: link items right after a lead-in sentence about transports.
  let leadIn = '';
  let open = false;
  for (const line of lines) {
    const item = LIST_LINK.exec(line);
    if (item) {
      // An item names its transport by its own anchor (#http-with-sse) or its own page (…/streamable-http), never by a section of another page.
      const href = item[2]!;
      const slug = href.startsWith('#') ? linkSlug(href) : linkSlug(href.replace(/#.*$/, ''));
      if (/\btransports?\b/i.test(leadIn) && /:\s*$/.test(leadIn)) out.defined.set(slug, item[1]!.trim());
      open = false;
      continue;
    }
    if (line.trim() === '') open = false;
    // A lead-in is the paragraph before the list, however many lines it wraps over.
    else if (!/^\s{2,}\S/.test(line)) {
      leadIn = open ? `${leadIn} ${line.trim()}` : line.trim();
      open = true;
    }
  }
  // 2. Every link, by paragraph, with the heading it stands under.
  let heading = '';
  for (const paragraph of text.split(/\n\s*\n/)) {
    const h = /^\s{0,3}#{1,6}\s+(.*)$/m.exec(paragraph);
    if (h) heading = h[1]!;
    for (const m of paragraph.matchAll(LINK)) {
      const href = m[2] ?? refs.get((m[3] ?? '').toLowerCase());
      if (!href) continue;
      const slug = linkSlug(href);
      const name = m[1]!.replace(/\s+/g, ' ').trim();
      const names = out.names.get(slug) ?? new Set<string>();
      names.add(name);
      out.names.set(slug, names);
      if (COMPAT.test(paragraph) || (COMPAT.test(heading) && BACKGROUND_HEADING_PATTERN.test(heading))) out.compat.add(slug);
    }
  }
  // 3. Event names in the section each defined transport's anchor opens.
  const slugger = new GithubSlugger();
  let current: string | null = null;
  for (const line of lines) {
    const h = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (h) {
      const slug = slugger.slug(h[2]!.replace(/`/g, ''));
      // A subsection on compatibility with another transport names that one's events, not its own.
      if (BACKGROUND_HEADING_PATTERN.test(h[2]!)) current = null;
      else if (h[1]!.length <= 2) current = out.defined.has(slug) ? slug : null;
      continue;
    }
    if (current === null) continue;
    // Only events the section requires (an RFC 2119 sentence), not the SSE standard's default `message` it describes.
    if (!/\b(?:MUST|SHOULD|SHALL|REQUIRED)\b/.test(line)) continue;
    const count = ENDPOINT_COUNT.exec(line);
    if (count && !out.endpoints.has(current)) out.endpoints.set(current, COUNTS[count[1]!.toLowerCase()] ?? Number(count[1]));
    for (const m of line.matchAll(/`([\w-]+)`\s+events?\b/g)) {
      const set = out.events.get(current) ?? new Set<string>();
      set.add(m[1]!);
      out.events.set(current, set);
    }
  }
  return out;
}

/** The text with fenced code blocks blanked (their lines kept, so nothing shifts). */
function stripCode(text: string): string {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s{0,3}(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}
