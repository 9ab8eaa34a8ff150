/**
 * When to retry a request, and how long to wait first.
 *
 * Exponential backoff with "equal jitter" (half fixed, half random) so that clients which failed
 * together do not retry together, while each wait still grows. A `Retry-After` from the platform
 * is a floor: we never come back sooner than it asked.
 */

export interface RetryPolicy {
  /** Attempts in all, the first included. */
  attempts: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Give up rather than wait past this much time since the first attempt. */
  maxTotalMs: number;
}

export const defaultRetryPolicy: RetryPolicy = {
  attempts: 6,
  baseDelayMs: 200,
  maxDelayMs: 8_000,
  maxTotalMs: 60_000,
};

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/**
 * Whether a failed attempt may be tried again. A 429 means the platform did not act on the
 * request, so even a POST may be sent again; a 5xx or a dropped connection might have been
 * acted on, so only idempotent methods are.
 */
export function isRetryable(method: string, status: number | undefined): boolean {
  if (status === 429) return true;
  const transient =
    status === undefined || status === 408 || (status >= 500 && status <= 599 && status !== 501);
  return transient && IDEMPOTENT.has(method.toUpperCase());
}

/** `Retry-After` as milliseconds from `now`: delta-seconds or an HTTP date; undefined if absent or unreadable. */
export function parseRetryAfter(
  value: string | null | undefined,
  now = Date.now(),
): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // An HTTP date always has a day or month name; without one, Date.parse would take "-1" as a year.
  if (!/[A-Za-z]/.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/** The wait before attempt `attempt + 1` (attempt counts from 1). */
export function backoffDelay(
  attempt: number,
  policy: RetryPolicy,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const jittered = ceiling / 2 + random() * (ceiling / 2);
  return Math.round(Math.max(jittered, retryAfterMs ?? 0));
}
