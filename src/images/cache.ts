/**
 * Where a variant is kept in the image cache, and which of an image's variants the cache lacks.
 * A cached variant is named by its output name and the encoder's settings for its format, so a
 * change of settings makes the variants again, while their URLs (the output name) stay.
 */
import { access } from 'node:fs/promises';
import path from 'node:path';
import { ENCODER } from './limits.ts';
import type { Variant } from './plan.ts';

export interface PlannedVariant {
  variant: Variant;
  /** The variant's file in `<cache>/render/images/`. */
  cacheFile: string;
}

/** `1472w-q80.webp` made with WebP effort 2: `1472w-q80-e2.webp`. */
export function cacheName(variant: Variant): string {
  const name = path.posix.basename(variant.outputFile);
  const extension = path.posix.extname(name);
  return `${name.slice(0, -extension.length)}-${ENCODER[variant.format].tag}${extension}`;
}

/** The variants whose cached file is missing. */
export async function variantsToMake(planned: PlannedVariant[]): Promise<PlannedVariant[]> {
  const present = await Promise.all(planned.map(({ cacheFile }) => exists(cacheFile)));
  return planned.filter((_, index) => !present[index]);
}

async function exists(file: string): Promise<boolean> {
  try {
    await access(file);
    return true;
  } catch {
    return false;
  }
}
