import { type CardContent, CardFonts, siteLook } from '../../src/cards/index.ts';

/** The site the cards' tests draw for: Inter, the default colours, no logo. */
export const fonts = new CardFonts({ family: 'Inter', package: '@fontsource/inter' }, 'en');
export const site = siteLook(undefined, fonts.family, undefined);

/** A page's card content: `title`, the rest a guide's unless `more` says otherwise. */
export const content = (title: string, more: Partial<CardContent> = {}): CardContent => ({
  title,
  description: 'Install the CLI and sign in.',
  section: 'Guides',
  siteTitle: 'Acme Docs',
  dir: 'ltr',
  lang: 'en',
  ...more,
});
