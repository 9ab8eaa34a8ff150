import { z } from 'zod';

/**
 * The YAML front matter of a page file in a site folder (docs/site-folder.md "Pages"), in Git
 * Sync's keys. Unknown keys are ignored, as Git Sync does. `pages.ts` turns it into Page fields.
 */

/** A layout part that can be shown or hidden. Default `{ visible: true }`. */
const Visible = z.looseObject({ visible: z.boolean().optional() });

export const FrontMatter = z.looseObject({
  /** Default: none, e.g. `Install the CLI in one minute.` */
  description: z.string().nullish(),
  /** Default: none; an icon name, e.g. `rocket`. */
  icon: z.string().nullish(),
  /** Default: none; a code point, e.g. `'1f680'` (YAML reads an unquoted one as a number). */
  emoji: z.union([z.string(), z.number().transform(String)]).nullish(),
  /** Default false: built, but out of navigation and search. */
  hidden: z.boolean().optional(),
  /** Default false. */
  noIndex: z.boolean().optional(),
  /** Default false. */
  noRobotsIndex: z.boolean().optional(),
  /** Default: none; relative to the page's folder, e.g. `../.gitbook/assets/cover.png`. */
  cover: z.string().nullish(),
  /** Default: none; the cover's vertical offset, e.g. `0`. */
  coverY: z.number().optional(),
  /**
   * Default: none; the cover shown in dark mode, relative to the page's folder, e.g.
   * `../.gitbook/assets/cover-dark.png`. Not Git Sync front matter: it lets a folder give a page
   * the `cover.refDark` the API serves.
   */
  coverDark: z.string().nullish(),
  /**
   * Default: none (the platform's 240); the cover's height in pixels, e.g. `320`. Not Git Sync
   * front matter: it lets a folder give a page the `cover.height` the API serves.
   */
  coverHeight: z.number().positive().optional(),
  /**
   * Default `2024-01-01T00:00:00Z`, e.g. `2025-03-14T09:30:00Z`. Not Git Sync front matter (the
   * platform keeps the date itself): it lets a folder give its pages real dates.
   */
  updatedAt: z.iso.datetime({ offset: true }).optional(),
  /** Default: from the file name; replaces the last path segment, e.g. `setup`. */
  slug: z
    .string()
    .regex(/^[A-Za-z0-9._~-]+$/, 'a slug is one URL segment: letters, digits, ".", "_", "~", "-"')
    .refine((slug) => slug !== '.' && slug !== '..', 'a slug cannot be "." or ".."')
    .optional(),
  /** Default: every part visible, width `default`. */
  layout: z
    .looseObject({
      /** Default `default`, e.g. `wide`. */
      width: z.enum(['default', 'wide']).optional(),
      /** Default `{ visible: true, size: 'hero' }` when the page has a cover. */
      cover: z
        .looseObject({
          visible: z.boolean().optional(),
          /** `hero` (above the title), `full` (the page's width), `background` (behind the title). */
          size: z.enum(['hero', 'full', 'background']).optional(),
        })
        .optional(),
      title: Visible.optional(),
      description: Visible.optional(),
      tableOfContents: Visible.optional(),
      outline: Visible.optional(),
      pagination: Visible.optional(),
      /** The "Last updated" line, from `updatedAt`. */
      metadata: Visible.optional(),
      /** The page's tags. */
      tags: Visible.optional(),
      /** The page actions menu (copy, view as Markdown, assistants). */
      actions: Visible.optional(),
    })
    .optional(),
});
