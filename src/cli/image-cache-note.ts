import path from 'node:path';
import type { RenderResult } from '../render/index.ts';

/** Images that cost the build less than this are not worth a line. */
export const SLOW_IMAGES_SECONDS = 5;

/**
 * One line when making image variants took a while in a render (the wall time some image was
 * being made, beside the pages): they are kept in the cache folder, and a CI job that starts
 * without it makes them all again on every run.
 */
export function imageCacheNote(
  result: Pick<RenderResult, 'images'>,
  cacheDir: string,
): string | undefined {
  const { made, seconds } = result.images;
  if (made === 0 || seconds < SLOW_IMAGES_SECONDS) return undefined;
  const kept = `${path.join(cacheDir, 'render', 'images')}${path.sep}`;
  return (
    `making ${made} image variants took ${seconds.toFixed(1)} s of this build. They are kept in ${kept}: ` +
    `keep ${path.join(cacheDir)}${path.sep} between CI runs and the next build reuses them ` +
    `(Offprint's README, "Deploying from CI")`
  );
}
