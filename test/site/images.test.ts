import { describe, expect, it } from 'vitest';
import { buildSiteModel } from '../../src/site/index.ts';
import { doc, makeSite } from './helpers.ts';

describe('resolveImageUrl (logos and favicons from the customization)', () => {
  const model = buildSiteModel(
    makeSite({
      sections: [],
      spaces: [
        {
          id: 'docs',
          path: 'docs',
          default: true,
          pages: [doc('readme', 'Welcome')],
          files: [
            {
              id: 'logo',
              name: 'logo.png',
              downloadURL: 'http://127.0.0.1:4010/_files/r1/logo/logo.png',
            },
          ],
        },
      ],
    } as Parameters<typeof makeSite>[0]),
  );

  it('maps a download URL of a stored file to its built asset, even from another host or port', () => {
    const exact = model.resolveImageUrl('http://127.0.0.1:4010/_files/r1/logo/logo.png');
    expect(exact).toMatch(/\/assets\/[0-9a-f]{16}\/logo\.png$/);
    // A reused revision was pulled from another port, or the platform signed the URL anew.
    expect(model.resolveImageUrl('http://127.0.0.1:5999/_files/r1/logo/logo.png?sig=2')).toBe(
      exact,
    );
  });

  it('keeps other https images and drops everything else', () => {
    expect(model.resolveImageUrl('https://cdn.example/logo.svg')).toBe(
      'https://cdn.example/logo.svg',
    );
    expect(model.resolveImageUrl('http://cdn.example/logo.svg')).toBeUndefined();
    expect(model.resolveImageUrl('javascript:alert(1)')).toBeUndefined();
    expect(model.resolveImageUrl(42)).toBeUndefined();
  });
});
