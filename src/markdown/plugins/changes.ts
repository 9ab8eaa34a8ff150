/**
 * The last step before the stringifier: with `MarkdownOptions.previous`, marks what the page's
 * blocks changed against the previous markdown's, which `renderMarkdown` rendered through this
 * same pipeline beforehand (`changes.ts`). It runs after the text, the outline and the guard, so
 * the page's text, outline and references are what they are without it; the removed blocks it
 * puts in are the previous document's own sanitized and guarded render. Without `previous` it
 * does nothing.
 */
import type { Root } from 'hast';
import type { VFile } from 'vfile';
import { bodyBlocks, markChanges, type RenderedDocument } from '../changes.ts';

export interface ChangesOptions {
  /** `MarkdownOptions.previous` rendered up to the stringifier, with its blocks. */
  previous: RenderedDocument | undefined;
}

export function rehypeOpChanges({ previous }: ChangesOptions) {
  return (tree: Root, file: VFile) => {
    if (!previous) return;
    file.data.changes = markChanges({ tree, blocks: bodyBlocks(file) }, previous);
  };
}
