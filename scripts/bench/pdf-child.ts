/**
 * Child process of the `pdf` benchmark: prints a rendered site's whole-site PDF (`site.pdf`,
 * every shown page), then one JSON line with the time, the file's
 * size, this process's peak RSS and the peak of Chromium's processes (summed RSS, sampled).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { findChromium } from '../../src/pdf/chromium.ts';
import { planPdfDocuments } from '../../src/pdf/documents.ts';
import { printDocument } from '../../src/pdf/index.ts';
import { openPrinter } from '../../src/pdf/print.ts';
import { printPlanFor } from '../../src/pdf/print-document.ts';
import { placeSheets } from '../../src/pdf/sheets.ts';
import { loadSiteModel } from '../../src/site/index.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { SnapshotStore } from '../../src/snapshot/store.ts';
import { sampleChildrenMemory } from './process-memory.ts';
import { timed } from './types.ts';

const [cacheDir, outDir, chunkPages, target] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
];
const chromium = findChromium(process.env.OFFPRINT_CHROMIUM);
if (!chromium) throw new Error('no Chromium on PATH for the pdf benchmark');
const snapshot = await Snapshot.open((await new SnapshotStore(cacheDir).current()) as string);
const model = await loadSiteModel(snapshot, {});
const [document] = planPdfDocuments(model, { scope: 'site' }).documents;
if (!document) throw new Error('the synthetic site has no page to print');
const { cover, parts } = printPlanFor(document, { title: model.title, date: '2026-01-01' });
const memory = sampleChildrenMemory(process.pid);
const printed = await timed(async () => {
  const printer = await openPrinter({ chromium, outDir: path.resolve(outDir), base: model.base });
  try {
    return await printDocument(printer, cover, placeSheets(parts), {
      outDir: path.resolve(outDir),
      target,
      chunkPages: Number(chunkPages),
    });
  } finally {
    await printer.close();
  }
});
await memory.stop();
console.log(
  JSON.stringify({
    pages: document.pages.length,
    chunks: printed.result,
    seconds: printed.seconds,
    bytes: (await stat(target)).size,
    nodeMaxRssKiB: process.resourceUsage().maxRSS,
    chromiumPeakKiB: memory.peakChildrenKiB,
  }),
);
