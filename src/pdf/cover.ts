import type { Element } from 'hast';
import { h } from 'hastscript';
import type { UiStrings } from '../view/view.ts';

/** The words a cover and a part's opening sheet print, in the site's language. */
export type CoverStrings = Pick<UiStrings, 'pdfRevision' | 'pdfDocumentation'>;

/** What the cover of a PDF says. */
export interface CoverInfo {
  /** The site's title. */
  title: string;
  sectionTitle?: string;
  /** Named when the section has more than one site space. */
  siteSpaceTitle?: string;
  /** When the PDF was made, as the reader should see it (`2026-05-04`). */
  date: string;
  /** The revision of the content, when the snapshot records one. */
  revision?: string;
}

/** A site space opening its part of a whole-site PDF. */
export interface PartInfo {
  sectionTitle?: string;
  siteSpaceTitle?: string;
  revision?: string;
}

/**
 * The first sheet: logo, site title, section and site space, date and revision. No heading, so the
 * PDF's bookmarks start with its content.
 */
export function coverPage(
  cover: CoverInfo,
  logo: Element | undefined,
  strings: CoverStrings,
): Element {
  const part = partTitle(cover);
  return h('section', { className: ['op-pdf-cover'] }, [
    logo,
    h('p', { className: ['op-pdf-cover__title'] }, cover.title),
    part ? h('p', { className: ['op-pdf-cover__part'] }, part) : undefined,
    h('p', { className: ['op-pdf-cover__meta'] }, cover.date),
    revisionLine(cover.revision, strings),
  ]);
}

/**
 * The sheet that opens a site space in a whole-site PDF: its title is a heading at `level`, so
 * that the part is a bookmark over its pages. One line: Chromium names a bookmark after the text
 * it draws, and two lines would run together.
 */
export function partPage(part: PartInfo, level: number, strings: CoverStrings): Element {
  return h('section', { className: ['op-pdf-part'] }, [
    h(
      'p',
      { className: ['op-pdf-part__title'], role: 'heading', ariaLevel: String(level) },
      partTitle(part) || strings.pdfDocumentation,
    ),
    revisionLine(part.revision, strings),
  ]);
}

/** `Guides — v2`, `API reference`, or the site space alone in a site without sections. */
export function partTitle(part: PartInfo): string {
  return [part.sectionTitle, part.siteSpaceTitle].filter(Boolean).join(' — ');
}

function revisionLine(revision: string | undefined, strings: CoverStrings): Element | undefined {
  return revision
    ? h('p', { className: ['op-pdf-cover__meta'] }, `${strings.pdfRevision} ${revision}`)
    : undefined;
}
