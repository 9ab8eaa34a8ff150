import { z } from 'zod';
import { existing, httpUrl, text, toggle } from './fields.ts';

/** What a render writes, and from what beside the snapshot (build, render, preview). */
export const RenderConfig = z.object({
  /** Output directory, replaced whole only by a complete build. @default "dist" */
  out: text().optional(),
  /** Base path the site is served under. @default the site's basename, else "/" */
  base: text().optional(),
  /** The site's public origin, for canonical URLs, OpenGraph tags and sitemap.xml. */
  siteUrl: text().optional(),
  /** Fail when a link is broken, leaving the previous output as it was. */
  failOnBrokenLinks: toggle().optional(),
  /** A folder of trusted local `.md`/`.mdx` pages (docs/local-pages.md). */
  pages: existing('directory').optional(),
  /** A folder of `.astro` theme overrides (docs/theme-overrides.md). */
  theme: existing('directory').optional(),
  /** Where the "was this helpful?" control posts `{page, helpful}`. */
  feedbackUrl: httpUrl().optional(),
  /** `false`: serve every image as uploaded, without smaller copies (docs/images.md). */
  imageVariants: toggle().optional(),
  /** `false`: API operations offer no "Test it" console (docs/openapi.md). */
  tryIt: toggle().optional(),
  /** `true`: a share card per page for `og:image` (docs/share-cards.md); off by default. */
  shareCards: toggle().optional(),
});
