/**
 * What the plugins find about the page, kept on the render's `VFile` as unified plugins keep
 * their findings (`file.data`): `renderMarkdown` reads it back into the `MarkdownResult`.
 */
import type { VFile } from 'vfile';
import type { IconStandIn, Reference, RenderedReference, ResponsiveImage } from './types.ts';

/** Images with variants the page shows, by the URL of their `img`. */
export type Pictures = Map<string, { image: ResponsiveImage; name: string }>;

declare module 'vfile' {
  interface DataMap {
    /** The leading `# Title`'s text (plugins/title.ts). */
    title: string;
    /** Every reference the page makes, resolved or not, in the order they were met. */
    references: RenderedReference[];
    /** Ids given to elements after sanitizing (tabs, headings): unique in the page. */
    usedIds: Set<string>;
    /**
     * Images with responsive variants, by the URL the references plugin gave their `img`: the
     * picture plugin (after sanitizing) reads them from here, never from the page's markup.
     */
    pictures: Pictures;
    /** Pro icons drawn as the nearest open glyph, once per name (plugins/icons.ts). */
    iconStandIns: IconStandIn[];
  }
}

/** Records a reference of the page, on its page line; one not resolved is a broken link. */
export function addReference(
  file: VFile,
  ref: Reference,
  line: number | undefined,
  resolved: boolean,
): void {
  file.data.references ??= [];
  file.data.references.push(line === undefined ? { ref, resolved } : { ref, line, resolved });
}

/** The ids the page's elements were given so far. */
export function usedIds(file: VFile): Set<string> {
  file.data.usedIds ??= new Set();
  return file.data.usedIds;
}

/** The images with variants the page shows so far, by their URL. */
export function pictures(file: VFile): Pictures {
  file.data.pictures ??= new Map();
  return file.data.pictures;
}
