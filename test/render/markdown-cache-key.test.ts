import { describe, expect, it } from 'vitest';
import { ENGLISH_CONTENT_STRINGS } from '../../src/markdown/index.ts';
import type { PageRenderSettings } from '../../src/markdown/settings.ts';
import type { SpecLibrary } from '../../src/openapi/library.ts';
import { MarkdownCache, type PageInput } from '../../src/render/markdown-cache.ts';

/**
 * Every setting but the specs (whose digest counts per page, below), set: a field added to
 * `PageRenderSettings` must be added here (tsc says so), and is then varied by the tests.
 */
const EVERY_SETTING = {
  iconStyle: 'solid',
  strings: ENGLISH_CONTENT_STRINGS,
  appOrigins: ['https://app.example.com'],
  tryIt: true,
} satisfies Required<Omit<PageRenderSettings, 'openapi'>>;

/** The path of every leaf of `value` (a member's member, an array's item), from its own keys. */
function leaves(value: unknown, at: readonly (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [[...at]];
  const keys = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return keys.flatMap((key) => leaves((value as Record<string, unknown>)[key], [...at, key]));
}

/** `value` with the leaf at `at` changed to another value of its kind. */
function changedAt(value: unknown, at: readonly (string | number)[]): unknown {
  const [head, ...rest] = at;
  if (head === undefined) {
    if (typeof value === 'string') return `${value}!`;
    if (typeof value === 'boolean') return !value;
    if (typeof value === 'number') return value + 1;
    throw new Error(`no other value for ${JSON.stringify(value)}`);
  }
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = changedAt(copy[head], rest);
  return copy;
}

/** The markdown cache's key: the render's settings hashed whole, beside the page's own input. */
describe('MarkdownCache.key', () => {
  const page = { markdown: '# Hi\n', path: 'a.md', title: 'A' };
  const keyWith = (
    settings: ConstructorParameters<typeof MarkdownCache>[1],
    input: PageInput = page,
  ) => new MarkdownCache('/unused', settings).key(input);
  const specs = (digest: string) => ({ digest }) as unknown as SpecLibrary;

  it('changes with any one setting, down to each member, found from the settings themselves', () => {
    const base = keyWith(EVERY_SETTING);
    const paths = leaves(EVERY_SETTING);
    // Each of ContentStrings' labels is a leaf: the walk went into every field.
    expect(paths.length).toBeGreaterThan(Object.keys(ENGLISH_CONTENT_STRINGS).length);
    for (const at of paths) {
      const changed = changedAt(EVERY_SETTING, at) as PageRenderSettings;
      expect(keyWith(changed), `settings.${at.join('.')}`).not.toBe(base);
    }
  });

  it('changes with a setting no list names: the settings are hashed whole', () => {
    const added = { ...EVERY_SETTING, aSettingAddedLater: 'x' } as PageRenderSettings;
    expect(keyWith(added)).not.toBe(keyWith(EVERY_SETTING));
    const nested = {
      ...EVERY_SETTING,
      strings: { ...EVERY_SETTING.strings, aLabelAddedLater: 'x' },
    } as PageRenderSettings;
    expect(keyWith(nested)).not.toBe(keyWith(EVERY_SETTING));
  });

  it('is the same for an unset setting and an absent one, in any order', () => {
    const { tryIt: _, ...rest } = EVERY_SETTING;
    expect(keyWith({ ...rest, tryIt: undefined })).toBe(keyWith(rest));
    const reversed = Object.fromEntries(Object.entries(EVERY_SETTING).reverse());
    expect(keyWith(reversed as PageRenderSettings)).toBe(keyWith(EVERY_SETTING));
  });

  it('refuses a setting that is not plain data rather than leave it out of the key', () => {
    const withFunction = { ...EVERY_SETTING, onLink: () => 'x' } as PageRenderSettings;
    expect(() => keyWith(withFunction)).toThrow('$.onLink is not plain data (function)');
    const withMap = { ...EVERY_SETTING, labels: new Map() } as PageRenderSettings;
    expect(() => keyWith(withMap)).toThrow('$.labels is not plain data (Map)');
  });

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
