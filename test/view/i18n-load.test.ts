import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/view/i18n/index.ts';
import { loadUiStrings } from '../../src/view/i18n/load.ts';

describe('UI strings for the theme’s scripts', () => {
  it('load every locale’s strings by the page’s lang tag', async () => {
    for (const locale of Object.values(LOCALES))
      expect(await loadUiStrings(locale.lang), locale.lang).toBe(locale.strings);
  });

  it('are English for a tag Offprint does not write', async () => {
    expect(await loadUiStrings('xx')).toBe(LOCALES.en?.strings);
    expect(await loadUiStrings('constructor')).toBe(LOCALES.en?.strings);
  });
});
