import { describe, expect, it } from 'vitest';
import {
  AA,
  AAA,
  colorScale,
  contrastRatio,
  lchOf,
  parseHexColor,
  TEXT_PAIRS,
  themeStylesheet,
} from '../../src/theme/index.ts';
import { modeBlocks } from './css.ts';

/** Primaries from the easy to the hostile: extremes, greys, saturated, pastel, very dark. */
const PRIMARIES = [
  '#346DDB',
  '#FFFF00',
  '#FFFFFF',
  '#000000',
  '#808080',
  '#777777',
  '#767676',
  '#999999',
  '#595959',
  '#C0C0C0',
  '#111111',
  '#FF0000',
  '#D00000',
  '#E4572E',
  '#00FF00',
  '#7FFF00',
  '#008000',
  '#1F8A5B',
  '#0000FF',
  '#00FFFF',
  '#40E0D0',
  '#FF00FF',
  '#800080',
  '#8B5CF6',
  '#FFA500',
  '#FFD700',
  '#0EA5E9',
  '#FFC0CB',
  '#B5EAD7',
  '#C7CEEA',
  '#FFDAC1',
  '#F5F5DC',
  '#0B0B45',
  '#1A0000',
  '#002200',
  '#6B4226',
];

const STYLES = ['clean', 'muted', 'bold', 'gradient'] as const;
const LISTS = ['default', 'pill', 'line'] as const;

describe('contrast of every text/background pair the theme draws', () => {
  it.each(PRIMARIES)('reaches AA with primary %s in light and dark, in every style', (color) => {
    const failures: string[] = [];
    const index = PRIMARIES.indexOf(color);
    STYLES.forEach((theme, i) => {
      const list = LISTS[(index + i) % LISTS.length];
      const links = (index + i) % 2 ? 'accent' : 'default';
      const background = i % 2 ? 'filled' : 'default';
      // Every third color also tints the greys, and every other one drives the status colors.
      const pair = { light: color, dark: color };
      const styling = {
        theme,
        primaryColor: pair,
        links,
        sidebar: { list, background },
        ...(index % 3 === 0 ? { tint: { color: pair } } : {}),
        ...(index % 2 === 0
          ? { infoColor: pair, successColor: pair, warningColor: pair, dangerColor: pair }
          : {}),
      };
      const { css } = themeStylesheet({ styling });
      const modes = modeBlocks(css);
      for (const mode of ['light', 'dark'] as const) {
        const variables = modes[mode];
        for (const [text, background] of TEXT_PAIRS) {
          const fg = variables.get(text);
          const bg = variables.get(background);
          if (!fg || !bg) {
            failures.push(`${theme}/${mode}: ${text} or ${background} missing`);
            continue;
          }
          const ratio = contrastRatio(fg, bg);
          if (ratio < AA)
            failures.push(
              `${theme}/${list}/${links}/${mode}: ${text} ${fg} on ${background} ${bg} = ${ratio.toFixed(2)}`,
            );
        }
      }
    });
    expect(failures).toEqual([]);
  });
});

describe('color scales', () => {
  it.each(PRIMARIES)('builds a 12-step scale of %s with readable text steps', (color) => {
    const hex = parseHexColor(color) as string;
    for (const mode of ['light', 'dark'] as const) {
      const scale = colorScale(hex, mode);
      expect(scale.steps).toHaveLength(12);
      for (const value of scale.steps) expect(value).toMatch(/^#[0-9a-f]{6}$/);
      // Step 9 is the color itself; text on steps 9 and 10 reaches AA.
      expect(scale.steps[8]).toBe(hex);
      expect(contrastRatio(scale.contrast, scale.steps[8] as string)).toBeGreaterThanOrEqual(AA);
      expect(contrastRatio(scale.contrast, scale.steps[9] as string)).toBeGreaterThanOrEqual(AA);
      // Backgrounds 1–8 get darker (light mode) or lighter (dark mode) step by step.
      const lightness = scale.steps.slice(0, 8).map((step) => lchOf(step).l);
      for (let i = 1; i < lightness.length; i++) {
        if (mode === 'light') expect(lightness[i]).toBeLessThan(lightness[i - 1] as number);
        else expect(lightness[i]).toBeGreaterThan(lightness[i - 1] as number);
      }
      for (const background of scale.steps.slice(0, 5)) {
        expect(contrastRatio(scale.steps[10] as string, background)).toBeGreaterThanOrEqual(AA);
        expect(contrastRatio(scale.steps[11] as string, background)).toBeGreaterThanOrEqual(AAA);
      }
    }
  });

  it('measures contrast with the WCAG formula', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#346ddb', '#346ddb')).toBe(1);
    // The classic AA boundary grey on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThan(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('parses only hex colors, through the color library', () => {
    expect(parseHexColor('#346DDB')).toBe('#346ddb');
    expect(parseHexColor('#abc')).toBe('#aabbcc');
    expect(parseHexColor('#346DDB80')).toBe('#346ddb');
    for (const bad of [
      'red',
      '346DDB',
      '#12',
      '#GGGGGG',
      'rgb(0,0,0)',
      '#fff;}',
      ' #ffffff',
      7,
      null,
    ])
      expect(parseHexColor(bad)).toBeUndefined();
  });
});
