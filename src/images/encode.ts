/**
 * One image's missing variants, from one decode: the original is decoded once, to the width of
 * the widest variant its plan has (made now or not: the same pixels whichever variants the
 * cache already holds), and every variant is encoded from those pixels. sharp refuses more than
 * `MAX_PIXELS` and stops after `TIMEOUT_SECONDS`; a failure throws and writes nothing. A variant
 * is written to a temporary name and renamed: an interrupted run leaves no half-written one, and
 * the temporary file goes with the run's other folders (src/utils/interrupt.ts).
 */
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import sharp, { type Sharp } from 'sharp';
import { removeOnInterrupt } from '../utils/interrupt.ts';
import { pauseForTest } from '../utils/test-pause.ts';
import type { PlannedVariant } from './cache.ts';
import { ENCODER, MAX_PIXELS, TIMEOUT_SECONDS } from './limits.ts';
import type { Variant } from './plan.ts';

export async function encodeVariants(
  /** The image's path, or its bytes. */
  file: string | Buffer,
  variants: PlannedVariant[],
  decodeWidth: number,
): Promise<void> {
  if (variants.length === 0) return;
  const { data, info } = await sharp(file, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
    .autoOrient()
    .resize({ width: decodeWidth, withoutEnlargement: true })
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
    const kept = removeOnInterrupt(temporary);
    try {
      await encoder(image, variant).timeout({ seconds: TIMEOUT_SECONDS }).toFile(temporary);
      await pauseForTest('image-variant');
      await rename(temporary, cacheFile);
    } catch (error) {
      await rm(temporary, { force: true });
      throw error;
    } finally {
      kept();
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
