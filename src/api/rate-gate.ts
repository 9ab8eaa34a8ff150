import { setTimeout as sleep } from 'node:timers/promises';
import pLimit, { type LimitFunction } from 'p-limit';

/**
 * One pace for a whole client. The platform sends `X-RateLimit-Limit`, `-Remaining` and `-Reset`
 * (UTC epoch seconds) on every answer (docs/rate-limits.md); the gate keeps the freshest
 * figures and, once the window is spent, holds every request until it resets, instead of
 * letting the requests in flight collect 429s. Concurrency adapts too: halved when the
 * platform pushes back (429, 5xx, dropped connection), grown by one after a run of successes.
 */

export interface RateWindow {
  limit: number;
  /** Requests the window still allows, as estimated by the gate (never above the platform's). */
  remaining: number;
  /** When the window resets, epoch milliseconds. */
  resetAt: number;
}

export interface RateWaitEvent {
  /** `window`: the window is spent and every request waits; `429`: the platform refused one. */
  cause: 'window' | '429';
  waitMs: number;
  window: RateWindow | undefined;
}

export interface RateGateOptions {
  /** The most requests in flight at once. */
  maxConcurrency: number;
  /** Called once per hold of the whole client, and for each 429. */
  onWait?: (event: RateWaitEvent) => void;
  /** Extra wait past `Reset`, spread at random over [min, 2·min) so clients do not wake together. */
  marginMs?: number;
  random?: () => number;
}

/** Figures read from one response; undefined when it carried none. */
export function readRateHeaders(headers: Headers | undefined): RateWindow | undefined {
  const limit = Number(headers?.get('x-ratelimit-limit') ?? Number.NaN);
  const remaining = Number(headers?.get('x-ratelimit-remaining') ?? Number.NaN);
  const reset = Number(headers?.get('x-ratelimit-reset') ?? Number.NaN);
  if (![limit, remaining, reset].every(Number.isFinite)) return undefined;
  return { limit, remaining: Math.max(0, remaining), resetAt: reset * 1000 };
}

/** A request would have to wait past its deadline for the window to reset. */
export class RateWaitExceeded extends Error {
  override readonly name = 'RateWaitExceeded';
  readonly waitMs: number;

  constructor(waitMs: number) {
    super(`the platform's rate limit window resets in ${Math.ceil(waitMs / 1000)} s`);
    this.waitMs = waitMs;
  }
}

export class RateGate {
  readonly #limit: LimitFunction;
  readonly #max: number;
  readonly #onWait: (event: RateWaitEvent) => void;
  readonly #marginMs: number;
  readonly #random: () => number;
  /** Requests sent so far; a response's figures are corrected by those sent after it. */
  #sent = 0;
  #window: (RateWindow & { sentAt: number }) | undefined;
  #holdUntil = 0;
  #successes = 0;

  constructor(options: RateGateOptions) {
    this.#max = Math.max(1, options.maxConcurrency);
    this.#limit = pLimit(this.#max);
    this.#onWait = options.onWait ?? (() => {});
    this.#marginMs = options.marginMs ?? 100;
    this.#random = options.random ?? Math.random;
  }

  get concurrency(): number {
    return this.#limit.concurrency;
  }

  get activeCount(): number {
    return this.#limit.activeCount;
  }

  /** The window as the gate sees it now, if the platform has sent figures. */
  get window(): RateWindow | undefined {
    const window = this.#window;
    if (!window) return undefined;
    return {
      limit: window.limit,
      remaining: Math.max(0, window.remaining - (this.#sent - window.sentAt)),
      resetAt: window.resetAt,
    };
  }

  /**
   * Runs one attempt when a slot is free and the window allows it. `attempt` gets the send
   * number that `observe` needs to place the response's figures in time.
   */
  run<T>(attempt: (sentAt: number) => Promise<T>, deadline = Number.POSITIVE_INFINITY): Promise<T> {
    return this.#limit(async () => {
      await this.#waitForWindow(deadline);
      return attempt(this.#sent++);
    });
  }

  /** Reads the figures of a response to the request sent as number `sentAt`. */
  observe(headers: Headers | undefined, sentAt: number): void {
    const figures = readRateHeaders(headers);
    if (!figures) return;
    // Requests sent after this one may not have been counted yet: assume they were.
    const estimate = {
      ...figures,
      remaining: figures.remaining - (this.#sent - sentAt - 1),
      sentAt: this.#sent,
    };
    const known = this.window;
    const newer = !known || figures.resetAt > known.resetAt;
    if (newer || (figures.resetAt === known.resetAt && estimate.remaining < known.remaining))
      this.#window = estimate;
  }

  /**
   * A 429. When the platform says when its window resets, the whole client holds until then;
   * else only this request waits, `retryAfterMs` or `fallbackMs`. Returns this request's wait.
   */
  refused(
    headers: Headers | undefined,
    retryAfterMs: number | undefined,
    fallbackMs: number,
  ): number {
    this.pushback();
    const figures = readRateHeaders(headers);
    const now = Date.now();
    if (figures && figures.resetAt > now) {
      const waitMs = Math.max(retryAfterMs ?? 0, figures.resetAt - now + this.#margin());
      this.#hold(now + waitMs);
      this.#onWait({ cause: '429', waitMs, window: { ...figures, remaining: 0 } });
      return waitMs;
    }
    const waitMs = retryAfterMs ?? fallbackMs;
    this.#onWait({ cause: '429', waitMs, window: undefined });
    return waitMs;
  }

  /** The platform pushed back (429, 5xx, dropped connection): fewer requests in flight. */
  pushback(): void {
    this.#limit.concurrency = Math.max(1, Math.floor(this.#limit.concurrency / 2));
    this.#successes = 0;
  }

  /** A success: after as many in a row as the current concurrency, one more in flight. */
  succeeded(): void {
    if (this.#limit.concurrency >= this.#max) return;
    if (++this.#successes >= this.#limit.concurrency) {
      this.#limit.concurrency++;
      this.#successes = 0;
    }
  }

  async #waitForWindow(deadline: number): Promise<void> {
    for (;;) {
      const now = Date.now();
      if (this.#holdUntil > deadline) throw new RateWaitExceeded(this.#holdUntil - now);
      if (this.#holdUntil > now) {
        await sleep(this.#holdUntil - now);
        continue;
      }
      const window = this.window;
      if (!window || window.remaining > 0 || window.resetAt <= now) return;
      const until = window.resetAt + this.#margin();
      this.#hold(until);
      this.#onWait({ cause: 'window', waitMs: until - now, window });
    }
  }

  /** Holds every request until `until`; the next response brings the new window's figures. */
  #hold(until: number): void {
    if (until <= this.#holdUntil) return;
    this.#holdUntil = until;
    this.#window = undefined;
  }

  #margin(): number {
    return this.#marginMs * (1 + this.#random());
  }
}
