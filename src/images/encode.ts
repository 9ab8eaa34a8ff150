/**
 * One image's missing variants, from one decode: the original is decoded once, to the widest
 * variant's size, and every variant is encoded from those pixels. sharp refuses more than
 * `MAX_PIXELS` and stops after `TIMEOUT_SECONDS`; a failure throws and writes nothing.
 */
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type { PlannedVariant } from './cache.ts';
import { ENCODER, MAX_PIXELS, TIMEOUT_SECONDS } from './limits.ts';
import type { Variant } from './plan.ts';

export async function encodeVariants(file: string, variants: PlannedVariant[]): Promise<void> {
  if (variants.length === 0) return;
  const widest = Math.max(...variants.map(({ variant }) => variant.width));
  const { data, info } = await sharp(file, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
    .autoOrient()
    .resize({ width: widest, withoutEnlargement: true })
    .toColourspace('srgb')
    .timeout({ seconds: TIMEOUT_SECONDS })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { width: info.width, height: info.height, channels: info.channels };
  for (const { variant, cacheFile } of variants) {
    let image = sharp(data, { raw });
    if (variant.width < info.width) image = image.resize({ width: variant.width });
    await mkdir(path.dirname(cacheFile), { recursive: true });
    const temporary = `${cacheFile}.${process.pid}.tmp`;
    try {
      await encoder(image, variant).timeout({ seconds: TIMEOUT_SECONDS }).toFile(temporary);
      await rename(temporary, cacheFile);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    }
  }
}

function encoder(image: Sharp, variant: Variant): Sharp {
  switch (variant.format) {
    case 'webp':
      return image.webp({ quality: variant.quality, effort: ENCODER.webp.effort });
    case 'jpeg':
      // JPEG has no transparency: what was see-through is on white, as on paper.
      return image.flatten({ background: '#ffffff' }).jpeg({
        quality: variant.quality,
        quantisationTable: ENCODER.jpeg.quantisationTable,
        progressive: ENCODER.jpeg.progressive,
      });
    case 'gif':
      return image.gif();
    default:
      // A palette PNG: logos and favicons are few colours.
      return image.png({ palette: true, compressionLevel: 9 });
  }
}
