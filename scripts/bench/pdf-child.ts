/**
 * Child process of the `pdf` benchmark: prints every shown page of a rendered site as one
 * document (as a whole-site PDF would hold them), then one JSON line with the time, the file's
 * size, this process's peak RSS and the peak of Chromium's processes (summed RSS, sampled).
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { findChromium } from '../../src/pdf/chromium.ts';
import { printDocument } from '../../src/pdf/index.ts';
import { openPrinter } from '../../src/pdf/print.ts';
import { loadSiteModel } from '../../src/site/index.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { SnapshotStore } from '../../src/snapshot/store.ts';
import { sampleChildrenMemory } from './process-memory.ts';
import { timed } from './types.ts';

const [cacheDir, outDir, partPages, target] = process.argv.slice(2) as [
  string,
  string,
  string,
  string,
];
const chromium = findChromium(process.env.OFFPRINT_CHROMIUM);
if (!chromium) throw new Error('no Chromium on PATH for the pdf benchmark');
const snapshot = await Snapshot.open((await new SnapshotStore(cacheDir).current()) as string);
const model = await loadSiteModel(snapshot, {});
const pages = model.pages.filter((page) => !page.hidden);
const memory = sampleChildrenMemory(process.pid);
const printed = await timed(async () => {
  const printer = await openPrinter({ chromium, outDir: path.resolve(outDir), base: model.base });
  try {
    return await printDocument(
      printer,
      pages,
      { title: model.title, date: '2026-01-01' },
      { outDir: path.resolve(outDir), target, partPages: Number(partPages) },
    );
  } finally {
    await printer.close();
  }
});
memory.stop();
console.log(
  JSON.stringify({
    pages: pages.length,
    parts: printed.result,
    seconds: printed.seconds,
    bytes: (await stat(target)).size,
    nodeMaxRssKiB: process.resourceUsage().maxRSS,
    chromiumPeakKiB: memory.peakChildrenKiB,
  }),
);
