/**
 * A card drawn: its tree laid out by satori into an SVG (text as paths, from the fonts its text
 * needs), then rasterized by resvg into a PNG. Nothing here reaches the network: the fonts are
 * files of installed packages, the logo a data URL, and resvg loads no system font (the SVG has
 * no text left to draw).
 */
import { Resvg } from '@resvg/resvg-js';
import satori from 'satori';
import type { CardFonts } from './fonts.ts';
import { CARD_HEIGHT, CARD_WIDTH, type CardElement, treeText } from './tree.ts';

/**
 * Bumped when the drawing changes (layout, colours chosen, the libraries' output), so every
 * card is drawn again; the installed satori and resvg versions are in the key as well.
 */
export const CARD_DRAWING_VERSION = 4;

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
 * The SVG at 1200 × 630 as a PNG, drawn and encoded by resvg on the calling thread: on the cards'
 * own thread (drawer.ts), whose priority is the lowest, all of a card's work waits for idle
 * cores. (sharp encodes a third faster, but on libuv's threads, at the render's priority.)
 */
export async function cardPng(svg: string): Promise<Buffer> {
  const image = new Resvg(svg, {
    fitTo: { mode: 'original' },
    font: { loadSystemFonts: false },
  }).render();
  return image.asPng();
}
