import { VFile } from 'vfile';
import { matter } from 'vfile-matter';
import { z } from 'zod';
import { LocalFilesError } from './errors.ts';

/**
 * The front matter of a local page. Unknown keys are kept for the page's own components (an MDX
 * page can read its `frontmatter`); the keys Offprint reads are checked, and a wrong one is an
 * error naming the file and the field.
 */

/** A page of the site by its URL path below the base: `guides/install`, `/guides/install/`. */
const PagePath = z.string().trim();

const Sidebar = z
  .strictObject({
    before: PagePath.optional(),
    after: PagePath.optional(),
    hidden: z.boolean().optional(),
  })
  .refine((s) => s.before === undefined || s.after === undefined, {
    message: 'give either before or after, not both',
  })
  .refine((s) => !(s.hidden && (s.before !== undefined || s.after !== undefined)), {
    message: 'a hidden page has no place in the sidebar: drop before/after',
  });

const LocalFrontMatter = z
  .looseObject({
    title: z
      .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
      .trim()
      .min(1, 'is required'),
    description: z.string().trim().optional(),
    /** A section's id or path: whose tab and sidebar the page belongs to. */
    section: z.string().trim().min(1).optional(),
    sidebar: Sidebar.optional(),
    /** The URL path of a platform page this page takes the place of. */
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

/** Reads and checks the front matter of `text`; `file` names the file in errors. */
export function readFrontMatter(text: string, file: string): LocalFrontMatter {
  const vfile = new VFile({ value: text, path: file });
  try {
    matter(vfile);
  } catch (error) {
    throw new LocalFilesError(
      `local page ${file}: front matter is not valid YAML: ${(error as Error).message.split('\n')[0]}`,
    );
  }
  const result = LocalFrontMatter.safeParse(vfile.data.matter ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.length ? issue.path.map(String).join('.') : undefined;
  const detail = issue?.message ?? 'is not valid';
  throw new LocalFilesError(
    `local page ${file}: front matter${field ? ` "${field}"` : ''}: ${detail}`,
  );
}

/** The body of a local page file without its front matter: its `.md` copy in the output. */
export function localPageBody(text: string): string {
  const vfile = new VFile({ value: text });
  matter(vfile, { strip: true });
  return String(vfile.value);
}
