import type { Marker } from './fingerprints.ts';

/**
 * How a text names a transport the fingerprints know, from what the spec calls it:
 * - any of its names (`HTTP+SSE`, `HTTP with Server-Sent Events`, `Streamable HTTP`);
 * - its signature word (a word of its shortest name no other transport's names share: `SSE`,
 *   `Streamable`) before the word "transport" (`SSE transport`), or inside an identifier
 *   that also says transport (`SSEServerTransport`, `SseServerTransport`, `StreamableHTTPServerTransport`);
 * - an SSE event only its section defines (`event: endpoint`, "the `endpoint` event").
 * All derived from the markers; nothing here names a transport. Browser-safe.
 */
export interface TransportMatcher {
  marker: Marker;
  /** Offsets where the text names the transport. */
  find: (text: string) => { at: number }[];
}

export function transportMatchers(markers: readonly Marker[]): TransportMatcher[] {
  const transports = markers.filter((m) => m.kind === 'transport' && (m.names?.length ?? 0) > 0);
  const wordsOf = (name: string) => name.toLowerCase().split(/[^a-z0-9]+/).filter((w) => w.length > 1 && !/^transports?$/.test(w));
  return transports.map((marker) => {
    const othersWords = new Set(transports.filter((t) => t !== marker).flatMap((t) => (t.names ?? []).flatMap(wordsOf)));
    const shortest = [...(marker.names ?? [])].sort((a, b) => a.length - b.length)[0] ?? '';
    const signature = wordsOf(shortest).filter((w) => !othersWords.has(w));
    const alternatives: string[] = [];
    for (const name of marker.names ?? []) alternatives.push(`(?<![\\w+])${escape(name).replace(/\\s+/g, '\\s+')}(?![\\w+])`);
    if (signature.length > 0) {
      const sig = signature.map(escape).join('|');
      // "SSE transport", "(SSE) transport"; an identifier with the word and "Transport" in it.
      alternatives.push(`\\b(?:${sig})\\)?\\s+transport`);
      alternatives.push(`\\b[A-Za-z_]*(?:${sig})[A-Za-z_]*Transport\\w*|\\b\\w*transport[A-Za-z_]*(?:${sig})\\w*`);
    }
    for (const event of marker.events ?? []) alternatives.push(`\\bevent:\\s*${escape(event)}\\b|\`${escape(event)}\`\\s+event\\b|\\b${escape(event)} event\\b`);
    const pattern = alternatives.length > 0 ? new RegExp(alternatives.join('|'), 'gi') : null;
    // Every alternative holds one of these words: a text holding none is skipped without running the pattern.
    const needles = [...new Set([...signature, ...(marker.names ?? []).flatMap(wordsOf), ...(marker.events ?? []).map((e) => e.toLowerCase())])];
    return {
      marker,
      find: (text: string) => {
        if (pattern === null) return [];
        const lower = text.toLowerCase();
        if (!needles.some((n) => lower.includes(n))) return [];
        return [...text.matchAll(pattern)].filter((m) => signatureIn(m[0], signature, marker.names ?? [], marker.events ?? [])).map((m) => ({ at: m.index }));
      },
    };
  });
}

/** An identifier match must hold the signature as a word of its own (`SSEServer…`, `sse_…`), not inside another word (`ClassesTransport`). */
function signatureIn(found: string, signature: string[], names: string[], events: string[]): boolean {
  const lower = found.toLowerCase();
  if (names.some((n) => lower.replace(/\s+/g, ' ') === n.toLowerCase()) || events.some((e) => lower.includes(e.toLowerCase()))) return true;
  const words = found.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/);
  return signature.some((s) => words.includes(s));
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
