import { InputError } from '../src/core/errors.ts';

/**
 * Why fetching one file failed. `retryable` kinds are tried again with backoff; the others
 * end that file's fetch at once (a 404 will not turn into a page by asking again).
 */
export type FailureKind =
  | 'not-found' // 404 / 410, or no such file in a directory or git tree
  | 'http' // another non-success status (4xx other than 404/408/429)
  | 'server' // 5xx (retryable)
  | 'rate-limited' // 429 (retryable, honours Retry-After)
  | 'timeout' // no headers or no body progress within the timeout (retryable)
  | 'network' // connection refused / reset, a temporary DNS failure (retryable)
  | 'no-host' // the host name does not resolve (ENOTFOUND): asking again will not help
  | 'truncated' // fewer bytes than Content-Length (retryable)
  | 'too-large' // over the size cap
  | 'content-type' // not the kind of document asked for (e.g. an HTML error page)
  | 'invalid' // the bytes arrived but are not a usable document (bad UTF-8, bad JSON)
  | 'mismatch'; // --frozen: the bytes do not have the hash the lock records

const RETRYABLE: ReadonlySet<FailureKind> = new Set(['server', 'rate-limited', 'timeout', 'network', 'truncated']);

/**
 * A failure to get something from a source. It is user-facing (exit 2, one sentence, no
 * stack trace): the network, the mirror or the upstream is at fault, not specdelta.
 */
export class SourceError extends InputError {
  readonly kind: FailureKind;
  /** Milliseconds the server asked us to wait (Retry-After), when it said. */
  readonly retryAfterMs: number | null;

  constructor(kind: FailureKind, message: string, options: { retryAfterMs?: number | null; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.kind = kind;
    this.retryAfterMs = options.retryAfterMs ?? null;
  }

  get retryable(): boolean {
    return RETRYABLE.has(this.kind);
  }
}
