import type { Element } from 'hast';
import { h } from 'hastscript';

/** What the cover of a PDF says. */
export interface CoverInfo {
  /** The site's title. */
  title: string;
  sectionTitle?: string;
  /** Named when the section has more than one variant. */
  variantTitle?: string;
  /** When the PDF was made, as the reader should see it (`2026-05-04`). */
  date: string;
}

/**
 * The first sheet: logo, site title, section and variant, date. No heading elements, so the
 * PDF's bookmarks start at the first page of the site.
 */
export function coverPage(cover: CoverInfo, logo: Element | undefined): Element {
  const part = [cover.sectionTitle, cover.variantTitle].filter(Boolean).join(' — ');
  return h('section', { className: ['op-pdf-cover'] }, [
    logo,
    h('p', { className: ['op-pdf-cover__title'] }, cover.title),
    part ? h('p', { className: ['op-pdf-cover__part'] }, part) : undefined,
    h('p', { className: ['op-pdf-cover__meta'] }, cover.date),
  ]);
}
