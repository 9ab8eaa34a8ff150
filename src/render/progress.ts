/**
 * How far a render's long phases are, for whoever watches (`RenderOptions.onProgress`): the
 * render only counts; the command line decides what to show (src/cli/render-progress.ts).
 */
export interface RenderProgress {
  /** `search` is Pagefind's indexing, which runs beside markdown and Astro. */
  phase: 'images' | 'markdown' | 'astro' | 'search';
  done: number;
  total: number;
}

export type OnRenderProgress = (event: RenderProgress) => void;

/**
 * One phase's count, told at 0 now (the phase has started) and then at each call of the result,
 * one more item done. Nothing without a watcher.
 */
export function progressCounter(
  onProgress: OnRenderProgress | undefined,
  phase: RenderProgress['phase'],
  total: number,
): () => void {
  if (!onProgress) return () => {};
  let done = 0;
  onProgress({ phase, done, total });
  return () => onProgress({ phase, done: ++done, total });
}
