import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { safeSegments } from '../site/paths.ts';
import type { LocalPageInput } from '../site/types.ts';
import { LocalFilesError } from './errors.ts';
import { readFrontMatter } from './front-matter.ts';

/** A local page: what the site model needs, plus where its file is for Astro. */
export interface LocalPage extends LocalPageInput {
  /** Absolute path of the `.md` / `.mdx` file. */
  absolutePath: string;
}

const PAGE_FILE = /\.(md|mdx)$/i;

/**
 * The `.md` and `.mdx` files under `dir` (recursively), each a page at its file path:
 * `legal/terms.mdx` → `legal/terms`, `legal/index.md` → `legal`. Names starting with `_` or `.`
 * are not pages (a place for partials and components the pages import).
 */
export async function discoverLocalPages(dir: string): Promise<LocalPage[]> {
  const root = path.resolve(dir);
  try {
    if (!(await stat(root)).isDirectory()) throw new Error('not a directory');
  } catch {
    throw new LocalFilesError(`--pages ${dir}: not a directory`);
  }
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && PAGE_FILE.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.split(path.sep).some((part) => /^[_.]/.test(part)))
    .sort();
  const pages: LocalPage[] = [];
  const byUrl = new Map<string, string>();
  for (const relative of files) {
    const file = relative.split(path.sep).join('/');
    const absolutePath = path.join(root, relative);
    const matter = readFrontMatter(await readFile(absolutePath, 'utf8'), file);
    const segments = segmentsOf(file);
    const url = segments.join('/');
    const other = byUrl.get(url);
    if (other !== undefined)
      throw new LocalFilesError(
        `local pages ${other} and ${file} are both at /${url}${url ? '/' : ''}: rename one`,
      );
    byUrl.set(url, file);
    pages.push({
      file,
      absolutePath,
      segments,
      title: matter.title,
      ...(matter.description ? { description: matter.description } : {}),
      ...(matter.section !== undefined ? { section: matter.section } : {}),
      ...(matter.sidebar ? { sidebar: matter.sidebar } : {}),
      ...(matter.replaces !== undefined ? { replaces: matter.replaces } : {}),
    });
  }
  return pages;
}

/** `legal/terms.mdx` → `['legal', 'terms']`; an `index` file stands for its folder. */
function segmentsOf(file: string): string[] {
  const segments = safeSegments(file.replace(PAGE_FILE, ''));
  return segments.at(-1) === 'index' ? segments.slice(0, -1) : segments;
}
