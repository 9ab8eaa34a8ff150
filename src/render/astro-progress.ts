/**
 * Counting the pages Astro renders. Astro renders them in this process, but from the bundle it
 * built of the page route, whose copy of any module shares no state with the render's: a
 * registered global is the one channel between the two.
 */
const LISTENER = Symbol.for('offprint.astroPageRendered');

type WithListener = typeof globalThis & { [LISTENER]?: () => void };

/** The page route calls this as it renders each page (a no-op when nobody counts). */
export function astroPageRendered(): void {
  (globalThis as WithListener)[LISTENER]?.();
}

/** Calls `listener` for each page Astro renders, until the returned function is called. */
export function onAstroPage(listener: () => void): () => void {
  (globalThis as WithListener)[LISTENER] = listener;
  return () => {
    delete (globalThis as WithListener)[LISTENER];
  };
}
