import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter } from './retry.ts';

describe('backoff with full jitter', () => {
  it('waits a random time up to base·2^attempt, capped', () => {
    const policy = (random: number) => ({ baseDelayMs: 100, maxDelayMs: 1000, random: () => random });
    expect(backoffDelay(0, policy(0.999))).toBe(99);
    expect(backoffDelay(2, policy(0.5))).toBe(200);
    expect(backoffDelay(10, policy(0.999))).toBe(999);
    expect(backoffDelay(3, policy(0))).toBe(0);
  });
});

describe('Retry-After', () => {
  it('reads delay-seconds and HTTP dates', () => {
    const now = Date.parse('Wed, 21 Oct 2026 07:28:00 GMT');
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:30 GMT', now)).toBe(30_000);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
  });
});
