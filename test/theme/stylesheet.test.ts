import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { SiteCustomization } from '../../src/api/schemas/customizations.ts';
import { BUILT_IN_FONTS, THEME_DIR, themeStylesheet } from '../../src/theme/index.ts';
import { modeBlocks, parseCss, SAFE_SELECTORS, SAFE_VALUE, variablesOf } from './css.ts';

// Choices left at `default` have no class: every page's <html> would carry it for nothing.
const DEFAULT_CLASS = 'op-theme--clean op-corners--rounded';

const rootVariables = (css: string) =>
  variablesOf(parseCss(css).find((rule) => rule.selector === 'html:root'));

/** Asserts the stylesheet parses and holds only the values and selectors it may hold. */
function expectStrictCss(css: string): void {
  for (const rule of parseCss(css)) {
    expect(SAFE_SELECTORS).toContain(rule.selector);
    if (rule.media) expect(rule.media).toBe('@media (prefers-color-scheme: dark)');
    for (const [name, value] of rule.declarations) {
      if (rule.selector === '@font-face') {
        expect(name).toMatch(
          /^(font-family|font-style|font-weight|font-display|src|unicode-range|size-adjust|ascent-override|descent-override|line-gap-override)$/,
        );
        // A metric-matched fallback (src/theme/font-fallbacks.ts): local fonts, percentages.
        if (name === 'src' && value.startsWith('local('))
          expect(value).toMatch(/^local\("[A-Za-z ]+"\)(?:, local\("[A-Za-z ]+"\))*$/);
        else if (/-(?:adjust|override)$/.test(name)) expect(value).toMatch(/^\d+(?:\.\d+)?%$/);
        else if (name === 'src')
          expect(value).toMatch(
            /^url\("(?:https:\/\/[A-Za-z0-9.\-/_%?&=+,:@!$~]+|fonts\/[a-z0-9.-]+\/[a-z0-9-]+\.woff2)"\)(?: format\("[a-z0-9-]+"\))?(?:, url\("https:\/\/[A-Za-z0-9.\-/_%?&=+,:@!$~]+"\)(?: format\("[a-z0-9-]+"\))?)*$/,
          );
        else if (name !== 'unicode-range')
          expect(value).toMatch(/^(?:"[A-Za-z0-9 _-]+"|[a-z0-9]+)$/);
        continue;
      }
      expect(name).toMatch(/^(?:--op-[a-z0-9-]+|color-scheme)$/);
      expect(value).toMatch(SAFE_VALUE);
    }
  }
}

describe('themeStylesheet: defaults', () => {
  it('applies the documented defaults when the site has no customization', () => {
    for (const customization of [undefined, {}, { styling: {} }] as SiteCustomization[]) {
      const theme = themeStylesheet(customization);
      expect(theme.warnings).toEqual([]);
      expect(theme.htmlClass).toBe(DEFAULT_CLASS);
      expect(theme.defaultTheme).toBe('light');
      const { light, dark } = modeBlocks(theme.css);
      expect(light.get('--op-primary')).toBe('#346ddb');
      expect(light.get('--op-primary-9')).toBe('#346ddb');
      expect(dark.get('--op-primary')).toBe('#346ddb');
      const root = rootVariables(theme.css);
      expect(root.get('--op-radius')).toBe('8px');
      expect(root.get('--op-font')).toMatch(/^"Inter", /);
      // Light only by default: dark is there for an explicit data-theme, not the OS setting.
      expect(theme.css).not.toContain('prefers-color-scheme');
      expectStrictCss(theme.css);
    }
  });

  it('self-hosts Inter from @fontsource/inter', () => {
    const theme = themeStylesheet(undefined);
    expect(theme.fontFiles.length).toBeGreaterThan(0);
    for (const file of theme.fontFiles) {
      expect(existsSync(file.from)).toBe(true);
      expect(file.from).toContain('@fontsource/inter');
      expect(file.to).toMatch(
        new RegExp(
          `^${THEME_DIR}/fonts/inter-[0-9.]+/inter-[a-z-]+-[0-9]+-(normal|italic)\\.woff2$`,
        ),
      );
      // The stylesheet (in THEME_DIR) names each file relative to itself.
      expect(theme.css).toContain(`url("${file.to.slice(THEME_DIR.length + 1)}")`);
    }
    expect(theme.fontFiles.map((file) => file.to)).toContain(
      theme.fontFiles.find((file) => file.to.endsWith('inter-latin-400-normal.woff2'))?.to,
    );
  });
});

describe('themeStylesheet: the customization → CSS mapping', () => {
  it('degrades unknown values to the defaults, one warning each', () => {
    const theme = themeStylesheet({
      styling: {
        theme: 'neon',
        corners: 'blobby',
        links: 'rainbow',
        sidebar: { background: 'glass', list: 'tree' },
        primaryColor: { light: 'blue' },
        font: 'ComicSans',
      },
      themes: { default: 'sepia' },
    });
    expect(theme.htmlClass).toBe(DEFAULT_CLASS);
    expect(theme.defaultTheme).toBe('light');
    expect(theme.css).toBe(themeStylesheet(undefined).css);
    for (const field of [
      'styling.theme',
      'styling.corners',
      'styling.links',
      'styling.sidebar.background',
      'styling.sidebar.list',
      'styling.primaryColor.light',
      'styling.font',
      'themes.default',
    ])
      expect(
        theme.warnings.some((warning) => warning.includes(`customizations.site.${field}`)),
      ).toBe(true);
    expect(theme.warnings).toHaveLength(8);
  });

  it('gives each styling.theme its own look', () => {
    const themes = (['clean', 'muted', 'bold', 'gradient'] as const).map((style) =>
      themeStylesheet({ styling: { theme: style } }),
    );
    expect(new Set(themes.map((theme) => theme.css)).size).toBe(4);
    expect(themes.map((theme) => theme.htmlClass.split(' ')[0])).toEqual([
      'op-theme--clean',
      'op-theme--muted',
      'op-theme--bold',
      'op-theme--gradient',
    ]);
    const [clean, muted, bold, gradient] = themes.map((theme) => modeBlocks(theme.css).light);
    if (!clean || !muted || !bold || !gradient) throw new Error('missing a theme');
    expect(clean.get('--op-header-bg')).toBe(clean.get('--op-bg'));
    expect(muted.get('--op-bg')).toBe(muted.get('--op-neutral-2'));
    expect(bold.get('--op-header-bg')).toBe(bold.get('--op-primary'));
    expect(bold.get('--op-header-text')).toBe(bold.get('--op-primary-contrast'));
    expect(gradient.get('--op-header-bg')).not.toBe(gradient.get('--op-header-bg-end'));
    expect(gradient.get('--op-page-bg-top')).not.toBe(gradient.get('--op-bg'));
  });

  it('maps corners, links, sidebar and the default theme', () => {
    const radius = (corners: string) =>
      rootVariables(themeStylesheet({ styling: { corners } }).css);
    expect(radius('straight').get('--op-radius')).toBe('0px');
    expect(radius('rounded').get('--op-radius')).toBe('8px');
    expect(radius('circular').get('--op-radius-control')).toBe('9999px');

    const accent = modeBlocks(themeStylesheet({ styling: { links: 'accent' } }).css).light;
    expect(accent.get('--op-link')).toBe(accent.get('--op-primary-11'));
    const plain = modeBlocks(themeStylesheet({ styling: { links: 'default' } }).css).light;
    expect(plain.get('--op-link')).toBe(plain.get('--op-neutral-12'));
    expect(plain.get('--op-link-decoration')).toBe(plain.get('--op-primary'));

    const filled = themeStylesheet({
      styling: { sidebar: { background: 'filled', list: 'pill' } },
    });
    expect(filled.htmlClass).toContain('op-sidebar--filled');
    expect(filled.htmlClass).toContain('op-sidebar-list--pill');
    const filledVars = modeBlocks(filled.css).light;
    expect(filledVars.get('--op-sidebar-bg')).not.toBe(filledVars.get('--op-bg'));
    expect(filledVars.get('--op-nav-current-bg')).toBe(filledVars.get('--op-primary'));

    const system = themeStylesheet({ themes: { default: 'system' } });
    expect(system.defaultTheme).toBe('system');
    const media = parseCss(system.css).filter((rule) => rule.media);
    expect(media.map((rule) => rule.selector)).toEqual(['html:root:not([data-theme])']);
    expect(variablesOf(media[0])).toEqual(modeBlocks(system.css).dark);
    expect(themeStylesheet({ themes: { default: 'dark' } }).defaultTheme).toBe('dark');
  });

  it('uses each side of a color pair, and one side for both when the other is missing', () => {
    const both = modeBlocks(
      themeStylesheet({ styling: { primaryColor: { light: '#E4572E', dark: '#FF7A50' } } }).css,
    );
    expect(both.light.get('--op-primary')).toBe('#e4572e');
    expect(both.dark.get('--op-primary')).toBe('#ff7a50');
    const one = modeBlocks(themeStylesheet({ styling: { primaryColor: { dark: '#FF7A50' } } }).css);
    expect(one.light.get('--op-primary')).toBe('#ff7a50');
    const tinted = modeBlocks(
      themeStylesheet({ styling: { tint: { color: { light: '#F6EFEA', dark: '#1E1A18' } } } }).css,
    );
    expect(tinted.light.get('--op-neutral-1')).not.toBe(
      modeBlocks(themeStylesheet({}).css).light.get('--op-neutral-1'),
    );
    const status = modeBlocks(
      themeStylesheet({ styling: { dangerColor: { light: '#C53030' } } }).css,
    );
    expect(status.light.get('--op-danger-solid')).toBe('#c53030');
  });
});

describe('themeStylesheet: icons', () => {
  it('maps each icon style onto the free set nearest to it: a note when it differs, a warning for no style', () => {
    const cases = [
      ['solid', 'solid', 0, 0],
      ['regular', 'regular', 0, 0],
      ['duotone', 'solid', 1, 0],
      ['light', 'regular', 1, 0],
      ['thin', 'regular', 1, 0],
      [undefined, 'solid', 0, 0],
      ['neon', 'solid', 0, 1],
    ] as const;
    for (const [icons, set, notes, warnings] of cases) {
      const theme = themeStylesheet({ styling: { icons } });
      expect(theme.iconSet, String(icons)).toBe(set);
      expect(theme.notes, String(icons)).toHaveLength(notes);
      expect(theme.warnings, String(icons)).toHaveLength(warnings);
    }
    expect(themeStylesheet({ styling: { icons: 'thin' } }).notes).toEqual([
      'styling.icons "thin": the free icon set has no thin style, so icons are drawn regular',
    ]);
    expect(themeStylesheet({ styling: { icons: 'neon' } }).warnings[0]).toMatch(
      /styling\.icons: unknown value .*neon.*"solid"/,
    );
  });
});

describe('themeStylesheet: fonts', () => {
  it('maps every built-in family name, with a serif or sans-serif fallback', () => {
    expect(Object.keys(BUILT_IN_FONTS).sort()).toEqual(
      [
        'Inter',
        'Roboto',
        'RobotoSlab',
        'OpenSans',
        'SourceSansPro',
        'Lato',
        'Ubuntu',
        'Raleway',
        'Merriweather',
        'Overpass',
        'NotoSans',
        'IBMPlexSerif',
        'Poppins',
        'FiraSans',
        'ABCFavorit',
      ].sort(),
    );
    expect(BUILT_IN_FONTS.Inter?.bundled).toBe(true);
  });

  it('self-hosts every built-in family but the commercial one from its installed package', () => {
    for (const [key, font] of Object.entries(BUILT_IN_FONTS)) {
      if (font.package === null) continue;
      const theme = themeStylesheet({ styling: { font: key } });
      expect(theme.warnings, key).toEqual([]);
      expect(theme.css, key).toContain(`font-family: "${font.family}"`);
      expect(theme.fontFiles.length, key).toBeGreaterThan(0);
      expect(rootVariables(theme.css).get('--op-font'), key).toMatch(
        new RegExp(`^"${font.family}", `),
      );
    }
  });

  it('falls back to the system stack, with a warning, when the package is missing', () => {
    const missing = { resolvePackage: () => undefined };
    const serif = themeStylesheet({ styling: { font: 'Merriweather' } }, missing);
    expect(rootVariables(serif.css).get('--op-font')).toMatch(/^ui-serif, .*serif$/);
    expect(serif.fontFiles).toEqual([]);
    expect(serif.css).not.toContain('@font-face');
    expect(serif.warnings).toEqual([
      expect.stringContaining('npm install @fontsource/merriweather'),
    ]);
    const sans = themeStylesheet({ styling: { font: 'Roboto' } }, missing);
    expect(rootVariables(sans.css).get('--op-font')).toMatch(/^ui-sans-serif, .*sans-serif$/);
    const commercial = themeStylesheet({ styling: { font: 'ABCFavorit' } });
    expect(commercial.warnings).toEqual([expect.stringContaining('ABC Favorit')]);
    expect(commercial.fontFiles).toEqual([]);
  });

  it('emits @font-face rules for a custom font with https sources', () => {
    const theme = themeStylesheet({
      styling: {
        font: {
          fontFamily: 'Acme Sans',
          fontFaces: [
            {
              weight: 400,
              sources: [
                { url: 'https://fonts.acme.example/sans-400.woff2', format: 'woff2' },
                { url: 'https://fonts.acme.example/sans-400.woff', format: 'woff' },
              ],
            },
            { weight: 700, sources: [{ url: 'https://fonts.acme.example/sans-700.woff2' }] },
          ],
        },
      },
    });
    expect(theme.warnings).toEqual([]);
    expect(theme.fontFiles).toEqual([]);
    expect(rootVariables(theme.css).get('--op-font')).toMatch(/^"Acme Sans", ui-sans-serif/);
    const faces = parseCss(theme.css).filter((rule) => rule.selector === '@font-face');
    expect(faces.map((face) => variablesOf(face).get('font-weight'))).toEqual(['400', '700']);
    expect(variablesOf(faces[0]).get('font-family')).toBe('"Acme Sans"');
    expect(variablesOf(faces[0]).get('src')).toBe(
      'url("https://fonts.acme.example/sans-400.woff2") format("woff2"), url("https://fonts.acme.example/sans-400.woff") format("woff")',
    );
    expectStrictCss(theme.css);
  });
});

describe('themeStylesheet: hostile values never reach the CSS', () => {
  const hostile: SiteCustomization = {
    styling: {
      theme: 'bold} body{display:none',
      corners: '0;} body{display:none',
      links: 'accent;}',
      primaryColor: { light: 'red;} body{display:none', dark: '#fff;}body{display:none}' },
      tint: { color: { light: 'url(javascript:alert(1))', dark: 'expression(alert(1))' } },
      infoColor: { light: '#12345"', dark: '</style><script>alert(1)</script>' },
      sidebar: { background: 'filled"', list: 'pill;' },
      font: {
        fontFamily: 'Evil"; } body { display:none } .x { font-family: "x',
        fontFaces: [{ weight: 400, sources: [{ url: 'https://a.example/f.woff2' }] }],
      },
    },
    themes: { default: 'dark;}' },
  };

  it('drops every malformed value, with warnings, and the CSS stays strictly shaped', () => {
    const theme = themeStylesheet(hostile);
    for (const needle of [
      'display:none',
      'display: none',
      'body',
      'javascript',
      'expression',
      'script',
      'Evil',
      'url(j',
    ])
      expect(theme.css).not.toContain(needle);
    expect(theme.htmlClass).toBe(DEFAULT_CLASS);
    expect(theme.defaultTheme).toBe('light');
    expectStrictCss(theme.css);
    expect(theme.warnings.length).toBeGreaterThanOrEqual(10);
    for (const warning of theme.warnings) expect(warning).not.toContain('\n');
  });

  it('keeps only plain https sources of a custom font', () => {
    const theme = themeStylesheet({
      styling: {
        font: {
          fontFamily: 'Acme',
          fontFaces: [
            {
              weight: 400,
              sources: [
                {
                  url: 'https://a.example/f.woff2");} body{display:none} x{a:url("',
                  format: 'woff2',
                },
                { url: "https://a.example/f'.woff2" },
                { url: 'https://a.example/f(1).woff2' },
                { url: 'http://insecure.example/f.woff2' },
                { url: 'javascript:alert(1)' },
                { url: 'data:font/woff2;base64,AAAA' },
                { url: 'https://user:pw@a.example/f.woff2' },
                { url: 'https://a.example/ok.woff2', format: 'woff2") ; x{' },
              ],
            },
            { weight: '400;}', sources: [{ url: 'https://a.example/w.woff2' }] },
            { weight: 700, sources: [{ url: 'https://a.example/bad";.woff2' }] },
          ],
        },
      },
    } as SiteCustomization);
    const faces = parseCss(theme.css).filter((rule) => rule.selector === '@font-face');
    expect(faces).toHaveLength(1);
    // The format was not a known one, so it is left out rather than quoted.
    expect(variablesOf(faces[0]).get('src')).toBe('url("https://a.example/ok.woff2")');
    for (const needle of [
      'display:none',
      'display: none',
      'insecure',
      'javascript',
      'data:',
      'user:pw',
      "'",
      '(1)',
    ])
      expect(theme.css).not.toContain(needle);
    expectStrictCss(theme.css);
    expect(theme.warnings.length).toBeGreaterThanOrEqual(8);
  });

  it('rejects family names with quotes, braces, semicolons or url(', () => {
    for (const fontFamily of [
      'A"B',
      "A'B",
      'A}B',
      'A;B',
      'url(x)',
      'A\\B',
      'A\nB',
      '',
      ' Leading',
      'x'.repeat(65),
    ]) {
      const theme = themeStylesheet({ styling: { font: { fontFamily, fontFaces: [] } } });
      expect(rootVariables(theme.css).get('--op-font')).toMatch(/^"Inter", /);
      expect(theme.warnings).toEqual([expect.stringContaining('fontFamily')]);
      expectStrictCss(theme.css);
    }
  });
});
