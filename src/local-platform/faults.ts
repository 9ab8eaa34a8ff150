/**
 * Deterministic fault injection. Requests to /v1 and to file downloads are numbered from 1
 * (restarting at every `setFaults`); the Nth request gets the fault whose period divides N.
 * Counting instead of randomness makes a failing retry test reproducible.
 */

export interface FaultOptions {
  /** Delay before every answer, in milliseconds. */
  latencyMs?: number;
  /** Every Nth request answers 429 with `Retry-After`. */
  every429?: number;
  /** Seconds sent in `Retry-After` (default 1). */
  retryAfter?: number;
  /** Every Nth request answers 503. */
  every503?: number;
  /** Every Nth request has its connection destroyed without an answer. */
  everyDrop?: number;
}

export type Fault =
  | { kind: 'none' }
  | { kind: 'drop' }
  | { kind: '429'; retryAfter: number }
  | { kind: '503' };

export class FaultInjector {
  private options: FaultOptions = {};
  private count = 0;

  constructor(options: FaultOptions = {}) {
    this.set(options);
  }

  set(options: FaultOptions): void {
    for (const key of ['every429', 'every503', 'everyDrop'] as const) {
      const value = options[key];
      if (value !== undefined && (!Number.isInteger(value) || value < 1)) {
        throw new RangeError(`faults.${key} must be a positive integer, got ${value}`);
      }
    }
    this.options = { ...options };
    this.count = 0;
  }

  get latencyMs(): number {
    return Math.max(0, this.options.latencyMs ?? 0);
  }

  /** The fault of the next request. A drop wins over a 429, a 429 over a 503. */
  next(): Fault {
    const n = ++this.count;
    const { every429, every503, everyDrop } = this.options;
    if (everyDrop && n % everyDrop === 0) return { kind: 'drop' };
    if (every429 && n % every429 === 0)
      return { kind: '429', retryAfter: Math.max(0, this.options.retryAfter ?? 1) };
    if (every503 && n % every503 === 0) return { kind: '503' };
    return { kind: 'none' };
  }
}
