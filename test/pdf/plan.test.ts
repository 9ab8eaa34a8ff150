import { describe, expect, it } from 'vitest';
import { planPdfDocuments, SITE_PDF } from '../../src/pdf/documents.ts';
import { pdfListing } from '../../src/pdf/listing.ts';
import { buildSiteModel } from '../../src/site/index.ts';
import { doc, group, guidesSite, link, makeSite } from '../site/helpers.ts';

/** The plan's tree as titles: groups and pages, children nested. */
type Shape = [string, Shape[]] | string;
function shape(
  entries: readonly { kind: string; title?: string; page?: { title: string }; children: never[] }[],
): Shape[] {
  return entries.map((entry) => {
    const title = entry.kind === 'group' ? `[${entry.title}]` : (entry.page?.title as string);
    return entry.children.length > 0 ? [title, shape(entry.children)] : title;
  });
}

describe('planPdfDocuments', () => {
  it('gives each section variant its sidebar: groups, nested pages; no links, no hidden pages', () => {
    const model = buildSiteModel(guidesSite());
    const plan = planPdfDocuments(model, { revisions: new Map([['guides-v2', 'rev-7']]) });
    const v2 = plan.documents[0];
    expect(v2?.fileName).toBe('index.pdf');
    expect(v2?.parts[0]?.revision).toBe('rev-7');
    expect(shape(v2?.parts[0]?.entries as never)).toEqual([
      'Welcome',
      ['Getting started', ['Install v2', ['First launch', ['Checklist']]]],
      ['[Operations]', ['Telemetry']],
    ]);
    expect(v2?.pages.map((p) => p.title)).toEqual([
      'Welcome',
      'Getting started',
      'Install v2',
      'First launch',
      'Checklist',
      'Telemetry',
    ]);
  });

  it('drops a group that holds only links', () => {
    const model = buildSiteModel(
      makeSite({
        spaces: [
          {
            id: 'main',
            path: 'main',
            default: true,
            pages: [
              doc('readme', 'Home', { git: { path: 'README.md' } }),
              group('Elsewhere', [link('Status', { kind: 'url', url: 'https://status.example' })]),
            ],
          },
        ],
      }),
    );
    const [only] = planPdfDocuments(model).documents;
    expect(shape(only?.parts[0]?.entries as never)).toEqual(['Home']);
  });

  it('scope site: one site.pdf with every shown variant as a part, in site order', () => {
    const model = buildSiteModel(guidesSite());
    const section = planPdfDocuments(model);
    const site = planPdfDocuments(model, { scope: 'site' });
    expect(site.documents.map((d) => d.fileName)).toEqual([SITE_PDF]);
    expect(site.documents[0]?.parts.map((p) => p.siteSpaceId)).toEqual(
      section.documents.map((d) => d.parts[0]?.siteSpaceId),
    );
    expect(site.documents[0]?.pages).toEqual(section.documents.flatMap((d) => d.pages));
    expect(site.skipped).toEqual(section.skipped);
  });

  it('never names a section variant site.pdf', () => {
    const model = buildSiteModel(
      makeSite({
        sections: [
          {
            id: 'home',
            path: 'home',
            default: true,
            spaces: [{ id: 'h', path: 'h', default: true, pages: [doc('a', 'A')] }],
          },
          {
            id: 'site',
            path: 'site',
            spaces: [{ id: 's', path: 's', default: true, pages: [doc('b', 'B')] }],
          },
        ],
      }),
    );
    expect(planPdfDocuments(model).documents.map((d) => d.fileName)).toEqual([
      'index.pdf',
      'site-2.pdf',
    ]);
  });
});

describe('pdfListing', () => {
  it('lists the PDFs of the plan: each variant its own, or all of them site.pdf', () => {
    const model = buildSiteModel(guidesSite());
    const spaces = planPdfDocuments(model).documents.map((d) => d.parts[0]?.siteSpaceId);
    const section = pdfListing(model);
    expect(section.map((pdf) => pdf.siteSpaceIds)).toEqual(spaces.map((id) => [id]));
    expect(section[0]).toMatchObject({
      url: `${model.base}pdf/index.pdf`,
      file: 'pdf/index.pdf',
    });
    // Pages of every variant offer site.pdf as their download.
    expect(pdfListing(model, 'site')).toEqual([
      {
        url: `${model.base}pdf/site.pdf`,
        file: 'pdf/site.pdf',
        siteSpaceIds: spaces,
        title: model.title,
      },
    ]);
  });
});
