/**
 * A card drawn: its tree laid out by satori into an SVG (text as paths, from the fonts its text
 * needs), then rasterized by resvg into a PNG. Nothing here reaches the network: the fonts are
 * files of installed packages, the logo a data URL, and resvg loads no system font (the SVG has
 * no text left to draw).
 */
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import sharp from 'sharp';
import type { CardFonts } from './fonts.ts';
import { CARD_HEIGHT, CARD_WIDTH, type CardElement, treeText } from './tree.ts';

/**
 * Bumped when the drawing changes (layout, colours chosen, the libraries' output), so every
 * card is drawn again; the installed satori and resvg versions are in the key as well.
 */
export const CARD_DRAWING_VERSION = 3;

export interface SvgOptions {
  /**
   * `false`: text as `<text>` elements instead of paths (satori's `embedFont`), for tests that
   * read what a card says; the layout is the same.
   */
  embedFont?: boolean;
}

/** The card's SVG, laid out by satori. */
export async function cardSvg(
  tree: CardElement,
  fonts: CardFonts,
  options: SvgOptions = {},
): Promise<string> {
  return satori(tree as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: fonts.forText(treeText(tree).join('\n')),
    embedFont: options.embedFont ?? true,
  });
}

/**
 * The SVG at 1200 × 630 as a PNG. It runs on the cards' own thread (drawer.ts), so resvg draws
 * there rather than hopping to libuv's pool; sharp encodes its pixels (in half the time resvg's
 * own encoder takes) without the alpha channel a card, opaque, does not need.
 */
export async function cardPng(svg: string): Promise<Buffer> {
  const image = new Resvg(svg, {
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: false },
  }).render();
  const raw = { width: image.width, height: image.height, channels: 4 as const };
  // Without adaptive filtering, a card (flat colour and text) encodes in a third of the time, and
  // smaller; level 4 is as small as 6 here, in two thirds of the time.
  return sharp(image.pixels, { raw })
    .removeAlpha()
    .png({ compressionLevel: 4, adaptiveFiltering: false })
    .toBuffer();
}
