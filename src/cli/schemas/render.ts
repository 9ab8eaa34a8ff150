import { z } from 'zod';
import { AnalyticsConfig } from '../../analytics/config.ts';
import { existing, httpUrl, repositoryUrl, text, toggle } from './fields.ts';

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
  /** A GitHub or GitLab repository: an answer offers a prefilled new issue there. */
  feedbackIssues: repositoryUrl().optional(),
  /**
   * Analytics providers (docs/analytics.md): `plausible`, `umami`, `matomo`, `googleAnalytics`,
   * `script`; none by default. A key that is no flag (an object has no command-line form).
   * @example { "plausible": { "domain": "docs.example.com" } }
   */
  analytics: AnalyticsConfig.optional(),
  /** `false`: `_headers` carries no Content-Security-Policy (docs/analytics.md). */
  csp: toggle().optional(),
  /** `false`: serve every image as uploaded, without smaller copies (docs/images.md). */
  imageVariants: toggle().optional(),
  /** `false`: API operations offer no "Test it" console (docs/openapi.md). */
  tryIt: toggle().optional(),
  /** `false`: no share card per page for `og:image` (docs/share-cards.md); on by default. */
  shareCards: toggle().optional(),
});
