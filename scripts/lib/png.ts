import { crc32, deflateSync, inflateSync } from 'node:zlib';

/** One pixel: red, green, blue, alpha, each 0..255. */
export type Rgba = readonly [number, number, number, number];

/** Returns the colour of pixel (x, y); images are drawn by calling it for every pixel. */
export type Painter = (x: number, y: number) => Rgba;

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The unfiltered scanlines of an image: one filter byte (0) then RGBA bytes per row. */
export function scanlines(width: number, height: number, paint: Painter): Buffer {
  const stride = width * 4 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = y * stride + 1 + x * 4;
      const [r, g, b, a] = paint(x, y);
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
      raw[at + 3] = a;
    }
  }
  return raw;
}

/**
 * Encodes an 8-bit RGBA PNG. Written by hand so fixtures can be rebuilt anywhere without a
 * download or a native image library.
 */
export function encodePng(width: number, height: number, paint: Painter): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  const pixels = deflateSync(scanlines(width, height, paint), { level: 9 });
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A decoded PNG as written by `encodePng`: size and inflated scanlines. */
export interface DecodedPng {
  width: number;
  height: number;
  raw: Buffer;
}

/**
 * Reads back a PNG, checking the signature, every chunk CRC and the pixel data length; enough
 * to prove a fixture is a valid image without an image library.
 */
export function decodePng(file: Buffer): DecodedPng {
  if (!file.subarray(0, 8).equals(SIGNATURE)) throw new Error('not a PNG: bad signature');
  let width = 0;
  let height = 0;
  const data: Buffer[] = [];
  for (let at = 8; at < file.length; ) {
    const length = file.readUInt32BE(at);
    const type = file.toString('latin1', at + 4, at + 8);
    const body = file.subarray(at + 8, at + 8 + length);
    if (crc32(file.subarray(at + 4, at + 8 + length)) !== file.readUInt32BE(at + 8 + length)) {
      throw new Error(`PNG chunk ${type}: bad CRC`);
    }
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
    } else if (type === 'IDAT') data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  if (raw.length !== (width * 4 + 1) * height) throw new Error('PNG pixel data has the wrong size');
  return { width, height, raw };
}
