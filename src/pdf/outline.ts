import type { Element, ElementContent } from 'hast';
import { select } from 'hast-util-select';
import { h } from 'hastscript';
import { visit } from 'unist-util-visit';

/**
 * The PDF's bookmarks come from Chromium, which builds them from the document's headings (their
 * ARIA level, tagged `H1`…`H6`), naming each after the text it draws for it. So the print
 * document's headings are given the levels of the sidebar tree: a part (whole-site PDF) at 1,
 * then groups and pages one level per depth, each page's own headings below its title.
 * `aria-level` sets the level without touching the element, so the sheets look as the site does.
 *
 * Chosen over rewriting the outline after printing: that needs each heading's sheet and place,
 * which Chromium writes only for link targets, and it would leave the PDF's heading tags
 * disagreeing with its bookmarks. Measured with Chromium 156: headings past level 6 get no
 * bookmark at all, so deeper ones are kept at 6 (they lose nesting, not their bookmark).
 */
export const MAX_LEVEL = 6;

export function clampLevel(level: number): number {
  return Math.min(MAX_LEVEL, Math.max(1, level));
}

/** A sidebar group's heading, opening the sheet of its first page. */
export function groupHeading(title: string, level: number): Element {
  return h(
    'p',
    { className: ['op-pdf-group'], role: 'heading', ariaLevel: String(clampLevel(level)) },
    title,
  );
}

/**
 * Gives a page's headings their levels: its title (`h1.op-title`, added when the page hides it,
 * since a page needs a bookmark) at `level`, and its content's `h2`…`h6` below it, `h1` and `h2`
 * alike one level down. Trims the space after a leading icon or emoji, which Chromium would put
 * in the bookmark (the icon itself, `aria-hidden`, it leaves out).
 */
export function levelPageHeadings(article: Element, title: string, level: number): void {
  let titled = false;
  visit(article, 'element', (node) => {
    const rank = /^h[1-6]$/.test(node.tagName) ? Number(node.tagName[1]) : 0;
    if (!rank) return;
    const isTitle = rank === 1 && hasClass(node, 'op-title');
    titled ||= isTitle;
    const at = isTitle ? level : level + Math.max(1, rank - 1);
    node.properties.ariaLevel = String(clampLevel(at));
    trimHeading(node);
  });
  if (titled) return;
  const heading = h('h1', { className: ['op-title'], ariaLevel: String(clampLevel(level)) }, title);
  const header = select('header.op-page-header', article);
  if (header) header.children.unshift(heading);
  else article.children.unshift(h('header', { className: ['op-page-header'] }, [heading]));
}

function hasClass(node: Element, name: string): boolean {
  const classes = node.properties.className;
  return Array.isArray(classes) && classes.includes(name);
}

/** Drops the white space at both ends of a heading's text, past any `aria-hidden` decoration. */
function trimHeading(heading: Element): void {
  trimEnd(heading.children, 'start');
  trimEnd(heading.children, 'end');
}

function trimEnd(children: ElementContent[], side: 'start' | 'end'): void {
  const order = side === 'start' ? children.keys() : [...children.keys()].reverse();
  const blank: number[] = [];
  for (const i of order) {
    const child = children[i] as ElementContent;
    if (child.type === 'comment') continue;
    if (child.type === 'element' && child.properties.ariaHidden === 'true') continue;
    if (child.type !== 'text') break;
    const trimmed = side === 'start' ? child.value.trimStart() : child.value.trimEnd();
    if (trimmed) {
      child.value = trimmed;
      break;
    }
    blank.push(i);
  }
  for (const i of blank.sort((a, b) => b - a)) children.splice(i, 1);
}
