import { existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { makeSite } from './make-site.ts';
import { Random } from './prng.ts';

/**
 * A synthetic site in the shape of the real sites whose first build is slow: a few hundred
 * pages (the synthetic generator's prose, code, tabs and hints), about two uploads a page in the
 * sizes real teams upload (retina window screenshots, retina crops, small crops, photos, small
 * files below the variant threshold, and files only linked for download), named as they name
 * them (`image (12).png`, `CleanShot 2024-03-12 at 12.23.01@2x.png`), and pages of OpenAPI
 * operations from the bundled example's specs. Drawn with sharp from SVG: every upload has
 * bytes of its own, as real uploads do, so none is deduplicated by its content hash.
 */

export interface RealShapedSite {
  pages: number;
  /** Raster files uploaded, of which `shown` are shown on a page and the rest only linked. */
  uploads: number;
  shown: number;
  operations: number;
}

/**
 * What real sites upload, by share: [kind, share, width range, height range]. Set so that a
 * site gets about 2.2 variants an upload, as the real sites measured did (987 uploads made
 * 2,127 variants; 608 made 1,366): most uploads are crops and small captures, a few are whole
 * retina windows or photos.
 */
const MIX = [
  ['retina window', 0.15, [2560, 3024], [1500, 1964]],
  ['retina crop', 0.2, [1100, 2400], [500, 1400]],
  ['small crop', 0.25, [360, 900], [200, 700]],
  ['photo', 0.05, [1400, 2400], [900, 1600]],
  ['below the threshold', 0.35, [120, 400], [80, 300]],
] as const;

/** Share of uploads a page only links (a download), never shows. */
const LINKED_ONLY = 0.08;

const EXAMPLE_SPECS = path.resolve(
  import.meta.dirname,
  '../../examples/site/spaces/api/.gitbook/assets',
);
/** Operations of the example's launch API, as `{% openapi %}` blocks name them. */
const OPERATIONS = [
  ['/launches', 'get'],
  ['/launches', 'post'],
  ['/launches/{launchId}', 'get'],
  ['/launches/{launchId}', 'patch'],
  ['/launches/{launchId}/abort', 'post'],
] as const;

export async function makeRealShapedSite(options: {
  out: string;
  pages: number;
  seed?: number;
}): Promise<RealShapedSite> {
  const rng = new Random(options.seed ?? 11);
  makeSite({ pages: options.pages, out: options.out, seed: options.seed ?? 11 });
  const spacesDir = path.join(options.out, 'spaces');
  const drawn = pLimit(availableParallelism());
  const work: Promise<void>[] = [];
  let uploads = 0;
  let shown = 0;
  let operations = 0;
  for (const space of (await readdir(spacesDir)).sort()) {
    const root = path.join(spacesDir, space);
    const assets = path.join(root, '.gitbook', 'assets');
    await mkdir(assets, { recursive: true });
    for (const spec of ['launch-api.yaml', 'launch-common.yaml'])
      await copyFile(path.join(EXAMPLE_SPECS, spec), path.join(assets, spec));
    for (const page of await markdownPages(root)) {
      const file = path.join(root, page);
      const toAssets = path.posix.relative(path.posix.dirname(page), '.gitbook/assets');
      const lines: string[] = [];
      const count = rng.int(0, 4);
      for (let n = 0; n < count; n++) {
        const name = uploadName(rng, uploads);
        const kind = pickKind(rng);
        const seed = uploads++;
        work.push(drawn(() => drawUpload(path.join(assets, name), kind, seed)));
        const target = `<${toAssets}/${name}>`;
        if (rng.chance(LINKED_ONLY)) lines.push(`Download the [original capture](${target}).`);
        else {
          shown++;
          lines.push(`![${kind[0]} ${seed}](${target})`);
        }
      }
      // One page in twelve documents an operation, as API sections of guides do.
      if (rng.chance(1 / 12)) {
        const [apiPath, method] = rng.pick(OPERATIONS);
        lines.push(
          `{% openapi src="${toAssets}/launch-api.yaml" path="${apiPath}" method="${method}" %}\n[launch-api.yaml](${toAssets}/launch-api.yaml)\n{% endopenapi %}`,
        );
        operations++;
      }
      if (lines.length > 0) await appendSection(file, lines);
    }
  }
  await Promise.all(work);
  return { pages: options.pages, uploads, shown, operations };
}

async function markdownPages(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md') && entry.name !== 'SUMMARY.md')
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith('.gitbook'))
    .sort();
}

async function appendSection(file: string, lines: string[]): Promise<void> {
  const markdown = await readFile(file, 'utf8');
  await writeFile(file, `${markdown.trimEnd()}\n\n## Screens\n\n${lines.join('\n\n')}\n`);
}

function pickKind(rng: Random): (typeof MIX)[number] {
  let roll = rng.next();
  for (const kind of MIX) {
    roll -= kind[1];
    if (roll < 0) return kind;
  }
  return MIX[0];
}

/** The names real uploads carry, spaces and all. */
function uploadName(rng: Random, n: number): string {
  const minute = String(n % 60).padStart(2, '0');
  switch (rng.int(0, 4)) {
    case 0:
      return `image (${n}).png`;
    case 1:
      return `CleanShot 2024-03-12 at 12.${minute}.${String(n % 97).padStart(2, '0')}@2x.png`;
    case 2:
      return `Screenshot 2024-05-0${(n % 9) + 1} at 10.${minute}.${n}.png`;
    case 3:
      return `photo-${1000 + n}.jpg`;
    default:
      return `Untitled-${n}.png`;
  }
}

const WORDS =
  'deploy build cluster region latency request token webhook payload status retry queue index cache shard replica billing audit invite member space revision merge'.split(
    ' ',
  );

/** One upload: a window with a sidebar, lines of text and a chart, or a photo-like gradient. */
async function drawUpload(file: string, kind: (typeof MIX)[number], seed: number): Promise<void> {
  if (existsSync(file)) return;
  const rng = new Random(seed * 7919 + 3);
  const width = rng.int(kind[2][0], kind[2][1]);
  const height = rng.int(kind[3][0], kind[3][1]);
  const hue = rng.int(0, 359);
  if (kind[0] === 'photo' || file.endsWith('.jpg')) {
    const noise = await sharp({
      create: {
        width,
        height,
        channels: 3,
        background: `hsl(${hue}, 45%, 45%)`,
        noise: { type: 'gaussian', mean: 110, sigma: 45 },
      },
    })
      .blur(2.5)
      .jpeg({ quality: 88 })
      .toBuffer();
    const image = sharp(noise).modulate({ hue });
    await (file.endsWith('.jpg') ? image.jpeg({ quality: 88 }) : image.png()).toFile(file);
    return;
  }
  const scale = width / 1440;
  const parts = [
    `<rect width="${width}" height="${height}" fill="#fff"/>`,
    `<rect width="${width}" height="${52 * scale}" fill="hsl(${hue},20%,95%)"/>`,
    `<rect y="${52 * scale}" width="${240 * scale}" height="${height}" fill="#f8fafc"/>`,
  ];
  const size = 13 * scale;
  for (let y = 90 * scale; y < height - size; y += size * 2) {
    const x = rng.chance(0.3) ? 24 * scale : 280 * scale;
    const words = Array.from({ length: rng.int(2, 14) }, () => rng.pick(WORDS)).join(' ');
    parts.push(
      `<text x="${x}" y="${y}" font-family="sans-serif" font-size="${size}" fill="#1f2937">${words} ${seed}</text>`,
    );
  }
  const points = Array.from(
    { length: 60 },
    (_, i) => `${width * 0.5 + i * width * 0.007},${height * (0.6 + 0.3 * rng.next())}`,
  ).join(' ');
  parts.push(
    `<polyline points="${points}" fill="none" stroke="hsl(${hue},60%,45%)" stroke-width="${2 * scale}"/>`,
  );
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${parts.join('')}</svg>`;
  await sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toFile(file);
}
