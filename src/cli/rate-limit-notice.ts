import type { RateWaitEvent } from '../api/rate-gate.ts';
import type { PullProgress } from '../pull/progress.ts';
import type { Output } from './output.ts';

/** Waits shorter than this pass silently (unless --verbose): a window of a few seconds is routine. */
const LONG_WAIT_MS = 3_000;

/**
 * Tells the user when a pull waits on the platform's rate limit: one line per long wait (in
 * the progress line on a terminal, a plain line otherwise), every wait with its window's
 * figures under --verbose. Overlapping waits (many requests refused at once) are told once.
 */
export function rateLimitNotice(
  output: Output,
  progress: PullProgress | undefined,
): (event: RateWaitEvent) => void {
  let toldUntil = 0;
  return (event) => {
    const until = Date.now() + event.waitMs;
    if (until <= toldUntil + 250) return;
    toldUntil = until;
    const seconds = Math.max(1, Math.round(event.waitMs / 1000));
    const left = event.window ? `, ${event.window.remaining} requests left in this window` : '';
    const text =
      event.cause === '429' && !event.window
        ? `the platform answered 429 (rate limited): waiting ${seconds} s`
        : `waiting ${seconds} s for the platform's rate limit${left}`;
    if (output.verbose) {
      const figures = event.window
        ? `limit ${event.window.limit} per window, resets at ${new Date(event.window.resetAt).toISOString()}`
        : 'no X-RateLimit-* figures';
      output.detail(`rate limit: ${text} (${figures})`);
    }
    if (event.waitMs < LONG_WAIT_MS) return;
    if (progress?.notice) progress.notice(text, until);
    else if (!output.verbose) output.info(`pull: ${text}`);
  };
}
