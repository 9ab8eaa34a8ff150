/**
 * What the image stage makes and what it refuses: one place for the widths, the format and its
 * quality, and the limits on what it decodes (docs/images.md).
 */

/**
 * The theme's content column is 46rem (736 px): the widest variant fills it at a pixel ratio of
 * 2; 800 serves it at 1 and a phone at 2, 1200 a wide page at 1; 480 a phone at 1.
 */
export const WIDTHS = [480, 800, 1200, 1472] as const;

/**
 * A page cover's widths beyond the column's: a full cover spans the page beside the sidebar
 * (about 1,500 px on a 1,920 px screen), and a cover cropped to its height is drawn wider than
 * its box (object-fit: cover), so a wide screen at a pixel ratio of 2 wants up to 2,560 px.
 */
export const COVER_WIDTHS = [...WIDTHS, 1920, 2560] as const;

/**
 * WebP, not AVIF: on a 2,880 × 1,800 screenshot, AVIF (effort 4) took 13 times the CPU of WebP
 * for a third fewer bytes, and at effort 2 still twice the CPU; docs/images.md has the figures.
 * Every browser Offprint's theme supports shows WebP.
 */
export const FORMAT = { name: 'webp', type: 'image/webp', extension: 'webp', quality: 80 } as const;

/**
 * How each format is encoded, and the tag that names those settings in the cache (cache.ts).
 * WebP at effort 2, not libwebp's default 4: on retina screenshots it took about 0.6× the CPU
 * for 1–3 % more bytes (docs/images.md has the table). JPEG (the print copy) with libjpeg's
 * optimised Huffman tables, mozjpeg's quantisation table for photos and screens (3) and
 * progressive scans, but not its trellis search: 0.3× the CPU of all of mozjpeg for about 10 %
 * more bytes, in PDFs only. Logos and favicons are small: PNG at its best.
 */
export const ENCODER = {
  webp: { effort: 2, tag: 'e2' },
  jpeg: { quantisationTable: 3, progressive: true, tag: 'j3p' },
  png: { tag: 'p9' },
  gif: { tag: 'g1' },
} as const;

/**
 * What a PDF prints: 1200 px over the 178 mm of the PDF's A4 column is about 170 dpi. JPEG because
 * Chromium puts a JPEG into a PDF as it is, where it stores any other image as its pixels,
 * deflated: a WebP at that width would weigh several times more in the PDF than on the site.
 */
export const PRINT = { width: 1200, quality: 75 } as const;

/** Files smaller than this are served as they are: a variant would save too little to matter. */
export const MIN_BYTES = 24 * 1024;

/**
 * The most pixels an image may have to be decoded (width × height): 40 megapixels, a
 * 7,680 × 5,120 image. A decompression bomb declares far more and is left as it is.
 */
export const MAX_PIXELS = 40_000_000;

/** The longest one image may take to encode one variant. */
export const TIMEOUT_SECONDS = 30;

/** The header logo: shown 2rem (32 px) high, at most 12rem (192 px) wide. */
export const LOGO_BOX = { height: 32, maxWidth: 192 } as const;

/** A favicon: browsers show it at 16 to 32 px, 64 serves a pixel ratio of 2. */
export const ICON_BOX = 64;

/** The file types variants are made of (animated GIFs and WebPs are left out once decoded). */
export const RASTER_FORMATS = new Set(['png', 'jpeg', 'webp', 'gif']);
