import { extname } from 'node:path';

/** Content types of the files a docs space holds; anything else downloads as bytes. */
const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.svg': 'image/svg+xml',
  '.ico': 'image/x-icon',
  '.bmp': 'image/bmp',
  '.pdf': 'application/pdf',
  '.json': 'application/json',
  '.yaml': 'application/yaml',
  '.yml': 'application/yaml',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.zip': 'application/zip',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
};

export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[extname(name).toLowerCase()] ?? 'application/octet-stream';
}

export interface Dimensions {
  width: number;
  height: number;
}

/** Pixel size read from the image header (PNG, GIF, JPEG, WebP, SVG), else undefined. */
export function imageDimensions(bytes: Uint8Array, contentType: string): Dimensions | undefined {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  try {
    switch (contentType) {
      case 'image/png':
        return png(buf);
      case 'image/gif':
        return buf.length >= 10 ? valid(buf.readUInt16LE(6), buf.readUInt16LE(8)) : undefined;
      case 'image/jpeg':
        return jpeg(buf);
      case 'image/webp':
        return webp(buf);
      case 'image/svg+xml':
        return svg(buf.subarray(0, 4096).toString('utf8'));
      default:
        return undefined;
    }
  } catch {
    // A truncated or odd header only costs the dimensions, never the load.
    return undefined;
  }
}

function valid(width: number, height: number): Dimensions | undefined {
  return Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0
    ? { width, height }
    : undefined;
}

function png(buf: Buffer): Dimensions | undefined {
  if (buf.length < 24 || buf.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return valid(buf.readUInt32BE(16), buf.readUInt32BE(20));
}

function jpeg(buf: Buffer): Dimensions | undefined {
  let offset = 2;
  while (offset + 9 < buf.length) {
    if (buf[offset] !== 0xff) return undefined;
    const marker = buf[offset + 1] ?? 0;
    // SOF0..SOF15 carry the frame size, except DHT (c4), JPG (c8) and DAC (cc).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return valid(buf.readUInt16BE(offset + 7), buf.readUInt16BE(offset + 5));
    }
    offset += 2 + buf.readUInt16BE(offset + 2);
  }
  return undefined;
}

function webp(buf: Buffer): Dimensions | undefined {
  if (buf.length < 30 || buf.toString('latin1', 8, 12) !== 'WEBP') return undefined;
  const chunk = buf.toString('latin1', 12, 16);
  if (chunk === 'VP8 ') return valid(buf.readUInt16LE(26) & 0x3fff, buf.readUInt16LE(28) & 0x3fff);
  if (chunk === 'VP8L') {
    const bits = buf.readUInt32LE(21);
    return valid((bits & 0x3fff) + 1, ((bits >> 14) & 0x3fff) + 1);
  }
  if (chunk === 'VP8X') return valid(buf.readUIntLE(24, 3) + 1, buf.readUIntLE(27, 3) + 1);
  return undefined;
}

function svg(text: string): Dimensions | undefined {
  const tag = /<svg\b[^>]*>/i.exec(text)?.[0];
  if (!tag) return undefined;
  const attr = (name: string) =>
    new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
  const width = Number.parseFloat(attr('width') ?? '');
  const height = Number.parseFloat(attr('height') ?? '');
  if (width > 0 && height > 0 && !/%/.test(`${attr('width')}${attr('height')}`)) {
    return valid(Math.round(width), Math.round(height));
  }
  const box = attr('viewBox')
    ?.trim()
    .split(/[\s,]+/)
    .map(Number);
  if (box?.length === 4) return valid(Math.round(box[2] ?? 0), Math.round(box[3] ?? 0));
  return undefined;
}
