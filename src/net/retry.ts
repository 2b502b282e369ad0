/**
 * When to try again: exponential backoff with full jitter (a random wait between 0 and
 * base·2^attempt, capped), and the server's Retry-After when it gives one.
 */
export interface RetryPolicy {
  /** Attempts after the first one. */
  retries: number;
  /** Backoff base in milliseconds. */
  baseDelayMs: number;
  /** Upper bound of one backoff wait. */
  maxDelayMs: number;
  /** Longest Retry-After we honour; a server asking for more fails the fetch instead. */
  maxRetryAfterMs: number;
  /** Source of jitter in [0, 1). */
  random: () => number;
  sleep: (ms: number) => Promise<void>;
}

export const DEFAULT_RETRY: RetryPolicy = {
  retries: 4,
  baseDelayMs: 500,
  maxDelayMs: 8_000,
  maxRetryAfterMs: 60_000,
  random: Math.random,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** The wait before retry number `attempt + 1` (attempt counts from 0). */
export function backoffDelay(attempt: number, policy: Pick<RetryPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'>): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** attempt);
  return Math.floor(policy.random() * ceiling);
}

/**
 * Retry-After as milliseconds: either delay-seconds ("120") or an HTTP date. Null when
 * absent or unreadable; never negative.
 */
export function parseRetryAfter(value: string | null | undefined, now: number = Date.now()): number | null {
  if (value == null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now);
}
