/**
 * Which variants a file gets, from its decoded size alone: no I/O, so the same file always gets
 * the same variants at the same URLs (`assets/<hash>/<width>w-q<quality>.<ext>`, beside the
 * original), whatever page shows it.
 */
import type { ResponsiveImage } from '../markdown/index.ts';
import {
  COVER_WIDTHS,
  FORMAT,
  ICON_BOX,
  LOGO_BOX,
  MAX_PIXELS,
  MIN_BYTES,
  PRINT,
  RASTER_FORMATS,
  WIDTHS,
} from './limits.ts';

/** What the probe read of a file's header (the size after its EXIF orientation). */
export interface ImageMeta {
  width: number;
  height: number;
  /** sharp's name of the format: `png`, `jpeg`, `webp`, `gif`… */
  format: string;
  /** Frames: more than one is an animation, left as it is. */
  pages: number;
}

export type OutputFormat = 'webp' | 'png' | 'jpeg' | 'gif';

export interface Variant {
  width: number;
  format: OutputFormat;
  quality: number;
  /** Relative to the output directory. */
  outputFile: string;
  url: string;
}

/** A file of the site as the image stage sees it: its content hash and where it is served. */
export interface ImageAsset {
  sha256: string;
  /** `<base>assets/<hash>/<name>` */
  url: string;
  /** `assets/<hash>/<name>` */
  outputFile: string;
}

/**
 * Whether a file may get variants before its header is read: PNG, JPEG, WebP or GIF by its
 * content type or name (what it really is, sharp says), and large enough for a variant to save
 * something.
 */
export function mayGetVariants(file: {
  name: string;
  size: number;
  contentType?: string;
}): boolean {
  if (file.size < MIN_BYTES) return false;
  const type = file.contentType?.split(';')[0]?.trim().toLowerCase();
  if (type && /^image\/(png|jpeg|jpg|webp|gif)$/.test(type)) return true;
  return /\.(png|jpe?g|webp|gif)$/i.test(file.name);
}

/** A still raster image: animations are left as they are (a variant would keep one frame). */
export function isStillRaster(meta: ImageMeta): boolean {
  return RASTER_FORMATS.has(meta.format) && meta.pages <= 1;
}

/** Over the pixel limit: decoding it is refused (a decompression bomb declares that much). */
export function isOverPixelLimit(meta: ImageMeta): boolean {
  return meta.width * meta.height > MAX_PIXELS;
}

/**
 * What pages show of a content image: its WebP widths (a page cover's wider ones when the file
 * is a cover anywhere: one set of variants), and with `print` the JPEG a PDF prints.
 */
export function contentPlan(
  asset: ImageAsset,
  meta: ImageMeta,
  shown: { cover: boolean; print: boolean },
): { webp: Variant[]; print?: Variant } {
  const webp = shown.cover ? coverVariants(asset, meta) : contentVariants(asset, meta);
  return shown.print ? { webp, print: printVariant(asset, meta) } : { webp };
}

/** Widths for the content column: the steps below the original, and the original's own width. */
export function contentWidths(width: number): number[] {
  const widths: number[] = WIDTHS.filter((step) => step < width);
  if (width <= (WIDTHS.at(-1) ?? 0)) widths.push(width);
  return widths;
}

/** A variant of `asset`, beside it: its name says its width, quality and format. */
export function variantOf(
  asset: ImageAsset,
  width: number,
  format: OutputFormat,
  quality = qualityOf(format),
): Variant {
  const name = `${width}w-q${quality}.${format === 'jpeg' ? 'jpg' : format}`;
  return {
    width,
    format,
    quality,
    outputFile: `${dirOf(asset.outputFile)}/${name}`,
    url: `${dirOf(asset.url)}/${name}`,
  };
}

/** What the markdown shows of a content image: its WebP variants, narrowest first. */
export function contentVariants(asset: ImageAsset, meta: ImageMeta): Variant[] {
  return contentWidths(meta.width).map((width) => variantOf(asset, width, FORMAT.name));
}

/**
 * A page cover's WebP variants: the column's widths and the wider steps a full or cropped
 * cover needs, those narrower than the original, and the original's own width below 2,560.
 */
export function coverVariants(asset: ImageAsset, meta: ImageMeta): Variant[] {
  const widths: number[] = COVER_WIDTHS.filter((step) => step < meta.width);
  if (meta.width <= (COVER_WIDTHS.at(-1) ?? 0)) widths.push(meta.width);
  return widths.map((width) => variantOf(asset, width, FORMAT.name));
}

/** What a PDF prints of a content image: a JPEG about 170 dpi wide on A4 (on white). */
export function printVariant(asset: ImageAsset, meta: ImageMeta): Variant {
  return variantOf(asset, Math.min(PRINT.width, meta.width), 'jpeg', PRINT.quality);
}

export function responsiveImage(
  sha256: string,
  meta: ImageMeta,
  variants: Variant[],
): ResponsiveImage {
  return {
    id: sha256,
    width: meta.width,
    height: meta.height,
    type: FORMAT.type,
    variants: variants.map(({ url, width }) => ({ url, width })),
  };
}

/**
 * The header logo: the width it is shown at (2rem high, at most 12rem wide) and twice that, in
 * WebP and, at twice the width, in the original's format for a browser without WebP.
 */
export function logoVariants(
  asset: ImageAsset,
  meta: ImageMeta,
): { webp: Variant[]; fallback: Variant; width: number; height: number } {
  const shown = Math.max(
    1,
    Math.min(Math.round((LOGO_BOX.height * meta.width) / meta.height), LOGO_BOX.maxWidth),
  );
  const width = Math.min(shown, meta.width);
  const twice = Math.min(shown * 2, meta.width);
  const widths = twice > width ? [width, twice] : [width];
  return {
    webp: widths.map((w) => variantOf(asset, w, FORMAT.name)),
    fallback: variantOf(asset, twice, fallbackFormat(meta.format)),
    width,
    height: Math.max(1, Math.round((width * meta.height) / meta.width)),
  };
}

/** A favicon in the original's format, at most 64 px on its longer side. */
export function iconVariant(asset: ImageAsset, meta: ImageMeta): Variant {
  const scale = Math.min(1, ICON_BOX / Math.max(meta.width, meta.height));
  return variantOf(asset, Math.max(1, Math.round(meta.width * scale)), fallbackFormat(meta.format));
}

/** The original's format where a browser shows it everywhere; PNG for the others. */
export function fallbackFormat(format: string): OutputFormat {
  return format === 'jpeg' ? 'jpeg' : 'png';
}

function qualityOf(format: OutputFormat): number {
  return format === 'webp' ? FORMAT.quality : format === 'jpeg' ? 82 : 100;
}

function dirOf(pathOrUrl: string): string {
  return pathOrUrl.slice(0, pathOrUrl.lastIndexOf('/'));
}
