import { addAttribute, escapeHTML } from 'astro/runtime/server/index.js';
import type { SidebarItem } from '../site/types.ts';
import type { UiStrings } from './view.ts';

/**
 * The default sidebar's page tree as HTML, written as a string rather than one Astro component
 * per level: Astro renders each component instance asynchronously, which cost more than a
 * millisecond a page for a sidebar of ~200 entries. The markup is what the theme's former
 * `SidebarList.astro` wrote, byte for byte; text and attributes are escaped by Astro's own
 * `escapeHTML` and `addAttribute`, as its templates escape them.
 *
 * Pages with listed children get a <details> toggle beside their link (a link inside <summary>
 * would nest interactive elements).
 */

/** Sections and site spaces with a condition (adaptive content): links into them start hidden. */
export interface SidebarConditions {
  sections: readonly string[];
  siteSpaces: readonly string[];
}

/** The `<ul class="op-nav-list">` of `items`, nested lists included. */
export function sidebarListHtml(
  items: readonly SidebarItem[],
  strings: Pick<UiStrings, 'externalLink'>,
  conditioned?: SidebarConditions,
): string {
  const gated = (item: { sectionId?: string; siteSpaceId?: string }) =>
    (item.sectionId !== undefined && conditioned?.sections.includes(item.sectionId)) ||
    (item.siteSpaceId !== undefined && conditioned?.siteSpaces.includes(item.siteSpaceId));
  const list = (entries: readonly SidebarItem[]): string => {
    let html = '<ul class="op-nav-list"> ';
    for (const item of entries) html += entry(item);
    return `${html} </ul>`;
  };
  const entry = (item: SidebarItem): string => {
    if (item.kind === 'group')
      return `<li class="op-nav-group"> <span class="op-nav-group__title">${escapeHTML(item.title)}</span> ${list(item.children)} </li>`;
    if (item.kind === 'link') {
      const external = item.external
        ? `<span class="op-external"${addAttribute(strings.externalLink, 'aria-label')}>↗</span>`
        : '';
      return `<li${addAttribute(item.sectionId, 'data-op-section')}${addAttribute(item.siteSpaceId, 'data-op-space')}${gated(item) ? ' hidden' : ''}>  <a class="op-nav-link"${addAttribute(item.url, 'href')}${item.external ? ' rel="noopener noreferrer"' : ''}>${emoji(item.emoji)}${escapeHTML(item.title)}${external}</a> </li>`;
    }
    if (item.kind === 'more') return '<li class="op-nav-more" aria-hidden="true">…</li>';
    const link = `<a class="op-nav-link"${addAttribute(item.url, 'href')}${item.current ? ' aria-current="page"' : ''}>${emoji(item.emoji)}${escapeHTML(item.title)}</a>`;
    if (item.children && item.children.length > 0)
      return `<li class="op-nav-parent"> ${link} <details${item.open || item.current ? ' open' : ''}> <summary><span class="op-sr-only">${escapeHTML(item.title)}</span></summary> ${list(item.children)} </details> </li>`;
    return `<li${item.hasChildren ? ' class="op-nav-collapsed"' : ''}>${link}</li>`;
  };
  return list(items);
}

function emoji(value: string | undefined): string {
  return value ? `<span class="op-emoji" aria-hidden="true">${escapeHTML(value)}</span>` : '';
}
