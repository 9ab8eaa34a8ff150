import { describe, expect, it } from 'vitest';
import type { AdaptiveData } from '../../src/adaptive/index.ts';
import { conditionedItems, outlineShown, pageParts } from '../../src/view/page-parts.ts';
import type { PageView } from '../../src/view/view.ts';

const layout: PageView['layout'] = {
  width: 'default',
  cover: false,
  coverSize: 'hero',
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: false,
  actions: true,
};

const page = {
  key: 'space-a:guide/start',
  layout,
  outline: [{ depth: 2 as const, id: 'one', text: 'One' }],
  siteSpaces: [],
  currentSectionId: 'section-a',
};

const adaptive = (conditions: Partial<Pick<AdaptiveData, 'sections' | 'siteSpaces'>>) =>
  ({ schema: {}, sections: {}, siteSpaces: {}, ...conditions }) as AdaptiveData;

const site = { chrome: {} };

describe('what a page shows beside its content', () => {
  it('shows the outline when the layout asks and the page has headings', () => {
    expect(pageParts(site, page).showOutline).toBe(true);
    expect(pageParts(site, { ...page, outline: [] }).showOutline).toBeUndefined();
    expect(outlineShown({ outline: false }, page.outline)).toEqual({});
  });

  it('shows "last updated" only with a date and the layout asking', () => {
    expect(pageParts(site, page).showLastUpdated).toBeUndefined();
    expect(pageParts(site, { ...page, updatedAt: '2026-01-01' }).showLastUpdated).toBe(true);
    const quiet = { ...page, layout: { ...layout, metadata: false }, updatedAt: '2026-01-01' };
    expect(pageParts(site, quiet).showLastUpdated).toBeUndefined();
  });

  it('shows the site space switcher for a section with more than one', () => {
    const space = { siteSpaceId: 'space-a', title: 'A', url: '/a/', current: true, samePage: true };
    expect(pageParts(site, { ...page, siteSpaces: [space] }).showVariants).toBeUndefined();
    expect(pageParts(site, { ...page, siteSpaces: [space, space] }).showVariants).toBe(true);
  });

  it('loads the evaluator with conditions or `{% if %}` regions, and notices gated pages', () => {
    expect(pageParts(site, page)).not.toHaveProperty('adaptiveScript');
    const plain = { ...site, adaptive: adaptive({}) };
    expect(pageParts(plain, page).adaptiveScript).toBeUndefined();
    expect(pageParts(plain, { ...page, adaptiveRegions: true }).adaptiveScript).toBe(true);
    const bySection = { ...site, adaptive: adaptive({ sections: { 'section-a': null } }) };
    expect(pageParts(bySection, page)).toMatchObject({
      adaptiveScript: true,
      unavailableNotice: true,
    });
    const bySpace = { ...site, adaptive: adaptive({ siteSpaces: { 'space-b': null } }) };
    expect(pageParts(bySpace, page)).toMatchObject({ adaptiveScript: true });
    expect(pageParts(bySpace, page).unavailableNotice).toBeUndefined();
    expect(pageParts(bySpace, { ...page, key: 'space-b:x' }).unavailableNotice).toBe(true);
    expect(conditionedItems(bySpace.adaptive)).toEqual({ sections: [], siteSpaces: ['space-b'] });
  });

  it("links the PDF of the page's site space, and names the change request it previews", () => {
    const printed = { chrome: { pdfDownloads: { 'space-a': '/pdf/a.pdf' } } };
    expect(pageParts(printed, page).pdfDownload).toBe('/pdf/a.pdf');
    expect(pageParts(printed, { ...page, key: 'space-b:x' }).pdfDownload).toBeUndefined();
    const build = { ...site, changeRequest: { number: 7, subject: 'Build' } };
    expect(pageParts(build, page).changeRequest).toEqual({ number: 7, subject: 'Build' });
    const own = { ...page, changeRequest: { number: 3, subject: 'Own' } };
    expect(pageParts(build, own).changeRequest).toEqual({ number: 3, subject: 'Own' });
  });
});
