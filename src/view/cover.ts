import type { ResponsiveImage } from '../markdown/index.ts';
import { widthSrcset } from '../markdown/srcset.ts';
import type { AssetModel, CoverModel, PageLayoutModel } from '../site/index.ts';

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
  /**
   * The variants the image stage made of it (src/images, the cover widths): a `<source>`'s
   * `type`, `srcset` and `sizes`, the width the theme draws it at (`coverSizes`).
   */
  variants?: { type: string; srcset: string; sizes: string };
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

/** The widest the theme draws a cover's box: the content column, or a full cover's page. */
const BOX_REM = { hero: 46, background: 46, full: 68.5 } as const;
const NARROW = '(max-width: 48rem)';

/**
 * `cover` as the theme draws it; `images` are the image stage's variants by content hash, and
 * `size` the page's cover layout, which `sizes` follows.
 */
export function coverView(
  cover: CoverModel,
  images?: ReadonlyMap<string, ResponsiveImage>,
  size: PageLayoutModel['coverSize'] = 'hero',
): CoverView {
  const height = coverHeight(cover.height);
  const view = (asset: AssetModel) => imageView(asset, images?.get(asset.sha256), size, height);
  const dark = cover.dark && view(cover.dark);
  const yPos = finite(cover.yPos);
  return {
    light: view(cover.light),
    ...(dark ? { dark } : {}),
    height,
    ...(yPos !== undefined && yPos !== 0 ? { yPos: Math.round(yPos) } : {}),
  };
}

export function coverHeight(height: number | undefined): number {
  const given = finite(height);
  if (given === undefined) return COVER_HEIGHT.default;
  return Math.round(Math.min(COVER_HEIGHT.max, Math.max(COVER_HEIGHT.min, given)));
}

/**
 * The width a cover is drawn at, as `sizes` says it: its box (the window on a phone, else the
 * column or a full cover's page), or wider when the box is cropped to its height: object-fit:
 * cover scales the image to fill the height, so a 4:1 banner in a 240 px box is 960 px wide.
 */
export function coverSizes(
  size: PageLayoutModel['coverSize'],
  boxHeight: number,
  image: { width: number; height: number },
): string {
  const drawn = Math.ceil((boxHeight * image.width) / image.height);
  return `${NARROW} max(100vw, ${drawn}px), max(${BOX_REM[size]}rem, ${drawn}px)`;
}

function imageView(
  asset: AssetModel,
  image: ResponsiveImage | undefined,
  size: PageLayoutModel['coverSize'],
  boxHeight: number,
): CoverImageView {
  const width = positive(asset.width) ?? image?.width;
  const height = positive(asset.height) ?? image?.height;
  const variants =
    image && image.variants.length > 0
      ? {
          type: image.type,
          srcset: widthSrcset(image.variants),
          sizes: coverSizes(size, boxHeight, image),
        }
      : undefined;
  return {
    url: asset.url,
    ...(width && height ? { width, height } : {}),
    ...(variants ? { variants } : {}),
  };
}

function finite(value: number | undefined): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

function positive(value: number | undefined): number | undefined {
  const n = finite(value);
  return n !== undefined && n > 0 ? Math.round(n) : undefined;
}
