/**
 * The links of a page's `.md` copy, as real sites write them: found and resolved by the render
 * (src/markdown/copy-links.ts), put in place by the hosting phase (`spliceCopyLinks`), the
 * target page's copy URL standing in for its HTML URL.
 */
import { describe, expect, it } from 'vitest';
import { spliceCopyLinks } from '../../src/hosting/copy-urls.ts';
import { markdownUrlFor } from '../../src/hosting/markdown-copy.ts';
import { type CopyLink, createTableResolver, renderMarkdown } from '../../src/markdown/index.ts';

const APP = 'https://app.gitbook.com';

/** Two spaces: the guides at the site's root, the API under a URL prefix (`/docs/api/`). */
const resolver = createTableResolver({
  spaceId: 'guides',
  pages: [
    { id: 'p-home', path: 'README.md', pagePath: '', url: '/docs/', title: 'Home' },
    {
      id: 'p-start',
      path: 'getting-started/README.md',
      pagePath: 'getting-started',
      url: '/docs/getting-started/',
      title: 'Getting started',
    },
    {
      id: 'p-install',
      path: 'getting-started/install.md',
      pagePath: 'getting-started/install',
      url: '/docs/getting-started/install/',
      title: 'Install',
    },
    {
      id: 'a-home',
      spaceId: 'api',
      path: 'README.md',
      pagePath: '',
      url: '/docs/api/',
      title: 'API',
    },
    {
      id: 'a-auth',
      spaceId: 'api',
      path: 'reference/auth.md',
      pagePath: 'reference/auth',
      url: '/docs/api/reference/auth/',
      title: 'Auth',
    },
  ],
  files: [
    {
      id: 'f-img',
      path: '.gitbook/assets/image (1).png',
      url: '/docs/assets/0123456789abcdef/image-1.png',
      name: 'image (1).png',
    },
    {
      id: 'f-pdf',
      path: '.gitbook/assets/Spec sheet (v2).pdf',
      url: '/docs/assets/fedcba9876543210/Spec%20sheet%20(v2).pdf',
      name: 'Spec sheet (v2).pdf',
    },
  ],
});

const ORIGIN = 'https://docs.example.com';
/** What the hosting phase does: a page's copy URL (every page here has one), the origin before. */
const target = (link: CopyLink) => {
  const url = link.page ? markdownUrlFor(link.url, '/docs/') : link.url;
  return `${ORIGIN}${url}${link.anchor ? `#${encodeURIComponent(link.anchor)}` : ''}`;
};

async function copyOf(markdown: string, currentPath: string): Promise<string> {
  const result = await renderMarkdown(markdown, { resolver, currentPath, highlighter: false });
  return spliceCopyLinks(markdown, result.copyLinks, target);
}

describe('.md copies: links', () => {
  it('lead from a README page to its neighbours’ copies, one level up from its folder', async () => {
    const copy = await copyOf(
      '[Install](install.md) and [home](../README.md), [this](./) and [up](../)\n',
      'getting-started/README.md',
    );
    expect(copy).toBe(
      `[Install](${ORIGIN}/docs/getting-started/install.md) and [home](${ORIGIN}/docs/index.md), ` +
        `[this](${ORIGIN}/docs/getting-started.md) and [up](${ORIGIN}/docs/index.md)\n`,
    );
  });

  it('lead an app URL to its page in a space under a prefix, anchor kept', async () => {
    const copy = await copyOf(
      `See [auth](${APP}/s/api/reference/auth#api-keys "mention") and [the API](${APP}/s/api/).\n`,
      'getting-started/install.md',
    );
    expect(copy).toBe(
      `See [auth](${ORIGIN}/docs/api/reference/auth.md#api-keys "mention") and [the API](${ORIGIN}/docs/api.md).\n`,
    );
  });

  it('keep anchors, encoded, and leave same-page anchors and other sites as written', async () => {
    const copy = await copyOf(
      '[a](install.md#step-2) [b](<install.md#café au lait>) [c](#local) [d](https://example.org/x.md)\n',
      'getting-started/README.md',
    );
    expect(copy).toBe(
      `[a](${ORIGIN}/docs/getting-started/install.md#step-2) ` +
        `[b](<${ORIGIN}/docs/getting-started/install.md#caf%C3%A9%20au%20lait>) ` +
        '[c](#local) [d](https://example.org/x.md)\n',
    );
  });

  it('lead files whose names hold spaces and parentheses to the site’s copies, in every form', async () => {
    const markdown = [
      '![Shot](<../.gitbook/assets/image (1).png> "A title")',
      '',
      '<img src="../.gitbook/assets/image%20(1).png" alt="">',
      '',
      '{% file src="../.gitbook/assets/Spec sheet (v2).pdf" %}',
      'The spec',
      '{% endfile %}',
      '',
      '[The sheet][sheet]',
      '',
      '[sheet]: <../.gitbook/assets/Spec sheet (v2).pdf>',
      '',
    ].join('\n');
    const copy = await copyOf(markdown, 'getting-started/install.md');
    const img = `${ORIGIN}/docs/assets/0123456789abcdef/image-1.png`;
    const pdf = `${ORIGIN}/docs/assets/fedcba9876543210/Spec%20sheet%20%28v2%29.pdf`;
    expect(copy).toBe(
      [
        `![Shot](<${img}> "A title")`,
        '',
        `<img src="${img}" alt="">`,
        '',
        `{% file src="${pdf}" %}`,
        'The spec',
        '{% endfile %}',
        '',
        '[The sheet][sheet]',
        '',
        `[sheet]: <${pdf}>`,
        '',
      ].join('\n'),
    );
  });

  it('lead content-refs, cards and buttons like links, and leave code and broken links as written', async () => {
    const markdown = [
      '{% content-ref url="install.md" %}',
      '[install.md](install.md)',
      '{% endcontent-ref %}',
      '',
      '<a href="install.md" class="button primary">Go</a>',
      '',
      '`[not a link](install.md)`',
      '',
      '```md',
      '[sample](install.md)',
      '```',
      '',
      '[gone](missing.md)',
      '',
    ].join('\n');
    const copy = await copyOf(markdown, 'getting-started/README.md');
    const install = `${ORIGIN}/docs/getting-started/install.md`;
    expect(copy).toBe(
      markdown
        .replace('url="install.md"', `url="${install}"`)
        .replace('](install.md)\n{%', `](${install})\n{%`)
        .replace('href="install.md"', `href="${install}"`),
    );
  });

  it('resolve links where the HTML does: the copy’s targets are the HTML’s', async () => {
    const markdown = `[a](install.md#x) [b](${APP}/s/api/reference/auth) ![c](<../.gitbook/assets/image (1).png>)\n`;
    const result = await renderMarkdown(markdown, {
      resolver,
      currentPath: 'getting-started/README.md',
      highlighter: false,
    });
    const hrefs = [...result.html.matchAll(/(?:href|src)="([^"]+)"/g)].map((m) => m[1]);
    expect(result.copyLinks.map((l) => `${l.url}${l.anchor ? `#${l.anchor}` : ''}`)).toEqual(hrefs);
  });
});
