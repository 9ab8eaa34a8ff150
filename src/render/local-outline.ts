import type { OutlineEntry } from '../markdown/index.ts';

/** A heading as Astro's `getHeadings()` returns it for a compiled `.md`/`.mdx` file. */
export interface AstroHeading {
  depth: number;
  slug: string;
  text: string;
}

/** A local page's outline: its `##`–`####` headings, as platform pages get theirs. */
export function localOutline(headings: readonly AstroHeading[]): OutlineEntry[] {
  return headings
    .filter((h): h is AstroHeading & { depth: 2 | 3 | 4 } => h.depth >= 2 && h.depth <= 4)
    .map((h) => ({ depth: h.depth, id: h.slug, text: h.text }));
}
