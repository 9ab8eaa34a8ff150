import { imageSize } from 'image-size';
import { lookup } from 'mrmime';

/**
 * What the local platform says about a space's file, as the platform would: its content type
 * from the name (mrmime's table) and its pixel size from the image header (image-size).
 */

/** The content type of a file name; text is UTF-8; unknown kinds download as bytes. */
export function contentTypeOf(name: string): string {
  const type = lookup(name);
  if (!type) return 'application/octet-stream';
  return type.startsWith('text/') ? `${type}; charset=utf-8` : type;
}

export interface Dimensions {
  width: number;
  height: number;
}

/** Pixel size read from the image header (PNG, GIF, JPEG, WebP, AVIF, SVG…), else undefined. */
export function imageDimensions(bytes: Uint8Array, contentType: string): Dimensions | undefined {
  if (!contentType.startsWith('image/')) return undefined;
  try {
    const { width, height } = imageSize(bytes);
    return width > 0 && height > 0
      ? { width: Math.round(width), height: Math.round(height) }
      : undefined;
  } catch {
    // A truncated or unknown header only costs the dimensions, never the load.
    return undefined;
  }
}
