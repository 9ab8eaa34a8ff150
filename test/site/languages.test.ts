import { describe, expect, it } from 'vitest';
import {
  hreflangTag,
  type LanguagePage,
  type LanguageSpace,
  languageAlternates,
} from '../../src/site/languages.ts';

const page = (
  siteSpaceId: string,
  path: string,
  extra: Partial<LanguagePage> = {},
): LanguagePage => ({
  key: `${siteSpaceId}:${path}`,
  siteSpaceId,
  path,
  url: `/${siteSpaceId}/${path}/`,
  indexable: true,
  ...extra,
});

const SPACES: LanguageSpace[] = [
  { id: 'en', sectionId: 'guides', default: true, homeKey: 'en:welcome' },
  { id: 'v1', sectionId: 'guides', default: false, homeKey: 'v1:welcome' },
  { id: 'fr', sectionId: 'guides', language: 'fr', default: false, homeKey: 'fr:bienvenue' },
  { id: 'br', sectionId: 'guides', language: 'pt-br', default: false, homeKey: 'br:install' },
  { id: 'api', sectionId: 'api', default: true, homeKey: 'api:welcome' },
];

describe('language alternates: a page and its counterparts in other language variants', () => {
  it('matches pages by path, and the space roots with each other, symmetrically', () => {
    const pages = [
      page('en', 'welcome'),
      page('en', 'install'),
      page('en', 'only-english'),
      page('v1', 'welcome'),
      page('v1', 'install'),
      page('fr', 'bienvenue'),
      page('fr', 'install'),
      page('br', 'install'),
      page('api', 'install'),
    ];
    const alternates = languageAlternates(SPACES, pages, 'en');
    expect(alternates.get('en:install')).toEqual([
      { hreflang: 'en', url: '/en/install/' },
      { hreflang: 'fr', url: '/fr/install/' },
      { hreflang: 'x-default', url: '/en/install/' },
    ]);
    // Every member lists the same group: the pairs point back.
    expect(alternates.get('fr:install')).toEqual(alternates.get('en:install'));
    // Roots: `welcome`, `bienvenue` and br's first page `install` answer for each other.
    expect(alternates.get('fr:bienvenue')?.map((a) => a.url)).toEqual([
      '/en/welcome/',
      '/fr/bienvenue/',
      '/br/install/',
      '/en/welcome/',
    ]);
    expect(alternates.get('br:install')?.[2]).toEqual({ hreflang: 'pt-BR', url: '/br/install/' });
    // No counterpart, another section, or a second variant of a language: none.
    expect(alternates.has('en:only-english')).toBe(false);
    expect(alternates.has('api:install')).toBe(false);
    expect(alternates.has('v1:install')).toBe(false);
    expect(alternates.has('v1:welcome')).toBe(false);
  });

  it('leaves out pages a search engine may not index, on either side', () => {
    const pages = [
      page('en', 'welcome'),
      page('en', 'hidden', { indexable: false }),
      page('fr', 'bienvenue', { indexable: false }),
      page('fr', 'hidden'),
    ];
    const alternates = languageAlternates(SPACES.slice(0, 3), pages, 'en');
    expect(alternates.size).toBe(0);
  });

  it('needs two languages in a section: the site language stands for spaces without one', () => {
    const spaces: LanguageSpace[] = [
      { id: 'a', default: true, homeKey: 'a:x' },
      { id: 'b', language: 'fr', default: false, homeKey: 'b:x' },
    ];
    const pages = [page('a', 'x'), page('a', 'y'), page('b', 'x'), page('b', 'y')];
    // A French site whose other space is French too: one language, no alternates.
    expect(languageAlternates(spaces, pages, 'fr').size).toBe(0);
    expect(
      languageAlternates(spaces, pages, 'de')
        .get('a:y')
        ?.map((a) => a.hreflang),
    ).toEqual(['de', 'fr', 'x-default']);
  });

  it('gives no x-default when the default site space has no counterpart', () => {
    const pages = [
      page('en', 'welcome'),
      page('fr', 'bienvenue'),
      page('fr', 'extra'),
      page('br', 'install'),
      page('br', 'extra'),
    ];
    expect(languageAlternates(SPACES.slice(0, 4), pages, 'en').get('fr:extra')).toEqual([
      { hreflang: 'fr', url: '/fr/extra/' },
      { hreflang: 'pt-BR', url: '/br/extra/' },
    ]);
  });

  it('writes the platform language codes as BCP 47 tags', () => {
    expect(hreflangTag('pt-br')).toBe('pt-BR');
    expect(hreflangTag('zh')).toBe('zh');
    expect(hreflangTag('ZH_hant')).toBe('zh-Hant');
  });
});
