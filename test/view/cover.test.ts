import { describe, expect, it } from 'vitest';
import type { AssetModel } from '../../src/site/index.ts';
import { COVER_HEIGHT, coverView } from '../../src/view/cover.ts';

const asset = (name: string, size?: { width: number; height: number }): AssetModel => ({
  fileId: name,
  spaceId: 's',
  url: `/docs/assets/0123/${name}`,
  outputFile: `assets/0123/${name}`,
  sha256: '0123',
  name,
  size: 1000,
  ...size,
});

describe('a page cover as the theme draws it', () => {
  it('keeps each scheme its image and size, and the platform its yPos and height', () => {
    const view = coverView({
      light: asset('dusk.png', { width: 1280, height: 720 }),
      dark: asset('night.png', { width: 1600, height: 900 }),
      yPos: -60,
      height: 320,
    });
    expect(view).toEqual({
      light: { url: '/docs/assets/0123/dusk.png', width: 1280, height: 720 },
      dark: { url: '/docs/assets/0123/night.png', width: 1600, height: 900 },
      height: 320,
      yPos: -60,
    });
  });

  it("is the platform's default height without one, and keeps a height in its range", () => {
    expect(coverView({ light: asset('a.png') }).height).toBe(COVER_HEIGHT.default);
    expect(coverView({ light: asset('a.png'), height: 4 }).height).toBe(COVER_HEIGHT.min);
    expect(coverView({ light: asset('a.png'), height: 5000 }).height).toBe(COVER_HEIGHT.max);
    expect(coverView({ light: asset('a.png'), height: Number.NaN }).height).toBe(240);
    expect(coverView({ light: asset('a.png'), height: Number.POSITIVE_INFINITY }).height).toBe(240);
  });

  it('drops a yPos that moves nothing or is no number, and sizes that are not', () => {
    expect(coverView({ light: asset('a.png'), yPos: 0 })).not.toHaveProperty('yPos');
    expect(coverView({ light: asset('a.png'), yPos: Number.NaN })).not.toHaveProperty('yPos');
    expect(coverView({ light: asset('a.png'), yPos: 12.6 }).yPos).toBe(13);
    const unsized = coverView({ light: asset('a.png', { width: 0, height: 400 }) });
    expect(unsized.light).toEqual({ url: '/docs/assets/0123/a.png' });
  });
});
