import { addAttribute, escapeHTML } from 'astro/runtime/server/index.js';
import type { SidebarItem } from '../site/types.ts';
import type { UiStrings } from '../view/view.ts';
import { type SidebarPath, shapeOf } from './sidebar-shapes.ts';

/**
 * The default sidebar's page tree as HTML, written as a string rather than one Astro component
 * per level: Astro renders each component instance asynchronously, which cost more than a
 * millisecond a page for a sidebar of ~200 entries. Text and attributes are escaped by Astro's
 * own `escapeHTML` and `addAttribute`, as its templates escape them. Links carry no class (the
 * theme styles `.op-nav a` and `.op-nav ul`): a class on each of a few hundred links weighed on
 * every page.
 *
 * A sidebar the build data made from a shared shape (`sidebar-shapes.ts`) is written once per
 * shape; each page then only marks its current entry in that HTML.
 *
 * Pages with listed children get a <details> toggle beside their link (a link inside <summary>
 * would nest interactive elements).
 */

/** Sections and site spaces with a condition (adaptive content): links into them start hidden. */
export interface SidebarConditions {
  sections: readonly string[];
  siteSpaces: readonly string[];
}

type Strings = Pick<UiStrings, 'externalLink'> & { review?: Pick<UiStrings['review'], ChangeKind> };
type ChangeKind = 'added' | 'edited' | 'moved';

/** The sidebar's marks, one shape per kind: the same in every language, as a diff writes them. */
const CHANGE_GLYPHS: Readonly<Record<ChangeKind, string>> = { added: '+', edited: '~', moved: '→' };

/** The `<ul>` of `items`, nested lists included. */
export function sidebarListHtml(
  items: SidebarItem[],
  strings: Strings,
  conditioned?: SidebarConditions,
): string {
  const made = shapeOf(items);
  if (!made) return new ListWriter(strings, conditioned).write(items).html;
  const context = contextKey(strings, conditioned);
  let written = writtenShapes.get(made.shape);
  if (written?.context !== context) {
    written = { context, ...new ListWriter(strings, conditioned).write(made.shape) };
    writtenShapes.set(made.shape, written);
  }
  return made.current ? markCurrent(written, made.current) : written.html;
}

/** Where the current entry's marks go in a shape's HTML. */
interface Marks {
  /** After the entry's `href` attribute: `aria-current`. */
  link: number;
  /** After `<details` of an entry with listed children, closed in the shape: `open`. */
  details?: number;
}

interface WrittenShape {
  /** The strings and conditions it was written with. */
  context: string;
  html: string;
  /** By the page entries' paths (`SidebarPath` joined with dots). */
  marks: Map<string, Marks>;
}

/** Each shape's HTML, while the shape is alive (the build data keeps the recent ones). */
const writtenShapes = new WeakMap<SidebarItem[], WrittenShape>();

function contextKey(strings: Strings, conditioned: SidebarConditions | undefined): string {
  return JSON.stringify([
    strings.externalLink,
    strings.review,
    conditioned?.sections,
    conditioned?.siteSpaces,
  ]);
}

/** The shape's HTML with the entry at `path` marked as the page being read. */
function markCurrent(written: WrittenShape, path: SidebarPath): string {
  const marks = written.marks.get(path.join('.'));
  if (!marks) throw new Error(`no sidebar page entry at ${path.join('.')}`);
  const { html } = written;
  const current = `${html.slice(0, marks.link)} aria-current="page"`;
  if (marks.details === undefined) return current + html.slice(marks.link);
  return `${current}${html.slice(marks.link, marks.details)} open${html.slice(marks.details)}`;
}

/** Writes lists into one string, noting where each page entry's current marks would go. */
class ListWriter {
  html = '';
  readonly marks = new Map<string, Marks>();

  readonly strings: Strings;
  readonly conditioned: SidebarConditions | undefined;

  constructor(strings: Strings, conditioned: SidebarConditions | undefined) {
    this.strings = strings;
    this.conditioned = conditioned;
  }

  write(items: readonly SidebarItem[]): this {
    this.#list(items, []);
    return this;
  }

  /**
   * An entry's `</li>` is written only for the last entry of a list: before the next `<li>` the
   * HTML parser closes the entry itself, into the same tree (HTML's optional end tags). On a page
   * whose sidebar lists a few hundred entries, these were bytes every page repeated.
   */
  #list(items: readonly SidebarItem[], path: SidebarPath): void {
    this.html += '<ul> ';
    for (const [index, item] of items.entries()) this.#entry(item, [...path, index]);
    this.html += items.length > 0 ? '</li> </ul>' : ' </ul>';
  }

  #entry(item: SidebarItem, path: SidebarPath): void {
    if (item.kind === 'group') {
      this.html += `<li class="op-nav-group"> <span class="op-nav-group__title">${escapeHTML(item.title)}</span> `;
      this.#list(item.children, path);
      this.html += ' ';
      return;
    }
    if (item.kind === 'link') {
      const external = item.external
        ? `<span class="op-external"${addAttribute(this.strings.externalLink, 'aria-label')}>↗</span>`
        : '';
      this.html += `<li${addAttribute(item.sectionId, 'data-op-section')}${addAttribute(item.siteSpaceId, 'data-op-space')}${this.#gated(item) ? ' hidden' : ''}>  <a${addAttribute(item.url, 'href')}${item.external ? ' rel="noopener noreferrer"' : ''}>${emoji(item.emoji)}${escapeHTML(item.title)}${external}</a> `;
      return;
    }
    if (item.kind === 'more') {
      this.html += '<li class="op-nav-more" aria-hidden="true">…';
      return;
    }
    const listed = item.children !== undefined && item.children.length > 0;
    this.html += listed
      ? '<li class="op-nav-parent"> '
      : `<li${item.hasChildren ? ' class="op-nav-collapsed"' : ''}>`;
    this.html += `<a${addAttribute(item.url, 'href')}`;
    const marks: Marks = { link: this.html.length };
    this.marks.set(path.join('.'), marks);
    this.html += `${item.current ? ' aria-current="page"' : ''}>${emoji(item.emoji)}${escapeHTML(item.title)}${this.#change(item.change)}</a>`;
    if (!listed) return;
    this.html += ' <details';
    const open = item.open || item.current;
    if (!open) marks.details = this.html.length;
    this.html += `${open ? ' open' : ''}> <summary><span class="op-sr-only">${escapeHTML(item.title)}</span></summary> `;
    this.#list(item.children ?? [], path);
    this.html += ' </details> ';
  }

  /**
   * A change-request preview's mark: a glyph in a badge of the change's colour, so the kinds are
   * told apart by shape as well as colour; named for screen readers and on hover.
   */
  #change(kind: ChangeKind | undefined): string {
    if (!kind) return '';
    const label = this.strings.review?.[kind] ?? kind;
    return `<span class="op-nav-change" data-change="${kind}"${addAttribute(label, 'title')}><span class="op-nav-change__glyph" aria-hidden="true">${CHANGE_GLYPHS[kind]}</span><span class="op-sr-only">(${escapeHTML(label)})</span></span>`;
  }

  #gated(item: { sectionId?: string; siteSpaceId?: string }): boolean {
    const { conditioned } = this;
    return (
      (item.sectionId !== undefined && conditioned?.sections.includes(item.sectionId)) ||
      (item.siteSpaceId !== undefined && conditioned?.siteSpaces.includes(item.siteSpaceId)) ||
      false
    );
  }
}

function emoji(value: string | undefined): string {
  return value ? `<span class="op-emoji" aria-hidden="true">${escapeHTML(value)}</span>` : '';
}
