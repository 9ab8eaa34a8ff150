import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import satori from 'satori';
import { describe, expect, it } from 'vitest';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  CardFonts,
  cardPng,
  cardSvg,
  cardTree,
  clip,
  treeText,
} from '../../src/cards/index.ts';
import { content, fonts, site } from './fixtures.ts';

/**
 * A share card drawn in process: its PNG's size read from the PNG header, its title read from
 * the SVG satori lays out (with `embedFont: false` the text stays `<text>`, the layout the same),
 * and the glyphs of an Arabic and a Japanese title compared with the script's own Noto font and
 * with the site font's missing-glyph box (.notdef).
 */

const require = createRequire(import.meta.url);
const fontFile = (pkg: string, file: string) =>
  readFileSync(path.join(path.dirname(require.resolve(`${pkg}/package.json`)), 'files', file));

const { look } = site;

/** Width and height from a PNG's IHDR chunk (bytes 16–23, after the signature and chunk head). */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]));
  expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The `d` of every path of an SVG: the glyph outlines satori drew. */
const outlines = (svg: string) => [...svg.matchAll(/ d="([^"]+)"/g)].map((match) => match[1]);

/** A title alone at the card's title size, drawn with `given` fonts. */
async function titleOutlines(title: string, given: Parameters<typeof satori>[1]['fonts']) {
  const svg = await satori(
    {
      type: 'div',
      props: { style: { display: 'flex', fontFamily: 'Inter', fontSize: 80 }, children: title },
    } as Parameters<typeof satori>[0],
    { width: 1200, height: 200, fonts: given },
  );
  return outlines(svg);
}

describe('a share card', () => {
  it('is a PNG of 1200 × 630', async () => {
    const png = await cardPng(await cardSvg(cardTree(content('Install rocketctl'), look), fonts));
    expect({ width: CARD_WIDTH, height: CARD_HEIGHT }).toEqual({ width: 1200, height: 630 });
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  });

  it("lays out the page's title, description, section and the site's title", async () => {
    const card = content('Install rocketctl & sign in');
    const tree = cardTree(card, look);
    expect(treeText(tree)).toEqual([
      'Acme Docs',
      'Guides',
      'Install rocketctl & sign in',
      'Install the CLI and sign in.',
    ]);
    const svg = await cardSvg(tree, fonts, { embedFont: false });
    const texts = [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1]);
    // satori writes a text element a word; the words of the title are there, in order, escaped.
    expect(texts.join(' ').replace(/\s+/g, ' ')).toContain('Install rocketctl &amp; sign in');
    // Drawn for real, the text is outlines: no text element is left for resvg to find a font for.
    const drawn = await cardSvg(tree, fonts);
    expect(drawn).not.toContain('<text');
    expect(outlines(drawn).length).toBeGreaterThanOrEqual(4);
  });

  it("names the site once on the site's own card (no logo, the page titled as the site)", () => {
    const own = { title: 'Acme Docs', siteTitle: 'Acme Docs', dir: 'ltr', lang: 'en' } as const;
    expect(treeText(cardTree(own, look))).toEqual(['Acme Docs']);
    expect(treeText(cardTree(content('Install', { description: undefined }), look))).toEqual([
      'Acme Docs',
      'Guides',
      'Install',
    ]);
  });

  it.each([
    {
      script: 'Arabic',
      // One word: a space is drawn by the site's font, whose advance differs from Noto's.
      title: 'مرحبا',
      own: () => [
        {
          name: 'Noto Sans Arabic',
          data: fontFile('@fontsource/noto-sans-arabic', 'noto-sans-arabic-arabic-400-normal.woff'),
          weight: 400 as const,
          style: 'normal' as const,
        },
      ],
    },
    {
      script: 'Japanese',
      title: 'はじめに',
      own: () => [
        // The numbered subset of Noto Sans JP that holds hiragana.
        {
          name: 'Noto Sans JP',
          data: fontFile('@fontsource/noto-sans-jp', 'noto-sans-jp-119-400-normal.woff'),
          weight: 400 as const,
          style: 'normal' as const,
        },
      ],
    },
  ])(
    'draws an $script title with its own script font, not the missing-glyph box',
    async ({ title, own }) => {
      const inter = fontFile('@fontsource/inter', 'inter-latin-400-normal.woff');
      const withCardFonts = await titleOutlines(title, fonts.forText(title));
      const withScriptFont = await titleOutlines(title, own());
      const withInterOnly = await titleOutlines(title, [
        { name: 'Inter', data: inter, weight: 400, style: 'normal' },
      ]);
      expect(withScriptFont.length).toBeGreaterThan(0);
      // The card's fonts draw the title's glyphs from the script's font…
      expect(withCardFonts).toEqual(withScriptFont);
      // …which are not what a font without the script draws (its .notdef box for each letter).
      expect(withScriptFont).not.toEqual(withInterOnly);
    },
  );

  it.each([
    { lang: 'ja', title: 'はじめに：打ち上げを予約する', dir: 'ltr' as const },
    { lang: 'ar', title: 'حجز موعد الإطلاق', dir: 'rtl' as const },
    { lang: 'he', title: 'ברוכים הבאים', dir: 'rtl' as const },
  ])(
    'draws the $lang title of a $lang site as glyphs in the card itself',
    async ({ lang, title, dir }) => {
      const cardFonts = new CardFonts({ family: 'Inter', package: '@fontsource/inter' }, lang);
      const svg = await cardSvg(cardTree(content(title, { lang, dir }), look), cardFonts);
      const titlePath = new RegExp(`<path fill="${look.colors.title}" d="([^"]+)"`).exec(svg)?.[1];
      // Each contour of the title, moved to start at 0,0: the missing-glyph box is the same few
      // contours again and again (a tenth of them distinct), letters are mostly different ones.
      const contours = (titlePath ?? '').split('M').filter(Boolean);
      expect(contours.length).toBeGreaterThan(6);
      const shapes = new Set(
        contours.map((contour) => {
          const numbers = contour.match(/-?[\d.]+/g)?.map(Number) ?? [];
          const [x = 0, y = 0] = numbers;
          return numbers.map((n, i) => Math.round(n - (i % 2 ? y : x))).join(' ');
        }),
      );
      expect(shapes.size / contours.length).toBeGreaterThan(0.6);
    },
  );

  it('cuts a long title at a word as the platform does, a CJK character counting two', () => {
    const long =
      'Configure every launch window, pad and orbit family of a mission before you book it';
    const cut = clip(long, 64);
    expect(cut).toBe('Configure every launch window, pad and orbit family of a…');
    expect(clip('Short title', 64)).toBe('Short title');
    const japanese = 'ロケット'.repeat(10);
    expect([...clip(japanese, 64)].length).toBe(32);
  });

  it('sets a right-to-left title from the right, and a left-to-right one from the left', () => {
    const aligns = (tree: ReturnType<typeof cardTree>) => {
      const bottom = (tree.props.children as ReturnType<typeof cardTree>[])[1] as ReturnType<
        typeof cardTree
      >;
      return (bottom.props.children as ReturnType<typeof cardTree>[]).map(
        (child) => child.props.style?.textAlign,
      );
    };
    expect(aligns(cardTree(content('ברוכים הבאים', { dir: 'rtl' }), look))).toEqual([
      'right',
      'right',
      'right',
    ]);
    expect(aligns(cardTree(content('Welcome'), look))).toEqual(['left', 'left', 'left']);
  });
});

describe('a card whose text needs a font that is not installed', () => {
  it('names what would draw it, and nothing for text every font it has draws', () => {
    expect(fonts.lacking('Launch queue: install rocketctl')).toBeUndefined();
    // The CJK families are installed with the tests (devDependencies), as a team installs them.
    expect(fonts.lacking('ロケットの打ち上げ')).toBeUndefined();
    expect(fonts.lacking('إطلاق الصاروخ')).toBeUndefined();
    // No fallback draws Thai: its first letter is named.
    expect(fonts.lacking('Guides ภาษาไทย')).toBe('ภ');
  });
});
