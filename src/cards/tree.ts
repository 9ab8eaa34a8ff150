/**
 * A share card's layout, as the element tree satori draws (its object form: no JSX, no React).
 * After the platform's own share image: the light theme's background, the site's logo (or its
 * title) at the top, and at the bottom the section, the page's title in the primary colour's text
 * shade and its description. In place of the platform's glow of the primary colour (a gradient
 * doubles the time resvg takes over a card), a band of it along the card's top edge: a box of
 * its own rather than a border, which satori draws through two clip paths, each a layer the
 * size of the card for resvg (a fifth of its time). Right-to-left text is set from the right.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** What a card shows: everything here is in its cache key. */
export interface CardContent {
  title: string;
  description?: string;
  /** The page's section (or site space), shown above its title. */
  section?: string;
  /** Shown in the logo's place when the site has none. */
  siteTitle: string;
  dir: 'ltr' | 'rtl';
  lang: string;
}

export interface CardLook {
  /** The font family every text is set in first (fonts.ts adds the fallbacks). */
  family: string;
  colors: {
    background: string;
    accent: string;
    title: string;
    text: string;
    muted: string;
  };
  /** The site's light logo as a data URL, with the size it is drawn at. */
  logo?: { src: string; width: number; height: number };
}

/** An element as satori takes it in place of a React element. */
export interface CardElement {
  type: string;
  props: {
    style?: Record<string, string | number>;
    children?: string | CardElement | (CardElement | string)[];
    [attribute: string]: unknown;
  };
}

const PADDING = 72;
const BAND_HEIGHT = 16;
/**
 * How much text a card shows, in widths where a CJK character counts two (it is as wide as two
 * Latin letters): as the platform's image, a title is cut at 64 and a description at 164, so the
 * title fits two lines and the description three. Cut here rather than by satori's `lineClamp`,
 * which measures every line again and costs a quarter of a card's layout.
 */
const TITLE_WIDTH = 64;
const DESCRIPTION_WIDTH = 164;
const SECTION_WIDTH = 60;
const SITE_TITLE_WIDTH = 48;
export const LOGO_HEIGHT = 64;
export const LOGO_MAX_WIDTH = 480;

export function cardTree(content: CardContent, look: CardLook): CardElement {
  const { colors } = look;
  const rtl = content.dir === 'rtl';
  const align = rtl ? 'right' : 'left';
  const long = width(content.title) > 40;
  const text = (children: string, style: Record<string, string | number>): CardElement => ({
    type: 'div',
    props: { style: { display: 'block', width: '100%', textAlign: align, ...style }, children },
  });
  // The site's title names the site above a page's title; the site's own card (a stand-in, or
  // a page titled as the site) shows it once.
  const top: CardElement | CardElement[] = look.logo
    ? {
        type: 'img',
        props: {
          src: look.logo.src,
          width: look.logo.width,
          height: look.logo.height,
          style: { width: look.logo.width, height: look.logo.height },
        },
      }
    : content.title === content.siteTitle
      ? []
      : text(clip(content.siteTitle, SITE_TITLE_WIDTH), {
          fontSize: 36,
          fontWeight: 700,
          color: colors.text,
        });
  const bottom: CardElement[] = [
    ...(content.section
      ? [
          text(clip(content.section, SECTION_WIDTH), {
            fontSize: 30,
            fontWeight: 700,
            color: colors.muted,
          }),
        ]
      : []),
    text(clip(content.title, TITLE_WIDTH), {
      fontSize: long ? 64 : 80,
      fontWeight: 700,
      lineHeight: 1.15,
      letterSpacing: rtl ? 0 : -1,
      color: colors.title,
      marginTop: content.section ? 12 : 0,
    }),
    ...(content.description
      ? [
          text(clip(content.description, DESCRIPTION_WIDTH), {
            fontSize: 32,
            lineHeight: 1.35,
            color: colors.muted,
            marginTop: 24,
          }),
        ]
      : []),
  ];
  return {
    type: 'div',
    props: {
      lang: content.lang,
      dir: content.dir,
      style: {
        display: 'flex',
        flexDirection: 'column',
        justifyContent: 'space-between',
        boxSizing: 'border-box',
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        padding: PADDING,
        paddingTop: PADDING + BAND_HEIGHT,
        fontFamily: look.family,
        color: colors.text,
        backgroundColor: colors.background,
        direction: content.dir,
      },
      children: [
        {
          type: 'div',
          props: {
            // `direction: rtl` starts the row at the right: the logo at the title's side.
            style: { display: 'flex', width: '100%' },
            children: top,
          },
        },
        {
          type: 'div',
          props: {
            style: {
              display: 'flex',
              flexDirection: 'column',
              width: '100%',
            },
            children: bottom,
          },
        },
        {
          type: 'div',
          props: {
            style: {
              position: 'absolute',
              top: 0,
              left: 0,
              width: CARD_WIDTH,
              height: BAND_HEIGHT,
              backgroundColor: colors.accent,
            },
          },
        },
      ],
    },
  };
}

/** Every text a card's tree draws, in order: what its fonts must cover, and what tests read. */
export function treeText(element: CardElement | string): string[] {
  if (typeof element === 'string') return [element];
  const { children } = element.props;
  if (children === undefined) return [];
  return (Array.isArray(children) ? children : [children]).flatMap(treeText);
}

/** East Asian wide characters (CJK, kana, hangul, full-width forms) count two. */
const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u;

function width(text: string): number {
  let total = 0;
  for (const char of text) total += WIDE.test(char) ? 2 : 1;
  return total;
}

/** The text cut to `max` widths at a word where there is one near, with an ellipsis. */
export function clip(text: string, max: number): string {
  if (width(text) <= max) return text;
  let cut = '';
  let used = 0;
  for (const char of text) {
    used += WIDE.test(char) ? 2 : 1;
    if (used > max - 1) break;
    cut += char;
  }
  const space = cut.lastIndexOf(' ');
  const word = space > cut.length * 0.6 ? cut.slice(0, space) : cut;
  return `${word.replace(/[\s.,;:、。，]+$/u, '')}…`;
}
