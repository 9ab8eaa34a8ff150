import { describe, expect, it } from 'vitest';
import { contentTypeOf, imageDimensions } from '../../src/local-platform/files.ts';

const gif = (width: number, height: number) => {
  const bytes = Buffer.alloc(13);
  bytes.write('GIF89a', 0, 'latin1');
  bytes.writeUInt16LE(width, 6);
  bytes.writeUInt16LE(height, 8);
  return new Uint8Array(bytes);
};
const png = (width: number, height: number) => {
  const bytes = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0);
  bytes.writeUInt32BE(13, 8);
  bytes.write('IHDR', 12, 'latin1');
  bytes.writeUInt32BE(width, 16);
  bytes.writeUInt32BE(height, 20);
  return new Uint8Array(bytes);
};
const text = (value: string) => new TextEncoder().encode(value);

describe('a space file as the local platform describes it', () => {
  it.each([
    ['logo.PNG', 'image/png'],
    ['photo.jpeg', 'image/jpeg'],
    ['diagram.svg', 'image/svg+xml'],
    ['guide.pdf', 'application/pdf'],
    ['notes.txt', 'text/plain; charset=utf-8'],
    ['data.csv', 'text/csv; charset=utf-8'],
    ['archive.unknownext', 'application/octet-stream'],
    ['no-extension', 'application/octet-stream'],
  ])('types %s as %s', (name, type) => {
    expect(contentTypeOf(name)).toBe(type);
  });

  it('reads the pixel size from the image header', () => {
    expect(imageDimensions(png(640, 480), 'image/png')).toEqual({ width: 640, height: 480 });
    expect(imageDimensions(gif(3, 2), 'image/gif')).toEqual({ width: 3, height: 2 });
    expect(
      imageDimensions(
        text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40.4 20"/>'),
        'image/svg+xml',
      ),
    ).toEqual({ width: 40, height: 20 });
  });

  it('gives no size for what is not a readable image', () => {
    expect(imageDimensions(png(640, 480).subarray(0, 12), 'image/png')).toBeUndefined();
    expect(imageDimensions(text('%PDF-1.7'), 'application/pdf')).toBeUndefined();
    expect(imageDimensions(text('not an image'), 'image/png')).toBeUndefined();
  });
});
