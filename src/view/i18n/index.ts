import type { UiStrings } from '../view.ts';
import { strings as ar } from './ar.ts';
import { strings as de } from './de.ts';
import { strings as en } from './en.ts';
import { strings as es } from './es.ts';
import { strings as fr } from './fr.ts';
import { strings as he } from './he.ts';
import { strings as ja } from './ja.ts';
import { strings as nl } from './nl.ts';
import { strings as no } from './no.ts';
import { strings as ptBr } from './pt-br.ts';
import { strings as ru } from './ru.ts';
import { strings as zh } from './zh.ts';

/** What a locale gives the theme: `<html lang dir>` and the UI strings. */
export interface LocaleStrings {
  /** A BCP 47 language tag for `<html lang>`. */
  lang: string;
  dir: 'ltr' | 'rtl';
  strings: UiStrings;
}

/**
 * The locales the theme speaks, keyed by the customization's `internationalization.locale`
 * value (lowercase). The platform's list is en|fr|es|zh|ja|de|nl|no|pt-br|ru; ar and he are
 * extra, so a right-to-left site can be built.
 *
 * Tags:
 * - `no` → `nb`: the strings are written in Bokmål, and `no` names only the macrolanguage
 *   (Bokmål or Nynorsk). The specific tag tells spell checkers, hyphenation and speech which
 *   written standard the page uses; user agents that only know `no` treat `nb` as Norwegian.
 * - `zh` stays `zh`: the strings are Simplified, which is what browsers assume for bare `zh`
 *   when choosing CJK fonts, and the platform's value carries no script to honour.
 * - `pt-br` → `pt-BR`: the canonical casing of the region subtag.
 */
export const LOCALES: Readonly<Record<string, LocaleStrings>> = {
  en: { lang: 'en', dir: 'ltr', strings: en },
  fr: { lang: 'fr', dir: 'ltr', strings: fr },
  es: { lang: 'es', dir: 'ltr', strings: es },
  zh: { lang: 'zh', dir: 'ltr', strings: zh },
  ja: { lang: 'ja', dir: 'ltr', strings: ja },
  de: { lang: 'de', dir: 'ltr', strings: de },
  nl: { lang: 'nl', dir: 'ltr', strings: nl },
  no: { lang: 'nb', dir: 'ltr', strings: no },
  'pt-br': { lang: 'pt-BR', dir: 'ltr', strings: ptBr },
  ru: { lang: 'ru', dir: 'ltr', strings: ru },
  ar: { lang: 'ar', dir: 'rtl', strings: ar },
  he: { lang: 'he', dir: 'rtl', strings: he },
};

/** Other spellings of the same locales that a hand-written customization might use. */
const ALIASES: Readonly<Record<string, string>> = {
  nb: 'no',
  pt: 'pt-br',
  'zh-cn': 'zh',
  'zh-hans': 'zh',
  iw: 'he',
};

export const englishStrings: UiStrings = en;

/**
 * The strings for a customization's locale. Matching ignores case and accepts `_` for `-`.
 * No locale means English, silently; an unknown one means English plus a `warning` for the
 * caller to report.
 */
export function stringsFor(locale: string | undefined): LocaleStrings & { warning?: string } {
  const fallback = LOCALES.en as LocaleStrings;
  if (locale === undefined || locale.trim() === '') return fallback;
  const key = locale.trim().toLowerCase().replaceAll('_', '-');
  const found = LOCALES[ALIASES[key] ?? key];
  if (found) return found;
  return {
    ...fallback,
    warning: `internationalization.locale "${locale}" is not supported; using English (supported: ${Object.keys(LOCALES).join(', ')})`,
  };
}
