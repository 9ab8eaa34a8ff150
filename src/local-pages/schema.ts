import { z } from 'zod';

/**
 * The front matter of a local page (docs/local-pages.md "Front matter"). Unknown keys are kept
 * for the page's own components (an MDX page can read its `frontmatter`); the keys Offprint
 * reads are checked here, each with its default and an example.
 */

/** A page of the site by its URL path below the base: `guides/install`, `/guides/install/`. */
const PagePath = z.string().trim();

/** Where the page goes in its section's sidebar. Default: at the end of its top level. */
const Sidebar = z
  .strictObject({
    /** Default: none; right before this page, as its sibling, e.g. `getting-started`. */
    before: PagePath.optional(),
    /** Default: none; right after this page, as its sibling, e.g. `operations/scrubs`. */
    after: PagePath.optional(),
    /** Default false: built, but out of navigation and search. */
    hidden: z.boolean().optional(),
  })
  .refine((s) => s.before === undefined || s.after === undefined, {
    message: 'give either before or after, not both',
  })
  .refine((s) => !(s.hidden && (s.before !== undefined || s.after !== undefined)), {
    message: 'a hidden page has no place in the sidebar: drop before/after',
  });

export const LocalFrontMatter = z
  .looseObject({
    /** Required, e.g. `Terms of service`. */
    title: z
      .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
      .trim()
      .min(1, 'is required'),
    /** Default: none; shown under the title and in `<meta name="description">`. */
    description: z.string().trim().optional(),
    /** Default: the default section; a section's id or path, e.g. `guides`. */
    section: z.string().trim().min(1).optional(),
    /** Default: at the end of the top level of its section's default site space. */
    sidebar: Sidebar.optional(),
    /** Default: none; the URL path of a platform page this page takes the place of, e.g. `legal/terms`. */
    replaces: PagePath.optional(),
  })
  .refine((m) => !(m.replaces !== undefined && m.sidebar?.before !== undefined), {
    message: 'a replacing page keeps the replaced page’s place: drop sidebar.before',
    path: ['sidebar', 'before'],
  })
  .refine((m) => !(m.replaces !== undefined && m.sidebar?.after !== undefined), {
    message: 'a replacing page keeps the replaced page’s place: drop sidebar.after',
    path: ['sidebar', 'after'],
  })
  .refine((m) => !(m.replaces !== undefined && m.section !== undefined), {
    message: 'a replacing page keeps the replaced page’s section: drop section',
    path: ['section'],
  });

export type LocalFrontMatter = z.infer<typeof LocalFrontMatter>;
