import { describe, expect, it } from 'vitest';
import { ENGLISH_CONTENT_STRINGS } from '../../src/markdown/index.ts';
import type { SpecLibrary } from '../../src/openapi/library.ts';
import { MarkdownCache, type PageInput } from '../../src/render/markdown-cache.ts';

/** The markdown cache's key: the render's settings hashed whole, beside the page's own input. */
describe('MarkdownCache.key', () => {
  const page = { markdown: '# Hi\n', path: 'a.md', title: 'A' };
  const keyWith = (
    settings: ConstructorParameters<typeof MarkdownCache>[1],
    input: PageInput = page,
  ) => new MarkdownCache('/unused', settings).key(input);
  const specs = (digest: string) => ({ digest }) as unknown as SpecLibrary;

  it('changes with every setting', () => {
    const base = keyWith({ iconStyle: 'solid', strings: ENGLISH_CONTENT_STRINGS });
    const others = [
      keyWith({ iconStyle: 'regular', strings: ENGLISH_CONTENT_STRINGS }),
      keyWith({ iconStyle: 'solid', strings: { ...ENGLISH_CONTENT_STRINGS, tab: 'Onglet {n}' } }),
      keyWith({
        iconStyle: 'solid',
        strings: ENGLISH_CONTENT_STRINGS,
        appOrigins: ['https://app.example.com'],
      }),
      keyWith({ iconStyle: 'solid', strings: ENGLISH_CONTENT_STRINGS, tryIt: false }),
    ];
    expect(new Set([base, ...others]).size).toBe(5);
  });

  it('tells the page apart by path, title and markdown', () => {
    const keys = [
      page,
      { ...page, path: 'b.md' },
      { ...page, title: 'B' },
      { ...page, markdown: 'x' },
    ];
    expect(new Set(keys.map((input) => keyWith({}, input))).size).toBe(4);
  });

  it('tells a page marked against its previous markdown apart from the page without marks', () => {
    const keys = [
      page,
      { ...page, previous: '' },
      { ...page, previous: page.markdown },
      { ...page, previous: 'x' },
    ];
    expect(new Set(keys.map((input) => keyWith({}, input))).size).toBe(4);
    expect(keyWith({}, { ...page, previous: 'x' })).toBe(keyWith({}, { ...page, previous: 'x' }));
  });

  it('counts the specs for a page whose previous markdown may hold an OpenAPI block', () => {
    const block = { ...page, previous: '{% openapi src="x.yaml" path="/a" method="get" %}\n' };
    expect(keyWith({ openapi: specs('one') }, block)).not.toBe(
      keyWith({ openapi: specs('two') }, block),
    );
  });

  it('counts the specs only for a page that may hold an OpenAPI block', () => {
    expect(keyWith({ openapi: specs('one') })).toBe(keyWith({ openapi: specs('two') }));
    const block = { ...page, markdown: '{% openapi src="x.yaml" path="/a" method="get" %}\n' };
    expect(keyWith({ openapi: specs('one') }, block)).not.toBe(
      keyWith({ openapi: specs('two') }, block),
    );
  });
});
