import { InputError } from '../core/errors.ts';

/**
 * One HTTP(S) GET whose cost is bounded however the server behaves: the body is streamed
 * and refused past a byte cap (an endless chunked body costs at most the cap in memory),
 * an idle timeout ends silence (no headers, or no body bytes, for `idleMs`) and a total
 * budget ends a server that trickles a byte just often enough to beat the idle timeout.
 *
 * It lives in src/ because both the CLI's URL inputs (diff, which, lint) and the scraper
 * read through it; the scraper adds retries, conditional requests and content checks on top.
 */

export interface FetchLimits {
  /** Give up when no headers, or no body bytes, arrive for this long. */
  idleMs: number;
  /** Give up when headers and body together take longer than this. */
  totalMs: number;
  /** Refuse a body larger than this, announced or sent. */
  maxBytes: number;
}

/** No spec page or schema comes near it. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;
export const DEFAULT_IDLE_MS = 30_000;
/** Who is asking, so a server's operator can tell (sent by the CLI and the scraper alike). */
export const USER_AGENT = 'specdelta/0.1 (spec revision diff)';
const MIN_TOTAL_MS = 120_000;

/** The limits for an idle timeout: the total budget is two minutes, or four idle periods when that is longer. */
export function fetchLimits(idleMs = DEFAULT_IDLE_MS, maxBytes = MAX_DOCUMENT_BYTES): FetchLimits {
  return { idleMs, totalMs: Math.max(MIN_TOTAL_MS, 4 * idleMs), maxBytes };
}

export type FetchLimitKind = 'timeout' | 'too-large' | 'truncated';

/** A GET that broke a limit, or a body that ended short: `URL could not be fetched (why).` */
export class FetchLimitError extends InputError {
  readonly kind: FetchLimitKind;

  constructor(kind: FetchLimitKind, url: string, reason: string, options?: { cause?: unknown }) {
    super(`${url} could not be fetched (${reason}).`, options);
    this.kind = kind;
  }
}

interface CappedRequest {
  headers?: Record<string, string>;
  limits: FetchLimits;
}

/**
 * Sends the GET and hands the response (status, headers) to `use` with a function that
 * reads the body under the limits. A body `use` does not read is dropped. Network failures
 * are thrown as fetch threw them (see network-errors.ts); limits as FetchLimitError.
 */
export async function fetchCapped<T>(url: string, request: CappedRequest, use: (response: Response, readBody: () => Promise<Buffer>) => Promise<T>): Promise<T> {
  const { limits } = request;
  const controller = new AbortController();
  let fired: 'idle' | 'total' | null = null;
  let phase: 'headers' | 'body' = 'headers';
  const stop = (why: 'idle' | 'total') => {
    fired ??= why;
    controller.abort();
  };
  const total = setTimeout(() => stop('total'), limits.totalMs);
  let idle: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(idle);
    idle = setTimeout(() => stop('idle'), limits.idleMs);
  };
  const timedOut = () => new FetchLimitError('timeout', url, fired === 'total'
    ? `not complete within ${seconds(limits.totalMs)}, timed out`
    : phase === 'headers' ? `no answer within ${seconds(limits.idleMs)}, timed out` : `the body stalled: no data for ${seconds(limits.idleMs)}, timed out`);

  let response: Response | undefined;
  let reading = false;
  try {
    arm();
    response = await fetch(url, { headers: request.headers, signal: controller.signal, redirect: 'follow' });
    phase = 'body';
    arm();
    const body = response;
    const readBody = () => {
      reading = true;
      return readCapped(body, url, limits.maxBytes, arm, () => (fired ? timedOut() : null));
    };
    return await use(response, readBody);
  } catch (error) {
    // An abort by one of our timers surfaces as fetch's AbortError: say which limit it was.
    throw fired && !(error instanceof InputError) ? timedOut() : error;
  } finally {
    clearTimeout(idle);
    clearTimeout(total);
    if (response && !reading) await response.body?.cancel().catch(() => undefined);
    // Ends the connection of a body left unread or broken off; a no-op after a complete read.
    controller.abort();
  }
}

/** `arm` restarts the idle timer; `timedOut` is the error to throw when a timer ended the read. */
async function readCapped(response: Response, url: string, maxBytes: number, arm: () => void, timedOut: () => FetchLimitError | null): Promise<Buffer> {
  const declared = declaredLength(response);
  if (declared !== null && declared > maxBytes) throw new FetchLimitError('too-large', url, `it is ${declared} bytes, over the ${maxBytes}-byte size cap`);
  if (!response.body) return Buffer.alloc(0);
  const chunks: Uint8Array[] = [];
  let received = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      arm();
      received += value.byteLength;
      if (received > maxBytes) throw new FetchLimitError('too-large', url, `it sent more than the ${maxBytes}-byte size cap`);
      chunks.push(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    const timeout = timedOut();
    if (timeout) throw timeout;
    if (error instanceof FetchLimitError || declared === null || received >= declared) throw error;
    throw new FetchLimitError('truncated', url, `it broke off after ${received} of ${declared} bytes`, { cause: error });
  }
  if (declared !== null && received !== declared) throw new FetchLimitError('truncated', url, `it sent ${received} bytes but announced ${declared}`);
  return Buffer.concat(chunks);
}

/** Content-Length, when it counts the bytes we read (not for compressed bodies). */
function declaredLength(response: Response): number | null {
  const encoding = response.headers.get('content-encoding');
  if (encoding && encoding.toLowerCase() !== 'identity') return null;
  const value = response.headers.get('content-length');
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value);
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`;
}
