/**
 * Responsive images in a page: `<picture>` from the resolver's variants only (never from the
 * page's markup), `sizes` from the theme's layout, the original linked, the first image eager.
 */
import { fromHtml } from 'hast-util-from-html';
import { selectAll } from 'hast-util-select';
import { describe, expect, it } from 'vitest';
import {
  createTableResolver,
  type ResponsiveImage,
  renderMarkdown,
} from '../../src/markdown/index.ts';

const image: ResponsiveImage = {
  id: 'abc0',
  width: 2880,
  height: 1800,
  type: 'image/webp',
  variants: [480, 800, 1200, 1472].map((width) => ({
    url: `/assets/abc/${width}w-q80.webp`,
    width,
  })),
};

const resolver = createTableResolver({
  pages: [],
  files: [
    {
      id: 'shot',
      path: '.gitbook/assets/CleanShot 2024-03-12 at 12.23.01@2x.png',
      url: '/assets/abc/cleanshot.png',
      name: 'CleanShot 2024-03-12 at 12.23.01@2x.png',
      width: 2880,
      height: 1800,
      image,
    },
    {
      id: 'small',
      path: '.gitbook/assets/icon.png',
      url: '/assets/def/icon.png',
      name: 'icon.png',
      width: 64,
      height: 64,
    },
  ],
  reusableContents: [],
});

const SHOT = '.gitbook/assets/CleanShot%202024-03-12%20at%2012.23.01@2x.png';

async function render(markdown: string) {
  const { html } = await renderMarkdown(markdown, {
    resolver,
    currentPath: 'page.md',
    highlighter: false,
  });
  return { html, tree: fromHtml(html, { fragment: true }) };
}

describe('responsive images', () => {
  it('reports the images it shows, once each, and not those only linked', async () => {
    const shown = await renderMarkdown(
      `![One](${SHOT})\n\n![Again](${SHOT})\n\n[download](${SHOT})\n`,
      { resolver, currentPath: 'page.md', highlighter: false },
    );
    expect(shown.images).toEqual(['abc0']);
    const linked = await renderMarkdown(
      `[download](${SHOT})\n\n![icon](.gitbook/assets/icon.png)\n`,
      {
        resolver,
        currentPath: 'page.md',
        highlighter: false,
      },
    );
    expect(linked.images).toEqual([]);
  });

  it('shows a file with variants through <picture>, its original linked and kept as the fallback', async () => {
    const { tree } = await render(`![The console](${SHOT})\n`);
    const [link] = selectAll('a.op-image-link', tree);
    expect(link?.properties.href).toBe('/assets/abc/cleanshot.png');
    // One source, the same with PDFs or without: the PDF stage puts a print copy in the img.
    const [source, ...more] = selectAll('a.op-image-link > picture.op-picture > source', tree);
    expect(more).toEqual([]);
    expect(source?.properties).toMatchObject({
      type: 'image/webp',
      srcSet:
        '/assets/abc/480w-q80.webp 480w, /assets/abc/800w-q80.webp 800w, /assets/abc/1200w-q80.webp 1200w, /assets/abc/1472w-q80.webp 1472w',
      sizes: '(max-width: 48rem) 100vw, 46rem',
    });
    const [img] = selectAll('picture > img', tree);
    expect(img?.properties).toMatchObject({
      src: '/assets/abc/cleanshot.png',
      alt: 'The console',
      width: 2880,
      height: 1800,
    });
  });

  it('loads the first image of a page at once and the others lazily', async () => {
    const { tree } = await render(
      `![a](${SHOT})\n\n![b](.gitbook/assets/icon.png)\n\n![c](${SHOT})\n`,
    );
    const loading = selectAll('img', tree).map((img) => img.properties.loading ?? 'eager');
    expect(loading).toEqual(['eager', 'lazy', 'lazy']);
  });

  it('leaves a file without variants, and a picture the page wrote, as they are', async () => {
    const { tree } = await render(
      `![icon](.gitbook/assets/icon.png)\n\n<picture><source srcset="${SHOT}" media="(min-width: 60rem)"><img src=".gitbook/assets/icon.png" alt="x"></picture>\n`,
    );
    expect(selectAll('a.op-image-link', tree)).toHaveLength(0);
    const sources = selectAll('source', tree);
    expect(sources).toHaveLength(1);
    expect(sources[0]?.properties.type).toBeUndefined();
  });

  it('makes a dark-mode picture a pair of images the theme switches, each with its variants', async () => {
    const { tree } = await render(
      `Text first.\n\n<picture><source srcset="${SHOT}" media="(prefers-color-scheme: dark)"><img src="${SHOT}" alt="Console"></picture>\n`,
    );
    const links = selectAll('a.op-image-link', tree);
    expect(links.map((a) => a.properties.className)).toEqual([
      ['op-image-link', 'op-scheme-light'],
      ['op-image-link', 'op-scheme-dark'],
    ]);
    // Both lazy: the hidden one is then never fetched.
    expect(
      selectAll('img', tree).map((img) => [img.properties.alt, img.properties.loading]),
    ).toEqual([
      ['Console', 'lazy'],
      ['Console', 'lazy'],
    ]);
    expect(selectAll('a > picture > source[type="image/webp"]', tree)).toHaveLength(2);
    expect(selectAll('source[media]', tree)).toHaveLength(0);
  });

  it('does not put a link inside a link', async () => {
    const { tree } = await render(`[![a](${SHOT})](https://example.com/)\n`);
    expect(selectAll('a', tree)).toHaveLength(1);
    expect(selectAll('a > picture > source', tree)).toHaveLength(1);
  });

  it('sizes the variants by where the theme shows them', async () => {
    const sizes = async (markdown: string) =>
      selectAll('source[sizes]', (await render(markdown)).tree).map((s) => s.properties.sizes);
    expect(await sizes(`<img src="${SHOT}" width="300">\n`)).toEqual([
      '(max-width: 48rem) min(100vw, 300px), 300px',
    ]);
    expect(await sizes(`<img src="${SHOT}" width="50%">\n`)).toEqual([
      '(max-width: 48rem) 50vw, 23rem',
    ]);
    expect(
      await sizes(
        `{% columns %}\n{% column width="25%" %}\n![a](${SHOT})\n{% endcolumn %}\n{% column %}\nText\n{% endcolumn %}\n{% endcolumns %}\n`,
      ),
    ).toEqual(['(max-width: 48rem) 100vw, 11.5rem']);
    expect(
      await sizes(
        `<table data-view="cards"><thead><tr><th></th><th data-type="files" data-card-cover></th></tr></thead><tbody><tr><td>A</td><td><a href="${SHOT}">x</a></td></tr></tbody></table>\n`,
      ),
    ).toEqual(['(max-width: 48rem) 100vw, 15rem']);
  });

  it('takes nothing of the responsive markup from the page', async () => {
    const { html } = await render(
      `<img src="${SHOT}" srcset="javascript:alert(1) 1x" sizes="100vw" onerror="alert(1)">\n`,
    );
    expect(html).not.toMatch(/javascript:|onerror|alert/);
    expect(html).toContain('sizes="(max-width: 48rem) 100vw, 46rem"');
  });
});
