/**
 * What a page needs in the browser (`MarkdownResult.features`), kept on the render's `VFile`
 * (`file.data.features`): a plugin marks it with `useFeature(file, …)`, as unified plugins keep
 * what they find in `file.data`.
 */
import type { VFile } from 'vfile';
import type { MarkdownFeatures } from './types.ts';

declare module 'vfile' {
  interface DataMap {
    /** Scripts and styles the page needs. */
    features: MarkdownFeatures;
  }
}

/** The features `file` has been marked with so far. */
export function featuresOf(file: VFile): MarkdownFeatures {
  file.data.features ??= { mermaid: false, math: false, tabs: false };
  return file.data.features;
}

/** Marks that the page needs `feature`'s script or style. */
export function useFeature(
  file: VFile,
  feature: Exclude<keyof MarkdownFeatures, 'operations'>,
): void {
  featuresOf(file)[feature] = true;
}
