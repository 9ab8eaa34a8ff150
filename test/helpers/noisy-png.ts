import sharp from 'sharp';

/** A noisy PNG, heavy enough to get image variants (noise does not compress). */
export function noisyPng(width: number, height: number, mean = 128): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#4080c0',
      noise: { type: 'gaussian', mean, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
}
