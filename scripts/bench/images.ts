import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { ImageStage } from '../../src/images/index.ts';
import { EXAMPLE_DIR, startLocalPlatform } from '../../src/local-platform/server.ts';
import { writeSitePdfs } from '../../src/pdf/index.ts';
import { pull } from '../../src/pull/index.ts';
import { render } from '../../src/render/index.ts';
import { imageFilesOf } from '../../src/render/stages/images.ts';
import { serveStatic } from '../../src/serve/static.ts';
import { loadSiteModel } from '../../src/site/index.ts';
import { normalizeBase } from '../../src/site/paths.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { SnapshotStore } from '../../src/snapshot/store.ts';
import { CHROMIUM, chromiumAvailable, launchBrowser } from '../../test/helpers/browser.ts';
import { copyFolder } from '../../test/helpers/fs.ts';
import { fetchedImages, heavyLogo, imageBytes } from '../../test/helpers/image-bytes.ts';
import { appScreenshot } from '../lib/images.ts';
import type { Benchmark, Figure } from './types.ts';

/** The pages of the bench site heaviest in images, and the home page (the logo alone). */
const PAGES = {
  'ground station (v2)': 'operations/ground-station-setup/',
  'first launch (v1)': 'guides/v1/getting-started/first-launch/',
  'telemetry (v1)': 'guides/v1/operations/telemetry/',
  home: '',
};

const ASSETS = 'spaces/guides-v2/.gitbook/assets';

/**
 * Images the size the reader needs (docs/images.md), on the example with a 3,980 px header logo
 * and a second retina screenshot: the bytes of images Chromium fetches for the heaviest pages at
 * 1280 px, pixel ratio 2, scrolled to the end, with variants and with `--no-image-variants` (the
 * originals, as before); the logo; the PDFs; the variants' cost cold and warm (wall and CPU of
 * the process, sharp's threads included); and WebP against AVIF on one screenshot.
 */
export const imagesBenchmark: Benchmark = {
  name: 'images',
  description: 'image bytes a reader fetches, PDF sizes and variant cost, before and after',
  async run() {
    const work = await mkdtemp(path.join(os.tmpdir(), 'offprint-bench-images-'));
    const folder = await copyFolder(EXAMPLE_DIR, path.join(work, 'site'));
    await writeFile(path.join(folder, ASSETS, 'acme-logo.png'), await heavyLogo());
    await writeFile(
      path.join(folder, ASSETS, 'image (1).png'),
      appScreenshot(2880, 1800, '#7B5EA7', 7),
    );
    const token = 'bench-token';
    const platform = await startLocalPlatform({ dir: folder, port: 0, token });
    const figures: Figure[] = [];
    try {
      const organizationId = platform.model.organizations()[0]?.id as string;
      const siteId = platform.model.sites().find((s) => s.visibility === 'public')?.id as string;
      const cacheDir = path.join(work, 'cache');
      await pull({ apiUrl: platform.url, token, organizationId, siteId, cacheDir });
      figures.push(...(await variantCost(cacheDir, path.join(work, 'variants'))));
      const after = path.join(work, 'after');
      const before = path.join(work, 'before');
      await render({ cacheDir, outDir: after });
      await render({ cacheDir, outDir: before, imageVariants: false });
      if (!chromiumAvailable()) return figures;
      figures.push(...(await readerBytes(cacheDir, { before, after })));
      figures.push(...(await pdfSizes(cacheDir, work, { before, after })));
      figures.push(...(await formats(path.join(folder, ASSETS, 'image (1).png'))));
      return figures;
    } finally {
      await platform.close();
      await rm(work, { recursive: true, force: true });
    }
  },
};

/** The image stage alone on the snapshot's files: a fresh cache, then the same again. */
async function variantCost(cacheDir: string, imagesCache: string): Promise<Figure[]> {
  const snapshotDir = await new SnapshotStore(cacheDir).current();
  const snapshot = await Snapshot.open(snapshotDir as string);
  const model = await loadSiteModel(snapshot);
  const files = imageFilesOf(snapshot, model);
  const figures: Figure[] = [];
  for (const run of ['cold', 'warm']) {
    const cpu = process.cpuUsage();
    const started = performance.now();
    // Every file as if a page showed it: the stage's whole cost.
    const stage = await ImageStage.plan({ files, logos: [], cacheDir: imagesCache });
    for (const id of stage.images.keys()) stage.want(id);
    const result = await stage.finish();
    const seconds = (performance.now() - started) / 1000;
    const used = process.cpuUsage(cpu);
    figures.push(
      { name: `variants ${run}: made`, value: result.made, unit: 'variants' },
      { name: `variants ${run}: reused`, value: result.reused, unit: 'variants' },
      { name: `variants ${run}: wall`, value: seconds, unit: 's' },
      {
        name: `variants ${run}: CPU (all threads)`,
        value: (used.user + used.system) / 1e6,
        unit: 's',
      },
    );
  }
  return figures;
}

async function readerBytes(
  cacheDir: string,
  dirs: { before: string; after: string },
): Promise<Figure[]> {
  const site = JSON.parse(await readFile(path.join(cacheDir, 'snapshot', 'site.json'), 'utf8'));
  const base = normalizeBase(site.site.basename);
  const browser = await launchBrowser();
  const servers = await Promise.all(
    [dirs.before, dirs.after].map((dir) => serveStatic({ dir, base })),
  );
  const figures: Figure[] = [];
  try {
    for (const [name, page] of Object.entries(PAGES)) {
      const [before, after] = await Promise.all(
        servers.map((server) => fetchedImages(browser, new URL(`${base}${page}`, server.url).href)),
      );
      if (!before || !after) continue;
      figures.push(
        { name: `${name}: image bytes, originals`, value: imageBytes(before), unit: 'bytes' },
        { name: `${name}: image bytes, variants`, value: imageBytes(after), unit: 'bytes' },
        { name: `${name}: layout shift, originals`, value: before.cls, unit: 'CLS' },
        { name: `${name}: layout shift, variants`, value: after.cls, unit: 'CLS' },
      );
      if (page === '')
        figures.push(
          {
            name: 'header logo, original',
            value: before.images.get(before.logo) ?? 0,
            unit: 'bytes',
          },
          { name: 'header logo, variant', value: after.images.get(after.logo) ?? 0, unit: 'bytes' },
        );
    }
  } finally {
    await browser.close();
    for (const server of servers) await server.close();
  }
  return figures;
}

async function pdfSizes(
  cacheDir: string,
  work: string,
  dirs: { before: string; after: string },
): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const [label, outDir] of [
    ['originals', dirs.before],
    ['variants', dirs.after],
  ] as const) {
    const pdfDir = path.join(work, `pdf-${label}`);
    await writeSitePdfs({ cacheDir, outDir, pdfDir, chromium: CHROMIUM });
    for (const file of ['index.pdf', 'guides-v1.pdf'])
      figures.push({
        name: `PDF ${file}, ${label}`,
        value: (await stat(path.join(pdfDir, file))).size,
        unit: 'bytes',
      });
  }
  return figures;
}

/** One 2,880 × 1,800 screenshot to the three widest variants, as WebP and as AVIF. */
async function formats(file: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  const encoders = {
    'WebP q80': (image: Sharp) => image.webp({ quality: 80 }),
    'AVIF q55 effort 4': (image: Sharp) => image.avif({ quality: 55, effort: 4 }),
  };
  for (const [name, encode] of Object.entries(encoders)) {
    const cpu = process.cpuUsage();
    let bytes = 0;
    for (const width of [800, 1200, 1472])
      bytes += (await encode(sharp(file).resize({ width })).toBuffer()).length;
    const used = process.cpuUsage(cpu);
    figures.push(
      {
        name: `screenshot to 800/1200/1472 px, ${name}: CPU`,
        value: (used.user + used.system) / 1e6,
        unit: 's',
      },
      { name: `screenshot to 800/1200/1472 px, ${name}: bytes`, value: bytes, unit: 'bytes' },
    );
  }
  figures.push(...(await webpEfforts(file)));
  return figures;
}

/**
 * The WebP effort the stage uses (docs/images.md, "Encoder settings"): the four widths of one
 * screenshot from pixels decoded once, as src/images/encode.ts makes them, at each effort; the
 * least CPU of three runs, and the bytes (the 1472 px variant is what a 2x reader fetches).
 */
async function webpEfforts(file: string): Promise<Figure[]> {
  const figures: Figure[] = [];
  const { data, info } = await sharp(file)
    .resize({ width: 1472, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  for (const effort of [0, 1, 2, 3, 4]) {
    let least = Number.POSITIVE_INFINITY;
    let bytes = 0;
    let widest = 0;
    for (let run = 0; run < 3; run++) {
      const cpu = process.cpuUsage();
      bytes = 0;
      for (const width of [480, 800, 1200, 1472]) {
        const made = await sharp(data, { raw })
          .resize({ width })
          .webp({ quality: 80, effort })
          .toBuffer();
        bytes += made.length;
        if (width === 1472) widest = made.length;
      }
      const used = process.cpuUsage(cpu);
      least = Math.min(least, (used.user + used.system) / 1e6);
    }
    const label = `screenshot's four widths from one decode, WebP effort ${effort}`;
    figures.push(
      { name: `${label}: CPU`, value: least, unit: 's' },
      { name: `${label}: bytes`, value: bytes, unit: 'bytes' },
      { name: `${label}: bytes of the 1472 px variant`, value: widest, unit: 'bytes' },
    );
  }
  return figures;
}
