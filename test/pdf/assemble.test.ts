import type { Element } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { toText } from 'hast-util-to-text';
import { describe, expect, it } from 'vitest';
import {
  assemblePrintDocument,
  assembleSheets,
  type RenderedPage,
} from '../../src/pdf/assemble.ts';
import { CHUNK_LINK, splitChunks } from '../../src/pdf/chunks.ts';
import type { PdfOutlineEntry } from '../../src/pdf/documents.ts';
import { placeSheets } from '../../src/pdf/sheets.ts';

function rendered(url: string, title: string, content: string, header = true): RenderedPage {
  const heading = header
    ? `<header class="op-page-header"><h1 class="op-title">${title}</h1></header>`
    : '';
  return {
    url,
    aliases: [],
    title,
    html: `<!doctype html><html lang="en"><head><link rel="stylesheet" href="/a.css"></head><body><article class="op-article">${heading}<div class="op-content">${content}</div></article></body></html>`,
  };
}

const page = (p: RenderedPage, children: PdfOutlineEntry<RenderedPage>[] = []) =>
  ({ kind: 'page', page: p, children }) as const;

/** Each heading of the document in order: its level and text. */
function headings(html: string): string[] {
  const tree = fromHtml(html);
  return selectAll('h1, h2, h3, h4, h5, h6, [role=heading]', tree).map(
    (node: Element) => `${node.properties.ariaLevel} ${toText(node)}`,
  );
}

describe('assemblePrintDocument', () => {
  const welcome = rendered('/', 'Welcome', '<h2 id="a">Start</h2><h3 id="b">Deeper</h3>');
  const install = rendered('/install/', 'Install', '<h2 id="c">Download</h2>');
  const checklist = rendered('/install/check/', 'Checklist', '<p>Tick.</p>', false);
  const telemetry = rendered(
    '/ops/telemetry/',
    'Telemetry',
    '<h2 id="d"><span class="op-icon-slot" aria-hidden="true"><svg></svg></span> Connect </h2>',
  );
  const entries: PdfOutlineEntry<RenderedPage>[] = [
    page(welcome),
    page(install, [page(checklist)]),
    { kind: 'group', title: 'Operations', children: [page(telemetry)] },
  ];

  it('gives headings the levels of the sidebar tree, each page its title', () => {
    const html = assemblePrintDocument({
      cover: { title: 'Docs', date: '2026-01-02', revision: 'rev-1' },
      parts: [{ entries }],
    });
    expect(headings(html)).toEqual([
      '1 Welcome',
      '2 Start',
      '3 Deeper',
      '1 Install',
      '2 Download',
      // The page hides its title; the PDF prints it, since a page needs its bookmark.
      '2 Checklist',
      '1 Operations',
      '2 Telemetry',
      // The space after the icon would open the bookmark's title.
      '3 Connect',
    ]);
    const tree = fromHtml(html);
    expect(toText(select('.op-pdf-cover', tree) as Element)).toContain('Revision rev-1');
    // The group heading opens the sheet of its first page.
    const sheet = select('#p4', tree) as Element;
    expect(toText(sheet.children[0] as Element)).toBe('Operations');
  });

  it('opens each part of a whole-site PDF with its own sheet, a level above its pages', () => {
    const html = assemblePrintDocument({
      cover: { title: 'Docs', date: '2026-01-02' },
      parts: [
        { opening: { sectionTitle: 'Guides', siteSpaceTitle: 'v2', revision: 'r2' }, entries },
        { opening: { sectionTitle: 'API' }, entries: [page(rendered('/api/', 'API', ''))] },
      ],
    });
    expect(headings(html).filter((h) => /^[12] /.test(h))).toEqual([
      '1 Guides — v2',
      '2 Welcome',
      '2 Install',
      '2 Operations',
      '1 API',
      '2 API',
    ]);
  });

  it("words the cover and part sheets in the pages' language", () => {
    const french = (p: RenderedPage) => ({ ...p, html: p.html.replace('lang="en"', 'lang="fr"') });
    const html = assemblePrintDocument({
      cover: { title: 'Docs', date: '2026-01-02', revision: 'rev-1' },
      parts: [{ opening: { revision: 'r2' }, entries: [page(french(welcome))] }],
    });
    const tree = fromHtml(html);
    expect(select('html', tree)?.properties.lang).toBe('fr');
    expect(toText(select('.op-pdf-cover', tree) as Element)).toContain('Révision rev-1');
    const part = toText(select('.op-pdf-part', tree) as Element);
    expect(part).toContain('Documentation');
    expect(part).toContain('Révision r2');
    expect(html).not.toContain('Revision ');
  });

  it('leaves out regions shown only to some visitors, and the page menu', () => {
    const gated = rendered(
      '/gated/',
      'Gated',
      '<p>For all.</p><div class="op-condition" data-op-condition=""><div class="op-condition__branch" data-op-if="visitor.claims.plan == 1" hidden><p>For some.</p></div><div class="op-condition__branch" data-op-else="" hidden><p>For the rest.</p></div></div>',
    );
    gated.html = gated.html.replace(
      '<article class="op-article">',
      '<article class="op-article"><div class="op-page-menu" data-op-page-actions>Copy page</div>',
    );
    const html = assemblePrintDocument({
      cover: { title: 'Docs', date: '2026-01-02' },
      parts: [{ entries: [page(gated)] }],
    });
    expect(html).toContain('For all.');
    expect(html).not.toContain('For some.');
    expect(html).not.toContain('For the rest.');
    expect(html).not.toContain('Copy page');
  });
});

describe('images in a print document', () => {
  const picture = (src: string) =>
    `<a class="op-image-link" href="${src}"><picture class="op-picture"><source type="image/webp" srcset="/s/480w-q80.webp 480w, /s/1472w-q80.webp 1472w" sizes="46rem"><img src="${src}" alt="Console" loading="lazy"></picture></a>`;

  it('prints the print copy alone where the render made one, the screen picture elsewhere', () => {
    const shots = rendered(
      '/shots/',
      'Shots',
      picture('/docs/assets/ab/shot.png') + picture('/docs/assets/cd/other.png'),
    );
    const html = assemblePrintDocument({
      cover: { title: 'Docs', date: '2026-01-02' },
      parts: [{ entries: [page(shots)] }],
      printCopies: new Map([['/docs/assets/ab/shot.png', '/docs/assets/ab/1200w-q75.jpg']]),
    });
    const [copied, screen] = selectAll('picture', fromHtml(html));
    expect(selectAll('source', copied as Element)).toEqual([]);
    expect(select('img', copied as Element)?.properties).toMatchObject({
      src: '/docs/assets/ab/1200w-q75.jpg',
      alt: 'Console',
    });
    // Without a copy (--no-image-variants, or a file too small to get one): as on screen.
    expect(selectAll('source', screen as Element)).toHaveLength(1);
    expect(select('img', screen as Element)?.properties.src).toBe('/docs/assets/cd/other.png');
    // Lazy loading would print an image below the first sheet before it loads.
    expect(selectAll('img[loading]', fromHtml(html))).toEqual([]);
  });
});

describe('a document split into chunks', () => {
  const pages = ['a', 'b', 'c', 'd', 'e'].map((name) =>
    rendered(
      `/${name}/`,
      name.toUpperCase(),
      `<p><a href="/a/#top">first</a></p><h2 id="top">Top</h2>`,
    ),
  );
  const sheets = placeSheets<RenderedPage>([
    { opening: { sectionTitle: 'One' }, entries: [page(pages[0] as RenderedPage)] },
    {
      opening: { sectionTitle: 'Two' },
      entries: [
        {
          kind: 'group',
          title: 'Group',
          children: (pages.slice(1) as RenderedPage[]).map((p) => page(p)),
        },
      ],
    },
  ]);

  it('cuts between pages only, a part opening going with its first page', () => {
    const chunks = splitChunks(sheets, 2);
    expect(
      chunks.map((chunk) =>
        chunk.sheets.map((s) => (s.kind === 'part' ? `[${s.opening.sectionTitle}]` : s.page.title)),
      ),
    ).toEqual([['[One]', 'A', '[Two]', 'B'], ['C', 'D'], ['E']]);
    expect(chunks.map((chunk) => chunk.place.first)).toEqual([0, 2, 4]);
    expect(chunks.map((chunk) => chunk.place.cover)).toEqual([true, false, false]);
    expect([...(chunks[1]?.place.elsewhere.entries() ?? [])]).toEqual([
      ['/a/', 'p1'],
      ['/b/', 'p2'],
      ['/e/', 'p5'],
    ]);
  });

  it('prints a later chunk without the cover, at the levels and anchors of the whole document', () => {
    const [, second] = splitChunks(sheets, 2);
    const html = assembleSheets(
      { title: 'Docs', date: '2026-01-02' },
      second?.sheets ?? [],
      second?.place,
    );
    const tree = fromHtml(html);
    expect(select('.op-pdf-cover', tree)).toBeUndefined();
    // C and D sit in the group of part Two, whose headings the chunk before printed.
    expect(headings(html)).toEqual(['3 C', '4 Top', '3 D', '4 Top']);
    expect(selectAll('section.op-pdf-page', tree).map((s) => s.properties.id)).toEqual([
      'p3',
      'p4',
    ]);
    // A link to a page of another chunk waits for the merge; each id is a link target.
    const links = selectAll('.op-pdf-page a', tree).map((a) => a.properties.href);
    expect(links).toEqual([
      `${CHUNK_LINK}#${encodeURIComponent('p1-top')}`,
      `${CHUNK_LINK}#${encodeURIComponent('p1-top')}`,
    ]);
    const targets = selectAll('[data-op-pdf-targets] a', tree).map((a) => a.properties.href);
    expect(targets).toEqual(expect.arrayContaining(['#p3', '#p3-top', '#p4', '#p4-top']));
  });
});
