import type { Marker } from './fingerprints.ts';

/**
 * How a text names a transport the fingerprints know, from what the spec calls it:
 * - any of its names (`HTTP+SSE`, `HTTP with Server-Sent Events`, `Streamable HTTP`);
 * - its signature word (a word of its shortest name no other transport's names share: `SSE`,
 *   `Streamable`) before the word "transport" (`SSE transport`), or inside an identifier
 *   that also says transport (`SSEServerTransport`, `SseServerTransport`, `StreamableHTTPServerTransport`);
 * - an SSE event only its section defines (`event: endpoint`, "the `endpoint` event");
 * - for the one HTTP transport whose section requires two endpoints, its layout in code: an
 *   SSE stream opened at one path and messages POSTed to another (see endpointLayout).
 * All derived from the markers; nothing here names a transport. Browser-safe.
 */
export interface TransportMatcher {
  marker: Marker;
  /** Offsets where the text names the transport. */
  find: (text: string) => { at: number }[];
  /** False when the text cannot name it: it holds none of the words a way of naming it needs. */
  mayHold: (text: string) => boolean;
}

export function transportMatchers(markers: readonly Marker[]): TransportMatcher[] {
  const transports = markers.filter((m) => m.kind === 'transport' && (m.names?.length ?? 0) > 0);
  const wordsOf = (name: string) => name.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1 && !/^transports?$/.test(w));
  return transports.map((marker) => {
    const othersWords = new Set(transports.filter((t) => t !== marker).flatMap((t) => (t.names ?? []).flatMap(wordsOf)));
    const shortest = [...(marker.names ?? [])].sort((a, b) => a.length - b.length)[0] ?? '';
    const signature = wordsOf(shortest).filter((w) => !othersWords.has(w));
    const alternatives: string[] = [];
    // A name's words may be joined by spaces, hyphens or underscores, or run together, in any case (`streamable-HTTP`).
    for (const name of marker.names ?? []) alternatives.push(`(?<![\\w+])${name.split(/[\s_-]+/).map(escape).join('[\\s_-]*')}(?![\\w+])`);
    if (signature.length > 0) {
      const sig = signature.map(escape).join('|');
      // "SSE transport", "(SSE) transport"; an identifier with the word and "Transport" in it.
      alternatives.push(`\\b(?:${sig})\\)?\\s+transport`);
      alternatives.push(`\\b[A-Za-z_]*(?:${sig})[A-Za-z_]*Transport\\w*|\\b\\w*transport[A-Za-z_]*(?:${sig})\\w*`);
    }
    for (const event of marker.events ?? []) alternatives.push(`\\bevent:\\s*${escape(event)}\\b|\`${escape(event)}\`\\s+event\\b|\\b${escape(event)} event\\b`);
    const pattern = alternatives.length > 0 ? new RegExp(alternatives.join('|'), 'gi') : null;
    // What a match needs: a signature word or an event name, or every word of one of the names. A text
    // without any of that is skipped without running the pattern.
    // Searched without case, as the pattern is (and no lowercased copy of a long text is made).
    const needles = [...new Set([...signature, ...(marker.events ?? []).map((e) => e.toLowerCase())])];
    const anyNeedle = needles.length > 0 ? new RegExp(needles.map(escape).join('|'), 'i') : null;
    const nameWords = (marker.names ?? []).map(wordsOf).filter((words) => words.length > 0).map((words) => words.map((w) => new RegExp(escape(w), 'i')));
    const mayHold = (text: string) => {
      if (anyNeedle !== null && anyNeedle.test(text)) return true;
      next: for (let i = 0; i < nameWords.length; i++) {
        const words = nameWords[i]!;
        for (let j = 0; j < words.length; j++) if (!words[j]!.test(text)) continue next;
        return true;
      }
      return false;
    };
    return {
      marker,
      mayHold,
      find: (text: string) => {
        if (pattern === null) return [];
        if (!mayHold(text)) return [];
        return [...text.matchAll(pattern)].filter((m) => signatureIn(m[0], signature, marker.names ?? [], marker.events ?? [])).map((m) => ({ at: m.index }));
      },
    };
  });
}

/** An identifier match must hold the signature as a word of its own (`SSEServer…`, `sse_…`), not inside another word (`ClassesTransport`). */
function signatureIn(found: string, signature: string[], names: string[], events: string[]): boolean {
  const lower = found.toLowerCase();
  if (names.some((n) => lower.replace(/[\s_-]+/g, '') === n.toLowerCase().replace(/[\s_-]+/g, '')) || events.some((e) => lower.includes(e.toLowerCase()))) return true;
  const words = found.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/);
  return signature.some((s) => words.includes(s));
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Where a text's code opens an SSE stream and where it POSTs messages, by URL path, read
 * with the web platform's and HTTP libraries' own vocabulary: `new EventSource(url)`, a GET
 * route in code that answers `text/event-stream`; `fetch(url, { method: 'POST' })`,
 * `.post(url`, `curl -X POST url`. Offsets are into `code`.
 */
interface EndpointLayout {
  streams: { path: string; at: number }[];
  posts: { path: string; at: number }[];
}

const LITERAL = String.raw`(?:'([^'\n]*)'|"([^"\n]*)"|\`([^\`\n]*)\`)`;
const EVENT_SOURCE = new RegExp(String.raw`\bnew\s+EventSource\(\s*${LITERAL}`, 'g');
const GET_ROUTE = new RegExp(String.raw`\.get\(\s*${LITERAL}`, 'g');
const FETCH_POST = new RegExp(String.raw`\bfetch\(\s*${LITERAL}\s*,\s*\{[\s\S]{0,300}?\bmethod\s*:\s*['"]POST['"]`, 'gi');
const DOT_POST = new RegExp(String.raw`\.post\(\s*${LITERAL}`, 'g');
const CURL_POST = /\bcurl\b[^\n]*?-X\s*POST\b[^\n]*?((?:https?:\/\/|\/)[^\s'"]+)|\bcurl\b[^\n]*?((?:https?:\/\/|\/)[^\s'"]+)[^\n]*?-X\s*POST\b/g;

export function endpointLayout(code: string): EndpointLayout {
  const out: EndpointLayout = { streams: [], posts: [] };
  const add = (list: { path: string; at: number }[], url: string | undefined, at: number, routeOnly = false) => {
    const path = urlPath(url ?? '');
    if (path !== null && (!routeOnly || url!.startsWith('/'))) list.push({ path, at });
  };
  // (Each pattern runs only where the word it needs occurs: most code opens no stream and posts nothing.)
  if (code.includes('EventSource')) for (const m of code.matchAll(EVENT_SOURCE)) add(out.streams, m[1] ?? m[2] ?? m[3], m.index);
  // A server's GET route is a stream only where the code answers with an event stream.
  if (code.includes('text/event-stream')) for (const m of code.matchAll(GET_ROUTE)) add(out.streams, m[1] ?? m[2] ?? m[3], m.index, true);
  if (/fetch\(/i.test(code)) for (const m of code.matchAll(FETCH_POST)) add(out.posts, m[1] ?? m[2] ?? m[3], m.index);
  if (code.includes('curl')) for (const m of code.matchAll(CURL_POST)) add(out.posts, m[1] ?? m[2], m.index);
  if (code.includes('.post(')) for (const m of code.matchAll(DOT_POST)) add(out.posts, m[1] ?? m[2] ?? m[3], m.index);
  return out;
}

/** The path of a URL or a route as code writes it (`http://host:3002/message?sessionId=${id}` → `/message`); null when there is none. */
function urlPath(url: string): string | null {
  const bare = url.replace(/\$\{[^}]*\}/g, '').replace(/[?#].*$/, '');
  const m = /^(?:https?:\/\/[^/\s]+)?(\/[\w./-]*)$/.exec(bare);
  if (!m) return null;
  return m[1]!.replace(/\/+$/, '') || '/';
}
