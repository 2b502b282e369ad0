import { UsageError } from '../core/errors.ts';
import { DEFAULT_IDLE_MS, fetchLimits, type FetchLimits } from '../net/capped-fetch.ts';

/** A whole-number option (`--concurrency 4`), or `fallback` when absent; anything else is a usage error. */
export function count(value: string | number | undefined, flag: string, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  const n = typeof value === 'number' ? value : /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!Number.isInteger(n) || n < min) throw new UsageError(`${flag} must be a whole number of at least ${min} (got ${String(value)}).`);
  return n;
}

/** The limits for URL inputs from `--timeout <ms>` (the idle timeout; the total budget follows from it). */
export function urlLimits(timeout: string | number | undefined): FetchLimits {
  return fetchLimits(count(timeout, '--timeout', DEFAULT_IDLE_MS));
}
