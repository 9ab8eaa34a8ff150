/**
 * The links of a page's `.md` copy, as real sites write them: found and resolved by the render
 * (src/markdown/copy-links.ts), put in place by the hosting phase (`spliceCopyLinks`), the
 * target page's copy URL standing in for its HTML URL.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { init, parse } from 'es-module-lexer';
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

  it('lead the link inside a card where the card leads: a card names its page by id, its link by a path the page has left', async () => {
    const markdown = [
      '{% content-ref url="/spaces/api/pages/a-auth" %}',
      `[Auth](${APP}/s/api/reference/old-auth)`,
      '{% endcontent-ref %}',
      '',
      `[after the card](${APP}/s/api/reference/old-auth)`,
      '',
    ].join('\n');
    const copy = await copyOf(markdown, 'getting-started/README.md');
    const auth = `${ORIGIN}/docs/api/reference/auth.md`;
    expect(copy).toBe(
      markdown
        .replace('url="/spaces/api/pages/a-auth"', `url="${auth}"`)
        .replace(`[Auth](${APP}/s/api/reference/old-auth)`, `[Auth](${auth})`),
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

const INSTALL = `${ORIGIN}/docs/getting-started/install.md`;

describe('.md copies: links from the render’s own parse', () => {
  it('follow the tree the HTML was made from, not a second reading of the markdown', async () => {
    // Alone, the definition would be part of the hint's paragraph, and the math a link: the
    // line pass puts tags on lines of their own and the render reads `$$` as math, so the HTML
    // links `[the guide]` and shows the math as math. The copy does the same.
    const markdown = [
      '{% hint style="info" %}',
      'See [the guide][guide] and $$[x](install.md)$$.',
      '{% endhint %}',
      '[guide]: install.md',
      '',
    ].join('\n');
    const result = await renderMarkdown(markdown, {
      resolver,
      currentPath: 'getting-started/README.md',
      highlighter: false,
    });
    expect(result.html).toContain('href="/docs/getting-started/install/"');
    expect(result.html).not.toContain('href="/docs/getting-started/install/">x');
    expect(spliceCopyLinks(markdown, result.copyLinks, target)).toBe(
      markdown.replace('[guide]: install.md', `[guide]: ${INSTALL}`),
    );
  });

  it('leave what the HTML shows as code or text as written: an indented line, front matter, a huge line', async () => {
    const markdown = [
      '---',
      'description: see [the guide](install.md)',
      '---',
      '{% hint style="info" %}',
      '    [sample](install.md)',
      '{% endhint %}',
      '',
      `${'word '.repeat(4100)}[far](install.md)`,
      '',
      '[near](install.md)',
      '',
    ].join('\n');
    expect(await copyOf(markdown, 'getting-started/README.md')).toBe(
      markdown.replace('[near](install.md)', `[near](${INSTALL})`),
    );
  });
});

describe('.md copies: links where the line pass moved the text', () => {
  const cases: [string, string][] = [
    [
      'text on a tag line',
      '{% hint style="info" %}See [a](install.md) and ![b](<../.gitbook/assets/image (1).png>){% endhint %}\n',
    ],
    [
      'tags in list items and quotes',
      '- {% content-ref url="install.md" %} [a](install.md) {% endcontent-ref %}\n> {% hint %} [b](install.md)\n> {% endhint %}\n',
    ],
    [
      'the same text twice on a tag line',
      '{% tab %}[a](install.md){% endtab %}{% tab %}[a](install.md){% endtab %}\n',
    ],
    [
      'indentation past 128 columns',
      `<div>\n${' '.repeat(140)}<a href="install.md">a</a>\n</div>\n`,
    ],
    [
      'Windows and old Mac line ends',
      '[a](install.md)\r\n\r\n{% hint %}\r\n[b](install.md)\r\n{% endhint %}\r[c](install.md)\r',
    ],
    ['control characters the render drops', 'a\u0001b [a](install.md) \u0085 [b](install.md)\n'],
    ['a byte order mark', '\uFEFF[a](install.md) and [b](install.md)\n'],
    [
      'a table cell',
      '| a | b |\n|---|---|\n| [a](install.md) | ![b](<../.gitbook/assets/image (1).png>) |\n',
    ],
    [
      'HTML across tag lines',
      '{% hint %}\n<img src="../.gitbook/assets/image%20(1).png">\n{% endhint %}\n<a href="install.md">a</a>\n',
    ],
  ];
  it.each(cases)('%s', async (_, markdown) => {
    const img = `${ORIGIN}/docs/assets/0123456789abcdef/image-1.png`;
    const expected = markdown
      .replaceAll(/\]\(install\.md\)/g, `](${INSTALL})`)
      .replaceAll('url="install.md"', `url="${INSTALL}"`)
      .replaceAll('href="install.md"', `href="${INSTALL}"`)
      .replaceAll('<../.gitbook/assets/image (1).png>', `<${img}>`)
      .replaceAll('"../.gitbook/assets/image%20(1).png"', `"${img}"`);
    expect(await copyOf(markdown, 'getting-started/README.md')).toBe(expected);
  });
});

/** The packages `file` loads, through the modules of src/ it loads (type imports are erased). */
function packagesLoaded(file: string, seen = new Set<string>()): Set<string> {
  const packages = new Set<string>();
  if (seen.has(file)) return packages;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const { n: specifier, ss, se } of parse(text)[0]) {
    if (!specifier || /^import\s+type\b/.test(text.slice(ss, se))) continue;
    if (!specifier.startsWith('.')) packages.add(specifier);
    else
      for (const found of packagesLoaded(path.join(path.dirname(file), specifier), seen))
        packages.add(found);
  }
  return packages;
}

describe('.md copies: the scan', () => {
  it('parses no markdown of its own: it loads no markdown parser', async () => {
    await init;
    const file = path.join(import.meta.dirname, '../../src/markdown/copy-links.ts');
    const parsers = [...packagesLoaded(file)].filter((name) =>
      /^(micromark|remark-|mdast-util-from-markdown|unified$)/.test(name),
    );
    expect(parsers).toEqual([]);
  });
});
