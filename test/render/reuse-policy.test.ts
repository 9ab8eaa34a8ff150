import { describe, expect, it } from 'vitest';
import type { LinkScan } from '../../src/hosting/index.ts';
import type { PdfEntries } from '../../src/pdf/record.ts';
import type { FileStamp } from '../../src/records/file-stamps.ts';
import type { BuildRecord, RenderSummary } from '../../src/records/last-build.ts';
import {
  cachedRenderHolds,
  carriedOver,
  keepOutput,
  knownLinks,
  lastViews,
  type PdfsOnDisk,
  pageChanged,
  pagesWithSameView,
  pdfReusable,
  pdfsIntact,
  pdfsLeftOut,
  recordOf,
  reusablePages,
  skipEverything,
  specReusable,
  specsInKey,
} from '../../src/render/reuse-policy.ts';

// The policy decides from plain records: no snapshot, no Astro, no files.

const OUT = '/site/dist';
const stamp = (size: number, mtimeMs = 1000): FileStamp => ({ size, mtimeMs });
const summary: RenderSummary = {
  pages: 2,
  aliases: 0,
  assets: 1,
  brokenLinks: [],
  warnings: [{ page: '/a/', message: 'w' }],
  notes: [],
};

/** The record a render into OUT left: two pages, as written. */
function record(overrides: Partial<BuildRecord> = {}): BuildRecord {
  return {
    fingerprint: 'fp-1',
    outDir: OUT,
    shell: 'shell-1',
    pages: {
      'a/index.html': { view: 'view-a', ...stamp(100) },
      'b/index.html': { view: 'view-b', ...stamp(200) },
    },
    inputs: 'inputs-1',
    summary,
    ...overrides,
  };
}

/** The stamps of the two pages as that render wrote them. */
const asWritten = new Map([
  ['a/index.html', stamp(100)],
  ['b/index.html', stamp(200)],
]);

const pdfRecord: PdfEntries = {
  'guides.pdf': { key: 'k1', ...stamp(5000) },
  'api.pdf': { key: 'k2', ...stamp(7000) },
};
const pdfsAsPrinted: PdfsOnDisk = {
  record: pdfRecord,
  stamps: new Map([
    ['guides.pdf', stamp(5000)],
    ['api.pdf', stamp(7000)],
  ]),
};

describe('skipping a render whose inputs are the last one’s', () => {
  const today = { outDir: OUT, inputs: 'inputs-1', pdf: false };
  const last = { record: record(), exists: true, report: { fingerprint: 'fp-1' } };

  it('skips, telling what the last render told, when inputs, output and report are as left', () => {
    expect(skipEverything(last, today)).toBe(summary);
  });

  it('does not skip when the output is gone, even with the same inputs', () => {
    expect(skipEverything({ ...last, exists: false }, today)).toBeUndefined();
  });

  it('does not skip when the record is of another output directory', () => {
    expect(skipEverything(last, { ...today, outDir: '/elsewhere' })).toBeUndefined();
  });

  it('does not skip when any input differs', () => {
    expect(skipEverything(last, { ...today, inputs: 'inputs-2' })).toBeUndefined();
  });

  it('does not skip without a record, or one without a summary', () => {
    expect(skipEverything({ ...last, record: undefined }, today)).toBeUndefined();
    expect(
      skipEverything({ ...last, record: record({ summary: undefined }) }, today),
    ).toBeUndefined();
  });

  it('does not skip when the link report is gone or is of another output', () => {
    expect(skipEverything({ ...last, report: undefined }, today)).toBeUndefined();
    expect(skipEverything({ ...last, report: { fingerprint: 'fp-0' } }, today)).toBeUndefined();
  });

  it('with PDFs, skips only while every recorded PDF is as printed', () => {
    const withPdf = { ...today, pdf: true };
    expect(skipEverything({ ...last, pdfs: pdfsAsPrinted }, withPdf)).toBe(summary);
    expect(skipEverything(last, withPdf)).toBeUndefined();
    expect(
      skipEverything({ ...last, pdfs: { ...pdfsAsPrinted, record: undefined } }, withPdf),
    ).toBeUndefined();
    const touched = new Map(pdfsAsPrinted.stamps).set('api.pdf', stamp(7000, 2000));
    expect(
      skipEverything({ ...last, pdfs: { ...pdfsAsPrinted, stamps: touched } }, withPdf),
    ).toBeUndefined();
    const deleted = new Map(pdfsAsPrinted.stamps);
    deleted.delete('guides.pdf');
    expect(
      skipEverything({ ...last, pdfs: { ...pdfsAsPrinted, stamps: deleted } }, withPdf),
    ).toBeUndefined();
  });

  it('without PDFs, does not look at them', () => {
    const broken = { record: undefined, stamps: new Map() };
    expect(skipEverything({ ...last, pdfs: broken }, today)).toBe(summary);
  });
});

describe('the record of the last output', () => {
  it('is the one about this output directory, while that directory is there', () => {
    const last = { record: record(), exists: true };
    expect(recordOf(last, OUT)).toEqual(record());
    expect(recordOf(last, '/other')).toBeUndefined();
    expect(recordOf({ ...last, exists: false }, OUT)).toBeUndefined();
  });
});

describe('keeping the output once the pages are written', () => {
  it('keeps it when the fingerprint is the last one', () => {
    expect(keepOutput(record(), { fingerprint: 'fp-1', pdfs: [] }, undefined)).toBe(true);
    expect(keepOutput(record(), { fingerprint: 'fp-2', pdfs: [] }, undefined)).toBe(false);
    expect(keepOutput(undefined, { fingerprint: 'fp-1', pdfs: [] }, undefined)).toBe(false);
  });

  it('with PDFs listed, keeps it only while each listed PDF is as printed', () => {
    const today = { fingerprint: 'fp-1', pdfs: ['guides.pdf', 'api.pdf'] };
    expect(keepOutput(record(), today, pdfsAsPrinted)).toBe(true);
    expect(keepOutput(record(), today, undefined)).toBe(false);
    expect(keepOutput(record(), { ...today, pdfs: ['site.pdf'] }, pdfsAsPrinted)).toBe(false);
    const replaced = new Map(pdfsAsPrinted.stamps).set('guides.pdf', stamp(4999));
    expect(keepOutput(record(), today, { ...pdfsAsPrinted, stamps: replaced })).toBe(false);
  });

  it('asks only about the PDFs listed today', () => {
    expect(pdfsIntact(pdfsAsPrinted, ['api.pdf'])).toBe(true);
    expect(pdfsIntact({ ...pdfsAsPrinted, stamps: new Map() }, ['api.pdf'])).toBe(false);
  });
});

describe('reusing pages of the last output', () => {
  const digests = new Map([
    ['a/index.html', 'view-a'],
    ['b/index.html', 'view-b'],
  ]);

  it('re-renders only the page whose view changed', () => {
    const today = new Map(digests).set('b/index.html', 'view-b2');
    expect(pagesWithSameView(record(), 'shell-1', today)).toEqual(['a/index.html']);
    expect([...reusablePages(record(), 'shell-1', today, asWritten)]).toEqual(['a/index.html']);
  });

  it('reuses every page whose view and file are as the last render left them', () => {
    expect([...reusablePages(record(), 'shell-1', digests, asWritten)].sort()).toEqual([
      'a/index.html',
      'b/index.html',
    ]);
  });

  it('reuses nothing when what the pages share changed', () => {
    expect(pagesWithSameView(record(), 'shell-2', digests)).toEqual([]);
    expect(reusablePages(record(), 'shell-2', digests, asWritten).size).toBe(0);
  });

  it('does not reuse a page file edited or removed since it was written', () => {
    const edited = new Map(asWritten).set('a/index.html', stamp(100, 5000));
    expect([...reusablePages(record(), 'shell-1', digests, edited)]).toEqual(['b/index.html']);
    const removed = new Map(asWritten);
    removed.delete('b/index.html');
    expect([...reusablePages(record(), 'shell-1', digests, removed)]).toEqual(['a/index.html']);
  });

  it('does not reuse a new page, nor one named like an object member', () => {
    const today = new Map(digests).set('c/index.html', 'view-c').set('constructor', 'x');
    const stamps = new Map(asWritten).set('c/index.html', stamp(1)).set('constructor', stamp(1));
    expect([...reusablePages(record(), 'shell-1', today, stamps)].sort()).toEqual([
      'a/index.html',
      'b/index.html',
    ]);
  });

  it('reuses nothing without a record or recorded pages', () => {
    expect(reusablePages(undefined, 'shell-1', digests, asWritten).size).toBe(0);
    expect(reusablePages(record({ pages: undefined }), 'shell-1', digests, asWritten).size).toBe(0);
  });
});

describe('which pages changed, for the search stage', () => {
  it('tells a changed or new page when the shell is the last one', () => {
    const views = lastViews(record(), 'shell-1');
    expect(pageChanged(views, 'a/index.html', 'view-a')).toBe(false);
    expect(pageChanged(views, 'a/index.html', 'view-a2')).toBe(true);
    expect(pageChanged(views, 'new/index.html', 'view-n')).toBe(true);
  });

  it('tells none when the shell changed (every page is new then)', () => {
    const views = lastViews(record(), 'shell-2');
    expect(views).toBeUndefined();
    expect(pageChanged(views, 'a/index.html', 'view-a2')).toBe(false);
  });
});

describe('links known from the last check', () => {
  const scan: LinkScan = { base: '/', targets: [], pages: new Map() };
  const reused = new Set(['a/index.html']);

  it('are the last scan, for the reused pages, when it is of the recorded output', () => {
    expect(knownLinks(record(), { fingerprint: 'fp-1', scan }, reused)).toEqual({
      scan,
      files: reused,
    });
  });

  it('are none when the scan is of another build, or missing', () => {
    expect(knownLinks(record(), { fingerprint: 'fp-0', scan }, reused)).toBeUndefined();
    expect(knownLinks(record(), undefined, reused)).toBeUndefined();
    expect(knownLinks(undefined, { fingerprint: 'fp-1', scan }, reused)).toBeUndefined();
  });
});

describe('PDFs left out', () => {
  it('are noted when a render without PDFs replaces an output that had them', () => {
    expect(pdfsLeftOut({ pdf: false }, { pdfRecord, pdfDirExists: true })).toBe(true);
    expect(pdfsLeftOut({ pdf: true }, { pdfRecord, pdfDirExists: true })).toBe(false);
    expect(pdfsLeftOut({ pdf: false }, { pdfRecord: undefined, pdfDirExists: true })).toBe(false);
    expect(pdfsLeftOut({ pdf: false }, { pdfRecord, pdfDirExists: false })).toBe(false);
  });
});

describe('the markdown cache', () => {
  it('serves a cached render while every reference resolves as it did', () => {
    expect(cachedRenderHolds([], [])).toBe(true);
    expect(
      cachedRenderHolds(['{"url":"/a/"}', '{"url":"/b/"}'], ['{"url":"/a/"}', '{"url":"/b/"}']),
    ).toBe(true);
  });

  it('renders again when a page it links to moved or is gone', () => {
    expect(
      cachedRenderHolds(['{"url":"/a/"}', '{"url":"/b/"}'], ['{"url":"/a/"}', '{"url":"/c/"}']),
    ).toBe(false);
    expect(cachedRenderHolds(['{"url":"/a/"}'], ['null'])).toBe(false);
    expect(cachedRenderHolds(['{"url":"/a/"}'], [])).toBe(false);
  });

  it('counts the specs only in the key of a page that may show one', () => {
    const none = { markdown: false, previous: false };
    expect(specsInKey('specs-1', none)).toBe('');
    expect(specsInKey('specs-1', { ...none, markdown: true })).toBe('specs-1');
    expect(specsInKey('specs-1', { ...none, previous: true })).toBe('specs-1');
    expect(specsInKey('', { markdown: true, previous: true })).toBe('');
  });
});

describe('loaded OpenAPI specs', () => {
  const then = {
    version: 'loader-1',
    documents: { 'https://a/spec.yaml': 'sha-a', 'https://a/common.yaml': null },
  };

  it('are used again while the loader and every document are as they were', () => {
    expect(specReusable(then, { version: 'loader-1', documents: { ...then.documents } })).toBe(
      true,
    );
  });

  it('are loaded again when a document changed, appeared or the loader is another', () => {
    const now = { version: 'loader-1', documents: { ...then.documents } };
    expect(
      specReusable(then, {
        ...now,
        documents: { ...now.documents, 'https://a/spec.yaml': 'sha-b' },
      }),
    ).toBe(false);
    expect(
      specReusable(then, {
        ...now,
        documents: { ...now.documents, 'https://a/common.yaml': 'sha-c' },
      }),
    ).toBe(false);
    expect(specReusable(then, { ...now, version: 'loader-2' })).toBe(false);
  });

  it('are loaded when no earlier render loaded them', () => {
    expect(specReusable(undefined, { version: 'loader-1', documents: {} })).toBe(false);
  });
});

describe('PDFs copied rather than printed', () => {
  const then = { key: 'k1', ...stamp(5000) };

  it('are copied when printed from the same key and still as written', () => {
    expect(pdfReusable(then, 'k1', stamp(5000))).toBe(true);
  });

  it('are printed when the pages changed, the file was touched or is gone, or none was printed', () => {
    expect(pdfReusable(then, 'k2', stamp(5000))).toBe(false);
    expect(pdfReusable(then, 'k1', stamp(5000, 2000))).toBe(false);
    expect(pdfReusable(then, 'k1', stamp(4999))).toBe(false);
    expect(pdfReusable(then, 'k1', undefined)).toBe(false);
    expect(pdfReusable(undefined, 'k1', stamp(5000))).toBe(false);
  });
});

describe('files carried over with the reused pages', () => {
  const assets = ['_astro/page.abc.css', '_astro/hoisted.def.js'];

  it("are the reused pages and the last build's _astro files", () => {
    expect(carriedOver(new Set(['a/index.html']), assets)).toEqual(['a/index.html', ...assets]);
  });

  it("are none when no page is reused: the last theme's files are not kept", () => {
    expect(carriedOver(new Set(), assets)).toEqual([]);
  });
});
