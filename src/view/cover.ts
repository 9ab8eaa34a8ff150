import type { AssetModel, CoverModel } from '../site/index.ts';

/**
 * A page's cover as the theme draws it: each scheme's image with its pixel size, the height it
 * is shown at and its focal offset. The numbers come from the platform, so they are checked here
 * and the theme writes them into custom properties as they are.
 */

export interface CoverImageView {
  url: string;
  /** The file's pixel size, when its header gave one (the `<img>` dimensions, and `yPos`). */
  width?: number;
  height?: number;
}

export interface CoverView {
  light: CoverImageView;
  /** Shown instead of `light` in dark mode. */
  dark?: CoverImageView;
  /** CSS pixels high: the API's `height`, else the platform's default. */
  height: number;
  /**
   * Image pixels the image is moved down from its centre (the platform's `yPos`; negative moves
   * it up), for the scheme images whose width is known.
   */
  yPos?: number;
}

/** The platform's default cover height and the range it keeps a cover's height in. */
export const COVER_HEIGHT = { default: 240, min: 10, max: 700 } as const;

export function coverView(cover: CoverModel): CoverView {
  const dark = cover.dark && imageView(cover.dark);
  const yPos = finite(cover.yPos);
  return {
    light: imageView(cover.light),
    ...(dark ? { dark } : {}),
    height: coverHeight(cover.height),
    ...(yPos !== undefined && yPos !== 0 ? { yPos: Math.round(yPos) } : {}),
  };
}

export function coverHeight(height: number | undefined): number {
  const given = finite(height);
  if (given === undefined) return COVER_HEIGHT.default;
  return Math.round(Math.min(COVER_HEIGHT.max, Math.max(COVER_HEIGHT.min, given)));
}

function imageView(asset: AssetModel): CoverImageView {
  const width = positive(asset.width);
  const height = positive(asset.height);
  return { url: asset.url, ...(width && height ? { width, height } : {}) };
}

function finite(value: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function positive(value: number | undefined): number | undefined {
  const n = finite(value);
  return n !== undefined && n > 0 ? Math.round(n) : undefined;
}
