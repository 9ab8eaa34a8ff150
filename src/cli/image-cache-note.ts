import path from 'node:path';
import type { RenderResult } from '../render/index.ts';

/** Images that cost the build less than this are not worth a line. */
export const SLOW_IMAGES_SECONDS = 5;

/**
 * One line when making image variants added a while to a render (its `images` phase: what the
 * build spent on them, or waited for them): they are kept in the cache folder, and a CI job that
 * starts without it makes them all again on every run.
 */
export function imageCacheNote(
  result: Pick<RenderResult, 'images' | 'phases'>,
  cacheDir: string,
): string | undefined {
  const { made } = result.images;
  const seconds = result.phases.images;
  if (made === 0 || seconds < SLOW_IMAGES_SECONDS) return undefined;
  const kept = `${path.join(cacheDir, 'render', 'images')}${path.sep}`;
  return (
    `making ${made} image variants added ${seconds.toFixed(1)} s to this build. They are kept in ${kept}: ` +
    `keep ${path.join(cacheDir)}${path.sep} between CI runs and the next build reuses them ` +
    `(Offprint's README, "Deploying from CI")`
  );
}
