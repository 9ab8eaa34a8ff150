import type { Random } from './prng.ts';
import { capitalize, noun, pageTitle } from './synth-text.ts';

/**
 * The page tree of one synthetic space, as SUMMARY.md describes it. Planning is prefix-stable:
 * the first k pages of a tree of n pages are the tree of k pages for the same seed, which is
 * how a variant pair gets page paths that mostly coincide.
 */

export interface TreePage {
  /** Path of the markdown file inside the space. */
  file: string;
  title: string;
  /** 1 for top-level pages, at most MAX_DEPTH. */
  depth: number;
  /** A `## ` group heading that starts right before this (top-level) page. */
  group?: string;
}

const MAX_DEPTH = 3;
/** File names the folder format treats as a folder's own page. */
const RESERVED = new Set(['readme', 'index']);

export function planTree(rng: Random, count: number): TreePage[] {
  const root: TreePage = { file: 'README.md', title: 'Introduction', depth: 1 };
  const pages = [root];
  // ancestors[d - 1] is the latest page at depth d: the parent of the next page at depth d + 1.
  const ancestors: TreePage[] = [root];
  const slugsByFolder = new Map<string, Set<string>>();
  const groups = new Set<string>();
  for (let i = 1; i < count; i++) {
    const previous = pages[i - 1] as TreePage;
    const depth = previous === root ? 1 : nextDepth(rng, previous.depth);
    const parent = ancestors[depth - 2];
    const folder = parent ? `${parent.file.slice(0, -'.md'.length)}/` : '';
    const title = pageTitle(rng);
    const page: TreePage = {
      file: `${folder}${uniqueSlug(slugsByFolder, folder, title)}.md`,
      title,
      depth,
    };
    if (depth === 1 && i > 2 && rng.chance(0.12)) page.group = groupTitle(rng, groups);
    pages.push(page);
    ancestors[depth - 1] = page;
    ancestors.length = depth;
  }
  return pages;
}

/** Mostly siblings, sometimes a child of the previous page, sometimes back up the tree. */
function nextDepth(rng: Random, depth: number): number {
  const roll = rng.next();
  if (roll < 0.3 && depth < MAX_DEPTH) return depth + 1;
  if (roll < 0.75) return depth;
  return rng.int(1, depth);
}

function uniqueSlug(
  slugsByFolder: Map<string, Set<string>>,
  folder: string,
  title: string,
): string {
  let slugs = slugsByFolder.get(folder);
  if (!slugs) {
    slugs = new Set();
    slugsByFolder.set(folder, slugs);
  }
  const base = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  let candidate = base;
  for (let n = 2; slugs.has(candidate) || RESERVED.has(candidate); n++) candidate = `${base}-${n}`;
  slugs.add(candidate);
  return candidate;
}

function groupTitle(rng: Random, used: Set<string>): string {
  const base = `${capitalize(noun(rng))} ${rng.pick(['guides', 'reference', 'operations', 'recipes'])}`;
  let title = base;
  for (let n = 2; used.has(title); n++) title = `${base} ${n}`;
  used.add(title);
  return title;
}

/** SUMMARY.md for a tree: nested bullets, with `## ` headings where groups start. */
export function summaryMarkdown(pages: readonly TreePage[]): string {
  const lines = ['# Table of contents', ''];
  for (const page of pages) {
    if (page.group) lines.push('', `## ${page.group}`, '');
    lines.push(`${'  '.repeat(page.depth - 1)}* [${page.title}](${page.file})`);
  }
  return `${lines.join('\n')}\n`;
}
