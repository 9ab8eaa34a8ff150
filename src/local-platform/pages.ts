import { posix } from 'node:path';
import { VFile } from 'vfile';
import { matter } from 'vfile-matter';
import { firstLine, parseOrThrow } from '../utils/issues.ts';
import { SiteFolderError } from './errors.ts';
import type { DocumentPage } from './model.ts';
import { FrontMatter } from './schemas/page-front-matter.ts';

/**
 * A page file: YAML front matter (read with vfile-matter) becomes Page fields, the rest is the
 * markdown body (the keys are in `schemas/page-front-matter.ts`). Unknown front matter keys are
 * ignored, as Git Sync does; known keys with the wrong type are errors naming the file and key.
 */

/** What a page file's front matter sets: the page's own fields, and where its cover and slug are. */
export type PageFileFields = Pick<
  DocumentPage,
  'description' | 'icon' | 'emoji' | 'hidden' | 'noIndex' | 'noRobotsIndex' | 'layout' | 'updatedAt'
> & {
  /** Cover image path resolved against the page's folder (relative to the space root). */
  cover?: string;
  /** Dark-mode cover path, resolved as `cover` is. */
  coverDark?: string;
  coverY?: number;
  coverHeight?: number;
  slug?: string;
};

/** YAML front matter (as data) and the markdown after it; `source` names the file in errors. */
export function splitFrontMatter(
  text: string,
  source: string,
): { data: Record<string, unknown>; body: string } {
  const vfile = new VFile({ value: text });
  try {
    matter(vfile, { strip: true });
  } catch (error) {
    throw new SiteFolderError(source, 'front matter', `invalid YAML: ${firstLine(error)}`);
  }
  const data = vfile.data.matter ?? {};
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new SiteFolderError(source, 'front matter', 'expected a YAML mapping');
  }
  return { data: data as Record<string, unknown>, body: String(vfile.value) };
}

/** Split a page file into its front matter fields and markdown body. */
export function parsePageFile(
  text: string,
  file: string,
  source: string,
): { body: string; fields: PageFileFields } {
  const { data, body } = splitFrontMatter(text, source);
  const fm = parseOrThrow(
    FrontMatter,
    data,
    (field, detail) => new SiteFolderError(source, `front matter ${field}`.trim(), detail),
  );
  const cover = fm.cover ? resolveFromPage(file, fm.cover) : undefined;
  const coverDark = fm.coverDark ? resolveFromPage(file, fm.coverDark) : undefined;
  const layout = fm.layout;
  const fields: PageFileFields = {
    hidden: fm.hidden ?? false,
    noIndex: fm.noIndex ?? false,
    noRobotsIndex: fm.noRobotsIndex ?? false,
    layout: {
      width: layout?.width ?? 'default',
      cover: cover !== undefined && layout?.cover?.visible !== false,
      coverSize: layout?.cover?.size ?? 'hero',
      title: layout?.title?.visible ?? true,
      description: layout?.description?.visible ?? true,
      tableOfContents: layout?.tableOfContents?.visible ?? true,
      outline: layout?.outline?.visible ?? true,
      pagination: layout?.pagination?.visible ?? true,
      metadata: layout?.metadata?.visible ?? true,
      tags: layout?.tags?.visible ?? true,
      actions: layout?.actions?.visible ?? true,
    },
  };
  if (fm.description) fields.description = fm.description;
  if (fm.icon) fields.icon = fm.icon;
  if (fm.emoji) fields.emoji = fm.emoji;
  if (cover !== undefined) fields.cover = cover;
  if (coverDark !== undefined) fields.coverDark = coverDark;
  if (fm.coverY !== undefined) fields.coverY = fm.coverY;
  if (fm.coverHeight !== undefined) fields.coverHeight = fm.coverHeight;
  if (fm.slug) fields.slug = fm.slug;
  if (fm.updatedAt) fields.updatedAt = new Date(fm.updatedAt).toISOString();
  return { body, fields };
}

/** A path written in a page, resolved against the page's folder; undefined if it leaves the space. */
export function resolveFromPage(pageFile: string, target: string): string | undefined {
  const joined = target.startsWith('/')
    ? target.replace(/^\/+/, '')
    : posix.join(posix.dirname(pageFile), target);
  const normalized = posix.normalize(joined);
  if (normalized === '..' || normalized.startsWith('../') || normalized === '.') return undefined;
  return normalized;
}

/**
 * The page path of a page file (docs/site-folder.md): the file path without `.md`, with a
 * trailing README/index dropped in nested folders, the root README as `readme`, and the last
 * segment replaced by the front matter `slug`.
 */
export function pagePathFromFile(file: string, slug?: string): string {
  const segments = file.replace(/\.md$/i, '').split('/');
  const last = segments.at(-1) ?? '';
  if (segments.length > 1 && /^(readme|index)$/i.test(last)) segments.pop();
  else if (segments.length === 1 && /^readme$/i.test(last)) segments[0] = 'readme';
  if (slug) segments[segments.length - 1] = slug;
  return segments.join('/');
}

/** A URL segment from a title, for group pages that have no file to name them. */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'group';
}
