/**
 * How a message travels: the one vocabulary of the page model (what an example shows), the
 * schema (what a definition is) and the detector (which shape a revision gives a method).
 * Each side uses the members it can tell: a page's examples show requests, notifications,
 * results and errors, framed or bare; a schema defines requests, notifications and embedded
 * objects. Ids are what records and caches keep, labels what readers see, so renaming a
 * label never changes stored data.
 */
export type Envelope = 'request' | 'notification' | 'result' | 'error' | 'bare-call' | 'bare-result' | 'embedded';

const LABELS: Record<Envelope, string> = {
  request: 'JSON-RPC request',
  notification: 'JSON-RPC notification',
  result: 'JSON-RPC response',
  error: 'JSON-RPC error response',
  'bare-call': 'bare method call without a JSON-RPC envelope',
  'bare-result': 'bare result without a JSON-RPC envelope',
  embedded: 'embedded object',
};

/** Human words for an envelope ("JSON-RPC request", "embedded object"). */
export function envelopeLabel(envelope: Envelope): string {
  return LABELS[envelope];
}

/** A call framed as a JSON-RPC message of its own: an example's `id` is all that tells the two apart. */
export function isFramedCall(value: unknown): value is 'request' | 'notification' {
  return value === 'request' || value === 'notification';
}

/**
 * The detector's coarser reading of an envelope, for a method: sent as a JSON-RPC message
 * of its own, or embedded in another message. Coarser because a tutorial's example leaves
 * out `id` as often as not, so request and notification are one framing. The ids are the
 * fingerprints' stored spelling (`envelope:roots/list:framed`).
 */
export const FRAMINGS = ['framed', 'embedded'] as const;
export type Framing = (typeof FRAMINGS)[number];

/**
 * The framing an envelope gives its method, or null when it says none (a reply, or a bare
 * call shown nowhere in particular). A bare call whose caption places it in a container is
 * delivered inside that container: embedded.
 */
export function framingOf(envelope: Envelope, container: string | null = null): Framing | null {
  if (isFramedCall(envelope)) return 'framed';
  if (envelope === 'embedded' || (envelope === 'bare-call' && container)) return 'embedded';
  return null;
}

/** Human words for a framing, with where an embedded method is delivered when known. */
export function framingLabel(framing: Framing, container: string | null): string {
  return framing === 'framed' ? 'sent as a JSON-RPC message of its own' : `embedded in ${container || 'another message'}`;
}
