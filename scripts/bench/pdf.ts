import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument } from 'pdf-lib';
import { pull } from '../../src/pull/index.ts';
import { render } from '../../src/render/index.ts';
import { reportFromChild } from './child.ts';
import { withSyntheticSite } from './synthetic.ts';
import type { Benchmark, Figure } from './types.ts';

const CHILD = fileURLToPath(new URL('./pdf-child.ts', import.meta.url));
const SIZES = (process.env.OFFPRINT_BENCH_PDF_PAGES ?? '300,2000').split(',').map(Number);
/** Sites up to this size are also printed in one go, to compare with chunks (larger ones do
 * not load in Chromium in reasonable time: docs/pdf.md). */
const WHOLE_UP_TO = 300;

interface ChildReport {
  pages: number;
  chunks: number;
  seconds: number;
  bytes: number;
  nodeMaxRssKiB: number;
  chromiumPeakKiB: number;
}

/**
 * The whole-site PDF of a synthetic site (every page), printed by
 * Chromium in chunks of 100 pages and merged, in a child process for its own peak RSS; the
 * 300-page one also in one print. Time, file size, sheets, peak RSS of node and of Chromium.
 */
export const pdfBenchmark: Benchmark = {
  name: 'pdf',
  description: `one PDF of every page of synthetic sites of ${SIZES.join(' and ')} pages`,
  async run() {
    const figures: Figure[] = [];
    for (const pages of SIZES) {
      const site = { name: 'pdf', pages, seed: 2, pageSize: 1000 };
      await withSyntheticSite(site, async ({ api, work }) => {
        const cacheDir = path.join(work, 'cache');
        const outDir = path.join(work, 'dist');
        await pull({ ...api, cacheDir, concurrency: 16 });
        await render({ cacheDir, outDir });
        const modes = pages <= WHOLE_UP_TO ? ['chunks', 'whole'] : ['chunks'];
        for (const mode of modes) {
          const target = path.join(work, `${mode}.pdf`);
          const report = await printInChild(cacheDir, outDir, mode === 'whole' ? 1e9 : 100, target);
          const sheets = (await PDFDocument.load(await readFile(target))).getPageCount();
          const what = `${report.pages} pages, ${mode === 'whole' ? 'one print' : `${report.chunks} chunks`}`;
          figures.push(
            { name: `${what}: time`, value: report.seconds, unit: 's' },
            { name: `${what}: sheets`, value: sheets, unit: 'sheets' },
            { name: `${what}: file size`, value: report.bytes / 2 ** 20, unit: 'MiB' },
            {
              name: `${what}: peak RSS, node`,
              value: Math.round(report.nodeMaxRssKiB / 1024),
              unit: 'MiB',
            },
            {
              name: `${what}: peak RSS, Chromium (all processes)`,
              value: Math.round(report.chromiumPeakKiB / 1024),
              unit: 'MiB',
            },
          );
        }
      });
    }
    return figures;
  },
};

function printInChild(
  cacheDir: string,
  outDir: string,
  chunkPages: number,
  target: string,
): Promise<ChildReport> {
  return reportFromChild<ChildReport>(CHILD, [cacheDir, outDir, String(chunkPages), target], 'pdf');
}
