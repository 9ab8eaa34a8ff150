import { describe, expect, it } from 'vitest';
import {
  backoffDelay,
  defaultRetryPolicy,
  isRetryable,
  parseRetryAfter,
} from '../../src/api/retry.ts';

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(' 0 ')).toBe(0);
    expect(parseRetryAfter('1.5')).toBe(1500);
  });

  it('reads an HTTP date relative to now', () => {
    const now = Date.parse('2026-11-22T10:00:00Z');
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 09:59:00 GMT', now)).toBe(0);
  });

  it('ignores what it cannot read', () => {
    expect(parseRetryAfter(undefined)).toBeUndefined();
    expect(parseRetryAfter('')).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-1')).toBeUndefined();
  });
});

describe('backoffDelay', () => {
  const policy = { ...defaultRetryPolicy, baseDelayMs: 100, maxDelayMs: 1000 };

  it('grows exponentially within its jitter band', () => {
    expect(backoffDelay(1, policy, undefined, () => 0)).toBe(50);
    expect(backoffDelay(1, policy, undefined, () => 1)).toBe(100);
    expect(backoffDelay(3, policy, undefined, () => 0)).toBe(200);
    expect(backoffDelay(3, policy, undefined, () => 1)).toBe(400);
  });

  it('is capped by maxDelayMs', () => {
    expect(backoffDelay(20, policy, undefined, () => 1)).toBe(1000);
  });

  it('never comes back sooner than Retry-After', () => {
    expect(backoffDelay(1, policy, 2500, () => 0.5)).toBe(2500);
  });
});

describe('isRetryable', () => {
  it('retries 429 for every method, since the platform did not act on it', () => {
    expect(isRetryable('POST', 429)).toBe(true);
    expect(isRetryable('GET', 429)).toBe(true);
  });

  it('retries 5xx and network errors only for idempotent methods', () => {
    expect(isRetryable('GET', 503)).toBe(true);
    expect(isRetryable('GET', undefined)).toBe(true);
    expect(isRetryable('DELETE', 502)).toBe(true);
    expect(isRetryable('POST', 503)).toBe(false);
    expect(isRetryable('PATCH', undefined)).toBe(false);
  });

  it('does not retry client errors', () => {
    for (const status of [400, 401, 403, 404, 409, 422])
      expect(isRetryable('GET', status)).toBe(false);
    expect(isRetryable('GET', 501)).toBe(false);
  });
});
