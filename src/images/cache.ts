/**
 * Where a variant is kept in the image cache, and which of an image's variants the cache lacks.
 * A cached variant is named by its output name, the encoder's settings for its format and the
 * width its pixels were decoded at (encode.ts resizes every variant of an image from one decode,
 * so that width is part of what the bytes are): a change of settings makes the variants again,
 * while their URLs (the output name) stay, and a variant made by one plan (the pull's, say) is
 * used by another only when the bytes would be the same.
 */
import path from 'node:path';
import { markUsed } from '../utils/cache-use.ts';
import { ENCODER } from './limits.ts';
import type { Variant } from './plan.ts';

export interface PlannedVariant {
  variant: Variant;
  /** The variant's file in `<cache>/render/images/`. */
  cacheFile: string;
}

/** One decode of an image and the variants encoded from its pixels. */
export interface VariantBatch {
  /** The width the original is decoded at: the widest variant of the whole plan. */
  decodeWidth: number;
  variants: PlannedVariant[];
}

/**
 * `800w-q80.webp` made with WebP effort 2 from pixels decoded at 1,472 wide:
 * `800w-q80-e2-d1472.webp`.
 */
export function cacheName(variant: Variant, decodeWidth: number): string {
  const name = path.posix.basename(variant.outputFile);
  const extension = path.posix.extname(name);
  const settings = `${ENCODER[variant.format].tag}-d${decodeWidth}`;
  return `${name.slice(0, -extension.length)}-${settings}${extension}`;
}

/**
 * One decode's variants of the image `sha256`, each with its cache file: decoded at the widest
 * of them (the same variant twice, as a logo's 1x and 2x can be, is made once).
 */
export function plannedBatch(cacheDir: string, sha256: string, variants: Variant[]): VariantBatch {
  const decodeWidth = Math.max(...variants.map((variant) => variant.width));
  const byName = new Map<string, Variant>();
  for (const variant of variants) byName.set(variant.outputFile, variant);
  return {
    decodeWidth,
    variants: [...byName.values()].map((variant) => ({
      variant,
      cacheFile: cacheFileOf(cacheDir, sha256, cacheName(variant, decodeWidth)),
    })),
  };
}

/** The image cache inside a cache directory: `<cache>/render/images`, the render's. */
export function imageCacheOf(cacheDir: string): string {
  return path.resolve(cacheDir, 'render', 'images');
}

/** `<cache>/render/images/ab/abcd…-name`: a file's entries, by its content hash. */
export function cacheFileOf(cacheDir: string, sha256: string, name: string): string {
  return path.join(cacheDir, sha256.slice(0, 2), `${sha256}-${name}`);
}

/** The variants whose cached file is missing; those there are marked used. */
export async function variantsToMake(planned: PlannedVariant[]): Promise<PlannedVariant[]> {
  const present = await Promise.all(planned.map(({ cacheFile }) => markUsed(cacheFile)));
  return planned.filter((_, index) => !present[index]);
}
