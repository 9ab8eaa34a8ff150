import type { UiStrings } from '../view.ts';

/**
 * The UI strings of a page's language for the theme's scripts (the search dialog, the page
 * actions menu), imported when a script first needs them. Each locale is its own hashed chunk
 * of the theme's scripts, cached once for every page; pages no longer each carry the strings
 * of dialogs and menus that only a script can show.
 *
 * Keyed by the `<html lang>` tags of `LOCALES` (index.ts); a test keeps the two in step.
 */
type Loader = () => Promise<{ strings: UiStrings }>;

const english: Loader = () => import('./en.ts');

const LOADERS: Readonly<Record<string, Loader>> = {
  en: english,
  fr: () => import('./fr.ts'),
  es: () => import('./es.ts'),
  zh: () => import('./zh.ts'),
  ja: () => import('./ja.ts'),
  de: () => import('./de.ts'),
  nl: () => import('./nl.ts'),
  nb: () => import('./no.ts'),
  'pt-BR': () => import('./pt-br.ts'),
  ru: () => import('./ru.ts'),
  ar: () => import('./ar.ts'),
  he: () => import('./he.ts'),
};

/** The strings for a page's `lang`; English for a tag Offprint does not write. */
export async function loadUiStrings(lang: string): Promise<UiStrings> {
  const load = (Object.hasOwn(LOADERS, lang) && LOADERS[lang]) || english;
  return (await load()).strings;
}
