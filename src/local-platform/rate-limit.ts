/**
 * The platform's documented rate limit, as a fixed window: `limit` requests per `windowSeconds`,
 * counted across every client. Every answer carries `X-RateLimit-Limit`, `-Remaining` and
 * `-Reset` (the window's end, UTC epoch seconds); once the window is spent the answer is 429
 * with those headers and no `Retry-After` (docs/rate-limits.md).
 */

export interface RateLimitOptions {
  /** Requests allowed per window. */
  limit: number;
  /** The window's length in seconds. */
  windowSeconds: number;
}

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
}

export class FixedWindowLimiter {
  readonly #limit: number;
  readonly #windowMs: number;
  #windowStart = 0;
  #used = 0;
  /** Requests refused with 429 since the start. */
  refused = 0;

  private readonly now: () => number;

  constructor(options: RateLimitOptions, now: () => number = Date.now) {
    this.now = now;
    if (!Number.isInteger(options.limit) || options.limit < 1)
      throw new RangeError(`rate limit must be a positive integer, got ${options.limit}`);
    if (!Number.isFinite(options.windowSeconds) || options.windowSeconds <= 0)
      throw new RangeError(
        `rate window must be a positive number of seconds, got ${options.windowSeconds}`,
      );
    this.#limit = options.limit;
    this.#windowMs = options.windowSeconds * 1000;
  }

  /** Counts one request against the current window. */
  take(): RateDecision {
    const now = this.now();
    if (now >= this.#windowStart + this.#windowMs) {
      // Windows are aligned on multiples of their length, like a platform counting per minute.
      this.#windowStart = now - (now % this.#windowMs);
      this.#used = 0;
    }
    const allowed = this.#used < this.#limit;
    if (allowed) this.#used++;
    else this.refused++;
    const resetSeconds = (this.#windowStart + this.#windowMs) / 1000;
    return {
      allowed,
      headers: {
        'x-ratelimit-limit': String(this.#limit),
        'x-ratelimit-remaining': String(this.#limit - this.#used),
        // Epoch seconds, as documented; a window shorter than a second still ends after now.
        'x-ratelimit-reset': String(Math.ceil(resetSeconds * 1000) / 1000),
      },
    };
  }
}

/** The 429 message the platform documents, with the wait rounded up to whole seconds. */
export function rateLimitMessage(resetEpochSeconds: number, now = Date.now()): string {
  const seconds = Math.max(1, Math.ceil(resetEpochSeconds - now / 1000));
  return `API rate limit exceeded. Please try again in ${seconds} seconds`;
}
