import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fromBuffer } from '@capsizecss/unpack';
import { describe, expect, it } from 'vitest';
import { FAMILY_METRICS, fallbackFace } from '../../src/theme/font-fallbacks.ts';
import { BUILT_IN_FONTS } from '../../src/theme/fonts.ts';

const require = createRequire(import.meta.url);

describe('metric-matched fallback fonts', () => {
  const bundled = Object.values(BUILT_IN_FONTS).filter((font) => font.bundled && font.package);

  it('has the metrics of every bundled family as its installed Latin 400 file has them', async () => {
    expect(Object.keys(FAMILY_METRICS).sort()).toEqual(bundled.map((font) => font.family).sort());
    for (const font of bundled) {
      const dir = path.dirname(require.resolve(font.package as string));
      const id = path.basename(font.package as string);
      const file = path.join(dir, 'files', `${id}-latin-400-normal.woff2`);
      const read = await fromBuffer(await readFile(file));
      expect(FAMILY_METRICS[font.family], font.family).toEqual({
        ascent: read.ascent,
        descent: read.descent,
        lineGap: read.lineGap,
        unitsPerEm: read.unitsPerEm,
        xWidthAvg: read.subsets.latin.xWidthAvg,
      });
    }
  });

  it('scales the local font to the family: Inter is wider than Arial, so larger', () => {
    expect(fallbackFace('Inter', 'sans-serif')).toBe(
      '@font-face { font-family: "Inter Fallback"; src: local("Arial"), local("Liberation Sans"), local("Helvetica Neue"), local("Helvetica"); size-adjust: 107.12%; ascent-override: 90.44%; descent-override: 22.52%; line-gap-override: 0%; }',
    );
    expect(fallbackFace('Unknown Family', 'serif')).toBeUndefined();
  });
});
