/**
 * `src/images`: the image stage of a render. Before the pages are rendered, every raster file of
 * the snapshot large enough to matter is probed (its header), given its variants (plan.ts), and
 * the variants the cache lacks are made on every core (sharp's work runs on libuv's threads, one
 * image a core at a time). The markdown then shows `<picture>` from the plans, the header its
 * logo in copies its size; the assets phase copies the variants into the output.
 *
 * The cache (`<cache>/render/images/`) holds each file's probe and each variant by content hash,
 * width, format and quality: a render with nothing new makes none, and a changed image makes only
 * its own. A file that cannot be read, or is over the pixel limit, is served as it is with one
 * warning ([docs/images.md](../../docs/images.md)).
 */
import { access, copyFile, mkdir } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import pLimit from 'p-limit';
import type { ResponsiveImage } from '../markdown/index.ts';
import { firstLine } from '../utils/issues.ts';
import type { SizedImage } from '../view/view.ts';
import { encodeVariants } from './encode.ts';
import { FORMAT, MAX_PIXELS, MIN_BYTES, RASTER_FORMATS } from './limits.ts';
import {
  contentVariants,
  type ImageAsset,
  type ImageMeta,
  iconVariant,
  logoVariants,
  printVariant,
  responsiveImage,
  type Variant,
} from './plan.ts';
import { probe } from './probe.ts';

export { WIDTHS } from './limits.ts';

/** A file of the snapshot: where its bytes are, and what warnings name it by. */
export interface ImageFile extends ImageAsset {
  /** The stored file (the snapshot's blob). */
  file: string;
  size: number;
  name: string;
  contentType?: string;
  /** How warnings name it: `file "x.png" (space S)`. */
  label: string;
}

export interface ImageStageInput {
  files: ImageFile[];
  /** URLs of the files shown as the header logo (light and dark). */
  logos: string[];
  /** URLs of the files that are the site's favicon. */
  icons?: string[];
  /** `<cache>/render/images` */
  cacheDir: string;
  /** Called as each distinct image is done, made or reused (a progress line counts them). */
  onProgress?: (done: number, total: number) => void;
}

export interface ImageStageResult {
  /** Content images' variants, by the file's content hash (what the resolver answers with). */
  images: Map<string, ResponsiveImage>;
  /** The header logo's copies, by the logo's URL. */
  logos: Map<string, SizedImage>;
  /** The favicon's copy (its URL), by the favicon's URL. */
  icons: Map<string, string>;
  /** Every variant to write: its cached file and its path in the output. */
  files: { from: string; to: string }[];
  warnings: { page: string; message: string }[];
  made: number;
  reused: number;
}

export async function makeImages(input: ImageStageInput): Promise<ImageStageResult> {
  const result: ImageStageResult = {
    images: new Map(),
    logos: new Map(),
    icons: new Map(),
    files: [],
    warnings: [],
    made: 0,
    reused: 0,
  };
  const shown = { logos: new Set(input.logos), icons: new Set(input.icons ?? []) };
  const bySha = new Map<string, ImageFile[]>();
  for (const file of input.files) {
    if (!mayBeRaster(file) || file.size < MIN_BYTES) continue;
    const same = bySha.get(file.sha256);
    if (same) same.push(file);
    else bySha.set(file.sha256, [file]);
  }
  const limit = pLimit(availableParallelism());
  let done = 0;
  await Promise.all(
    [...bySha.values()].map((files) =>
      limit(async () => {
        await oneImage(files, shown, input.cacheDir, result);
        input.onProgress?.(++done, bySha.size);
      }),
    ),
  );
  return result;
}

/** One content hash: every file of the snapshot with these bytes (their names may differ). */
async function oneImage(
  files: ImageFile[],
  shown: { logos: ReadonlySet<string>; icons: ReadonlySet<string> },
  cacheDir: string,
  result: ImageStageResult,
): Promise<void> {
  const [first] = files;
  if (!first) return;
  const cached = (name: string) =>
    path.join(cacheDir, first.sha256.slice(0, 2), `${first.sha256}-${name}`);
  const probed = await probe(first.file, cached('probe.json'));
  if ('error' in probed) {
    result.warnings.push({ page: first.label, message: `${probed.error}; served as it is` });
    return;
  }
  const { meta } = probed;
  if (meta.width * meta.height > MAX_PIXELS) {
    result.warnings.push({
      page: first.label,
      message: `${meta.width} × ${meta.height} pixels, over the limit of ${MAX_PIXELS / 1_000_000} megapixels; served as it is`,
    });
    return;
  }
  // Animations are left as they are: a variant would keep only the first frame.
  if (!RASTER_FORMATS.has(meta.format) || meta.pages > 1) return;
  const content = contentVariants(first, meta);
  const print = printVariant(first, meta);
  const logos = files
    .filter((file) => shown.logos.has(file.url))
    .map((file) => ({ file, ...logoVariants(file, meta) }));
  const icons = files
    .filter((file) => shown.icons.has(file.url))
    .map((file) => ({ file, variant: iconVariant(file, meta) }));
  const all = uniqueVariants([
    ...content,
    print,
    ...logos.flatMap((logo) => [...logo.webp, logo.fallback]),
    ...icons.map((icon) => icon.variant),
  ]);
  const planned = all.map((variant) => ({
    variant,
    cacheFile: cached(path.posix.basename(variant.outputFile)),
  }));
  const missing: typeof planned = [];
  for (const entry of planned) if (!(await exists(entry.cacheFile))) missing.push(entry);
  try {
    await encodeVariants(first.file, missing);
  } catch (error) {
    result.warnings.push({
      page: first.label,
      message: `cannot be decoded (${firstLine(error)}); served as it is`,
    });
    return;
  }
  result.made += missing.length;
  result.reused += planned.length - missing.length;
  for (const { variant, cacheFile } of planned)
    result.files.push({ from: cacheFile, to: variant.outputFile });
  result.images.set(first.sha256, responsiveImage(meta, content, print));
  for (const logo of logos) result.logos.set(logo.file.url, sizedLogo(logo));
  for (const icon of icons) result.icons.set(icon.file.url, icon.variant.url);
}

function sizedLogo(logo: ReturnType<typeof logoVariants>): SizedImage {
  const [one, two] = logo.webp;
  const srcset = [one ? `${one.url} 1x` : '', two ? `${two.url} 2x` : '']
    .filter(Boolean)
    .join(', ');
  return {
    src: logo.fallback.url,
    width: logo.width,
    height: logo.height,
    sources: [{ type: FORMAT.type, srcset }],
  };
}

function uniqueVariants(variants: Variant[]): Variant[] {
  const byFile = new Map<string, Variant>();
  for (const variant of variants) byFile.set(variant.outputFile, variant);
  return [...byFile.values()];
}

/** PNG, JPEG, WebP or GIF by its content type or name; what the file really is, sharp says. */
function mayBeRaster(file: ImageFile): boolean {
  const type = file.contentType?.split(';')[0]?.trim().toLowerCase();
  if (type && /^image\/(png|jpeg|jpg|webp|gif)$/.test(type)) return true;
  return /\.(png|jpe?g|webp|gif)$/i.test(file.name);
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}

/** The variants into the output, at the paths their URLs name (beside each original). */
export async function writeVariants(
  files: ImageStageResult['files'],
  inside: (relative: string) => string | undefined,
): Promise<void> {
  const limit = pLimit(16);
  await Promise.all(
    files.map(({ from, to }) =>
      limit(async () => {
        const target = inside(to);
        if (!target) throw new Error(`image variant path escapes the output: ${to}`);
        await mkdir(path.dirname(target), { recursive: true });
        await copyFile(from, target);
      }),
    ),
  );
}

export type { ImageMeta };
