/**
 * What an image file is, read from its header with sharp (libvips reads no pixels for this):
 * its size after EXIF orientation, its format and its frames. Kept per content hash in the
 * image cache, so a render reads each file's header once.
 */
import { mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { markUsed } from '../utils/cache-use.ts';
import { firstLine } from '../utils/issues.ts';
import { readSealedJson, writeSealedJson } from '../utils/sealed.ts';
import type { ImageMeta } from './plan.ts';

export type Probe = { meta: ImageMeta } | { error: string };

/** `file`: the image's path, or its bytes. */
export async function probe(file: string | Buffer, cacheFile: string): Promise<Probe> {
  // Sealed like the render's other cache files: a damaged one is probed again.
  const probed = await readSealedJson<Probe>(cacheFile);
  if (probed) {
    await markUsed(cacheFile);
    return probed;
  }
  const found = await read(file);
  await mkdir(path.dirname(cacheFile), { recursive: true });
  const temporary = `${cacheFile}.${process.pid}.tmp`;
  await writeSealedJson(temporary, found);
  await rename(temporary, cacheFile);
  return found;
}

async function read(file: string | Buffer): Promise<Probe> {
  try {
    const metadata = await sharp(file, { limitInputPixels: false }).metadata();
    const width = metadata.autoOrient?.width ?? metadata.width;
    const height = metadata.autoOrient?.height ?? metadata.height;
    if (!width || !height) return { error: 'no width or height in its header' };
    return { meta: { width, height, format: metadata.format, pages: metadata.pages ?? 1 } };
  } catch (error) {
    return { error: `not a readable image (${firstLine(error)})` };
  }
}
