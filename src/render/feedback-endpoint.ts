/**
 * A module of its own: the command line checks `--feedback-url` with it before anything of the
 * render is loaded.
 */

/** A feedback endpoint must be an absolute http(s) URL; `undefined` when it is not. */
export function feedbackEndpoint(value: string): string | undefined {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}
