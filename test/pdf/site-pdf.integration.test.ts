import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { EXAMPLE_PAGES_DIR } from '../../src/cli/site-source.ts';
import { discoverLocalPages } from '../../src/local-pages/index.ts';
import type { PdfResult } from '../../src/pdf/index.ts';
import { loadSiteModel, type SiteModel } from '../../src/site/index.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { SnapshotStore } from '../../src/snapshot/store.ts';
import { bookmarks, expectedBookmarks, openPdf, type Pdf } from './helpers.ts';
import { PRINT_DATE, printedExample } from './printed-example.ts';

// `--pdf-scope site` on the example the global setup built: one PDF of every shown variant
// (printed once per run: test/pdf/chunks reads it too).
const { outDir, cacheDir } = inject('exampleBuild');
let pdfDir: string;
let result: PdfResult;
let model: SiteModel;
let snapshot: Snapshot;
let pdf: Pdf;

const PARTS = [
  ['Guides — v2', 'guides-v2'],
  ['Guides — v1 (legacy)', 'guides-v1'],
  ['Guides — Français', 'guides-fr'],
  ['API reference', 'api-ref'],
] as const;

beforeAll(async () => {
  ({ pdfDir, result } = await printedExample({ scope: 'site' }));
  snapshot = await Snapshot.open((await new SnapshotStore(cacheDir).current()) as string);
  model = await loadSiteModel(snapshot, {
    localPages: await discoverLocalPages(EXAMPLE_PAGES_DIR),
  });
  pdf = await openPdf(path.join(pdfDir, 'site.pdf'));
}, 300_000);

describe('offprint pdf --pdf-scope site on the example', () => {
  it('writes site.pdf alone, with every page of every shown variant', async () => {
    expect((await readdir(pdfDir)).filter((file) => file.endsWith('.pdf'))).toEqual(['site.pdf']);
    const shown = model.pages.filter(
      (p) => !p.hidden && PARTS.some(([, space]) => space === p.siteSpaceId),
    );
    expect(result.files).toMatchObject([{ file: 'site.pdf', pages: shown.length }]);
    expect(result.notes).toEqual([
      '/docs/telemetry/: shown only to some visitors (adaptive content), no PDF',
    ]);
  });

  it('bookmarks each section variant over its sidebar, in site order', async () => {
    const expected = await Promise.all(
      PARTS.map(async ([title, space]) => ({
        title,
        items: await expectedBookmarks(model, space, outDir),
      })),
    );
    expect(await bookmarks(pdf)).toEqual(expected);
  });

  it('names the site on the cover, and each part with its revision on a sheet of its own', async () => {
    const { text } = await extractText(pdf, { mergePages: false });
    expect(text[0]).toContain('Acme Rockets Docs');
    expect(text[0]).toContain(PRINT_DATE);
    expect(text[0]).not.toContain('Guides');
    for (const [title, space] of PARTS) {
      const spaceId = model.siteSpace(space)?.spaceId as string;
      const revision = snapshot.manifest.spaces.find((s) => s.spaceId === spaceId)?.revision;
      expect(revision).toMatch(/\w{8,}/);
      const sheet = text.find((t) => t.trim().startsWith(title));
      expect(sheet?.split('\n').map((line) => line.trim())).toEqual([
        title,
        `Revision ${revision}`,
      ]);
    }
  });

  it('turns links between variants into jumps inside the PDF', async () => {
    const named: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      for (const annotation of await (await pdf.getPage(n)).getAnnotations()) {
        if (annotation.subtype === 'Link' && typeof annotation.dest === 'string')
          named.push(annotation.dest);
      }
    }
    expect(named.length).toBeGreaterThan(0);
    for (const dest of named) expect(await pdf.getDestination(dest), dest).not.toBeNull();
    // v1 links to v2's migration guide: a web link in guides-v1.pdf, a jump in here.
    const web: string[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      for (const annotation of await (await pdf.getPage(n)).getAnnotations())
        if (typeof annotation.url === 'string') web.push(annotation.url);
    }
    expect(web.some((url) => url.includes('/docs/operations/migrating-from-v1/'))).toBe(false);
  });
});
