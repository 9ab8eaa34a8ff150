import { crc32, deflateSync } from 'node:zlib';

/**
 * A decompression bomb: a PNG whose header declares `width` × `height` pixels, with one row of
 * compressed zeros (the start of a file that would inflate to gigabytes) and 32 KB of text, the
 * size of a real upload, so that an image stage looks at it at all.
 */
export function bombPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(8 + body.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 4 + body.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(width * 3 + 1))),
    chunk('tEXt', Buffer.concat([Buffer.from('Comment\0'), Buffer.alloc(32_000, 'x')])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
