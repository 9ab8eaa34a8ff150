import type { Element, ElementContent, Root, RootContent } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { defaultSchema, type Schema, sanitize } from 'hast-util-sanitize';
import { selectAll } from 'hast-util-select';
import { toHtml } from 'hast-util-to-html';
import { toString as textOf } from 'hast-util-to-string';
import { type Claims, decide } from '../adaptive/evaluate.ts';

/**
 * The updates of one page (`{% updates %}{% update date="…" %}`, rendered by
 * src/markdown/plugins/updates.ts as `article.op-update`) as a feed's items, read from the page's
 * final HTML: what a reader without claims sees of it, its links and images absolute, sanitized
 * again for readers that show it outside the site. As the platform does, an update is titled by
 * the heading it starts with and linked to that heading's anchor; one without a leading heading
 * has no title or anchor and is left out.
 */

export interface FeedItem {
  /** The heading's text. */
  title: string;
  /** The heading's `id` in the page: the item links to `<page>#<anchor>`. */
  anchor: string;
  /** The update's `date` as written (`2025-10-14`, or with a time). */
  date: string;
  /** The update's content after its heading, as HTML a feed reader may show. */
  html: string;
  /** The update's `tags`. */
  tags: string[];
}

export interface PageUpdates {
  /** Newest first; updates of one date keep the page's order. */
  items: FeedItem[];
  /** An update the feed leaves out for its date, one line each. */
  warnings: string[];
}

/** The page's HTML has update blocks: a cheap test before any parse. */
export function hasUpdates(html: string): boolean {
  return html.includes('class="op-update"');
}

/**
 * The page's updates as feed items. `pageUrl` is the page's absolute URL, which the content's
 * relative links and images are resolved against; `claims` are those of a visitor without any
 * (`{% if %}` regions show the branch such a visitor sees, or nothing).
 */
export function pageUpdates(html: string, pageUrl: string, claims: Claims): PageUpdates {
  if (!hasUpdates(html)) return { items: [], warnings: [] };
  const tree = fromHtml(html, { fragment: true });
  resolveRegions(tree, claims);
  const items: (FeedItem & { at: number })[] = [];
  const warnings: string[] = [];
  selectAll('.op-updates > article.op-update', tree).forEach((article, at) => {
    const item = updateItem(article, pageUrl);
    if (!item) return;
    if (Number.isNaN(Date.parse(item.date))) {
      warnings.push(
        `update "${item.title}": no date a feed can give (date="${item.date}"): left out of the page's feeds`,
      );
      return;
    }
    items.push({ ...item, at });
  });
  items.sort((a, b) => Date.parse(b.date) - Date.parse(a.date) || a.at - b.at);
  return { items: items.map(({ at: _, ...item }) => item), warnings };
}

function updateItem(article: Element, pageUrl: string): FeedItem | undefined {
  const body = article.children.find((child) => hasClass(child, 'op-update__body'));
  if (body?.type !== 'element') return undefined;
  const content = body.children.filter((child) => !isBlank(child));
  const heading = content[0];
  if (heading?.type !== 'element' || !/^h[1-6]$/.test(heading.tagName)) return undefined;
  const anchor = heading.properties.id;
  const title = textOf(heading).replace(/\s+/g, ' ').trim();
  if (typeof anchor !== 'string' || anchor === '' || title === '') return undefined;
  const time = selectAll('.op-update__date', article)[0];
  const date = String(time?.properties.dateTime ?? (time ? textOf(time) : '')).trim();
  const tags = selectAll('.op-update__tag', article).map((tag) => textOf(tag).trim());
  return { title, anchor, date, html: feedHtml(content.slice(1), pageUrl), tags };
}

/** `{% if %}` regions replaced by the branch a visitor with `claims` is shown (or nothing). */
function resolveRegions(parent: Root | Element, claims: Claims): void {
  const children: (RootContent | ElementContent)[] = [];
  for (const child of parent.children) {
    if (child.type === 'element' && child.properties.dataOpCondition !== undefined) {
      const branch = shownBranch(child, claims);
      if (branch) {
        resolveRegions(branch, claims);
        children.push(...branch.children);
      }
      continue;
    }
    if (child.type === 'element') resolveRegions(child, claims);
    children.push(child);
  }
  parent.children = children as typeof parent.children;
}

/**
 * As the browser's evaluator chooses (themes/default/scripts/adaptive.ts): the first `if`/`elif`
 * branch whose condition holds, else the `else` branch; a refused branch, or a condition that
 * cannot be evaluated, shows none.
 */
function shownBranch(region: Element, claims: Claims): Element | undefined {
  const branches = region.children.filter(
    (child): child is Element =>
      child.type === 'element' && hasClass(child, 'op-condition__branch'),
  );
  if (branches.some((branch) => branch.properties.dataOpRefused !== undefined)) return undefined;
  for (const branch of branches) {
    if (branch.properties.dataOpElse !== undefined) return branch;
    let condition: unknown;
    try {
      condition = JSON.parse(String(branch.properties.dataOpAst ?? ''));
    } catch {
      return undefined;
    }
    const truth = decide(condition, claims);
    if (truth === undefined) return undefined;
    if (truth) return branch;
  }
  return undefined;
}

/**
 * GitHub's rules (hast-util-sanitize's default) with figures, and without ids: a feed reader
 * shows the content outside the page, where the page's anchors mean nothing.
 */
const FEED_SCHEMA: Schema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), 'figure', 'figcaption'],
  attributes: {
    ...defaultSchema.attributes,
    '*': (defaultSchema.attributes?.['*'] ?? []).filter(
      (name) => name !== 'id' && name !== 'name' && name !== 'tabIndex',
    ),
  },
  clobber: [],
};

/** What the page shows only to be used there: icons, drawings, controls, the dark images. */
const LEFT_OUT = ['svg', 'button', 'script', 'style', 'template'];
const DARK_ONLY = ['op-scheme-dark', 'op-scheme-only-dark'];

/** The content as a feed reader gets it: links and images absolute, then sanitized. */
function feedHtml(content: ElementContent[], pageUrl: string): string {
  const root: Root = { type: 'root', children: structuredClone(content) };
  prepare(root, pageUrl);
  return toHtml(sanitize(root, FEED_SCHEMA)).trim();
}

function prepare(parent: Root | Element, pageUrl: string): void {
  const children: (RootContent | ElementContent)[] = [];
  for (const child of parent.children) {
    if (child.type === 'comment') continue;
    if (child.type !== 'element') {
      children.push(child);
      continue;
    }
    const { properties } = child;
    if (
      LEFT_OUT.includes(child.tagName) ||
      properties.ariaHidden === 'true' ||
      DARK_ONLY.some((name) => hasClass(child, name))
    )
      continue;
    // A <picture>'s sources are variants for the page's layout: its <img> is the image.
    if (child.tagName === 'picture') {
      const img = child.children.find(
        (node): node is Element => node.type === 'element' && node.tagName === 'img',
      );
      if (img) {
        prepare({ ...child, children: [img] }, pageUrl);
        children.push(img);
      }
      continue;
    }
    for (const name of ['href', 'src', 'poster', 'cite'] as const) {
      const value = properties[name];
      if (typeof value === 'string') properties[name] = absolute(value, pageUrl);
    }
    prepare(child, pageUrl);
    children.push(child);
  }
  parent.children = children as typeof parent.children;
}

/** A URL resolved against the page's; one that does not parse is left for the sanitizer. */
function absolute(value: string, pageUrl: string): string {
  try {
    return new URL(value, pageUrl).href;
  } catch {
    return value;
  }
}

function hasClass(node: RootContent | ElementContent, name: string): boolean {
  if (node.type !== 'element') return false;
  const className = node.properties.className;
  return Array.isArray(className) && className.includes(name);
}

function isBlank(node: ElementContent): boolean {
  return (node.type === 'text' && node.value.trim() === '') || node.type === 'comment';
}
