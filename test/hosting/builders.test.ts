import { describe, expect, it } from 'vitest';
import {
  HASHED_DIRS,
  headersFile,
  IMMUTABLE,
  MAX_RULES,
  REVALIDATE,
} from '../../src/hosting/headers.ts';
import { llmsTxt } from '../../src/hosting/llms.ts';
import { formatSize, llmsFullEntry } from '../../src/hosting/llms-full.ts';
import { markdownCopy, markdownFileFor, markdownUrlFor } from '../../src/hosting/markdown-copy.ts';
import { robotsTxt } from '../../src/hosting/robots.ts';
import { absoluteUrl, SiteUrlError, siteOrigin } from '../../src/hosting/site-url.ts';
import { sitemapXml } from '../../src/hosting/sitemap.ts';

describe('robots.txt', () => {
  it('allows a public site and names its sitemap', () => {
    expect(
      robotsTxt({
        indexed: true,
        base: '/docs/',
        sitemapUrl: 'https://d.example/docs/sitemap.xml',
      }),
    ).toBe('User-agent: *\nAllow: /\n\nSitemap: https://d.example/docs/sitemap.xml\n');
  });

  it('disallows everything under the base for a site that is not public, sitemap or not', () => {
    expect(robotsTxt({ indexed: false, base: '/', sitemapUrl: 'https://x.example/s.xml' })).toBe(
      'User-agent: *\nDisallow: /\n',
    );
    expect(robotsTxt({ indexed: false, base: '/docs/' })).toBe('User-agent: *\nDisallow: /docs/\n');
  });
});

describe('sitemap.xml', () => {
  it('lists absolute URLs with valid lastmod dates, escaped for XML', () => {
    const xml = sitemapXml([
      { loc: 'https://d.example/docs/', lastmod: '2024-01-01T00:00:00Z' },
      { loc: 'https://d.example/docs/a&b/?q=<x>', lastmod: 'not a date' },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(
      '<url><loc>https://d.example/docs/</loc><lastmod>2024-01-01T00:00:00.000Z</lastmod></url>',
    );
    expect(xml).toContain('<url><loc>https://d.example/docs/a&amp;b/?q=&lt;x&gt;</loc></url>');
    expect(xml.match(/<url>/g)).toHaveLength(2);
  });

  it('is an empty urlset without pages', () => {
    expect(sitemapXml([])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '</urlset>\n',
    );
  });
});

describe('_headers', () => {
  const file = headersFile({
    base: '/docs/',
    pageDirs: ['guides', 'api'],
    rootFiles: ['index.html', '404.html', 'robots.txt'],
  });
  const rules = new Map(
    file
      .split('\n\n')
      .map((block) => block.replace(/^#.*\n/gm, '').trim())
      .filter(Boolean)
      .map((block) => {
        const [pattern, header] = block.split('\n');
        return [pattern, header?.trim()];
      }),
  );

  it('makes hashed directories immutable for a year', () => {
    for (const dir of ['_astro', '_offprint', 'assets', 'pagefind/fragment', 'pagefind/index']) {
      expect(rules.get(`/docs/${dir}/*`)).toBe(`Cache-Control: ${IMMUTABLE}`);
    }
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
  });

  it("revalidates HTML and Pagefind's unhashed entry files", () => {
    for (const pattern of [
      '/docs/',
      '/docs/index.html',
      '/docs/404.html',
      '/docs/guides/*',
      '/docs/api/*',
      '/docs/robots.txt',
      '/docs/pagefind/pagefind.js',
      '/docs/pagefind/pagefind-worker.js',
      '/docs/pagefind/pagefind-entry.json',
      '/docs/pagefind/offprint-words/*',
    ]) {
      expect(rules.get(pattern), pattern).toBe(`Cache-Control: ${REVALIDATE}`);
    }
  });

  it('has no catch-all rule that would merge with the immutable ones', () => {
    expect([...rules.keys()].some((pattern) => pattern === '/*' || pattern === '/docs/*')).toBe(
      false,
    );
  });

  it('leaves HTML to the host when one rule per page directory would pass the rule limit', () => {
    const many = headersFile({
      base: '/',
      pageDirs: Array.from({ length: MAX_RULES }, (_, i) => `p${i}`),
      rootFiles: [],
    });
    expect(many).toContain('/_astro/*');
    expect(many).not.toContain('/p1/*');
    expect(many.match(/^\//gm)?.length).toBeLessThanOrEqual(MAX_RULES);
    expect(HASHED_DIRS).toContain('assets');
  });
});

describe('llms.txt', () => {
  it('has the llmstxt.org shape: H1, blockquote, H2 sections of linked pages', () => {
    const text = llmsTxt({
      title: 'Acme Docs',
      description: 'Rockets,\nfor everyone.',
      sections: [
        {
          title: 'Guides',
          pages: [
            { title: 'Install', url: 'https://d.example/install.md', description: 'Set it up.' },
            { title: 'Plain', url: '/plain.md' },
          ],
        },
        { title: 'Empty', pages: [] },
      ],
    });
    expect(text).toBe(
      [
        '# Acme Docs',
        '',
        '> Rockets, for everyone.',
        '',
        '## Guides',
        '',
        '- [Install](https://d.example/install.md): Set it up.',
        '- [Plain](/plain.md)',
        '',
      ].join('\n'),
    );
  });

  it('links llms-full.txt after the summary', () => {
    const text = llmsTxt({
      title: 'Acme Docs',
      fullUrl: 'https://d.example/docs/llms-full.txt',
      sections: [{ title: 'Guides', pages: [{ title: 'Install', url: '/install.md' }] }],
    });
    expect(text.split('\n').slice(0, 4)).toEqual([
      '# Acme Docs',
      '',
      'The text of every page below, in one file: [llms-full.txt](https://d.example/docs/llms-full.txt)',
      '',
    ]);
  });

  it('keeps untrusted titles and URLs from breaking the list', () => {
    const text = llmsTxt({
      title: '# Not a heading',
      sections: [
        {
          title: 'S',
          pages: [{ title: 'a](javascript:x) [b', url: '/a b(c).md', description: 'x\n## y' }],
        },
      ],
    });
    expect(text).toContain('# \\# Not a heading');
    expect(text).toContain('- [a\\](javascript:x) \\[b](/a%20b%28c%29.md): x ## y');
    expect(text.split('\n').filter((line) => line.startsWith('## '))).toEqual(['## S']);
  });
});

describe('llms-full.txt', () => {
  it('gives each page its copy with a Source line under the heading', () => {
    expect(llmsFullEntry('https://d.example/install/', '# Install\n\nRun it.\n')).toBe(
      '# Install\n\nSource: https://d.example/install/\n\nRun it.\n',
    );
    expect(llmsFullEntry('https://d.example/empty/', '# Empty\n')).toBe(
      '# Empty\n\nSource: https://d.example/empty/\n',
    );
  });

  it('sizes the file for the summary line', () => {
    expect([formatSize(812), formatSize(41_165), formatSize(3_250_000)]).toEqual([
      '812 B',
      '40.2 KiB',
      '3.1 MiB',
    ]);
  });
});

describe('.md copies', () => {
  it('sit beside the page directory', () => {
    expect(markdownFileFor('guides/install/index.html')).toBe('guides/install.md');
    expect(markdownFileFor('index.html')).toBe('index.md');
    expect(markdownUrlFor('/docs/guides/install/', '/docs/')).toBe('/docs/guides/install.md');
    expect(markdownUrlFor('/docs/', '/docs/')).toBe('/docs/index.md');
  });

  it('carry the title as their one H1', () => {
    expect(markdownCopy('Install', '# Install rocketctl\n\nRun it.\n')).toBe(
      '# Install\n\nRun it.\n',
    );
    expect(markdownCopy('Install', 'Run it.')).toBe('# Install\n\nRun it.\n');
    expect(markdownCopy('Empty', '')).toBe('# Empty\n');
    // A level-2 heading is content, not the title.
    expect(markdownCopy('T', '## Part\n')).toBe('# T\n\n## Part\n');
  });
});

describe('the site origin', () => {
  const base = '/docs/';

  it('comes from --site-url first, then the hostname, then urls.published', () => {
    expect(
      siteOrigin({
        flag: 'https://mirror.example/',
        hostname: 'docs.acme.example',
        published: 'https://acme.platform.example/docs/',
        base,
      }),
    ).toBe('https://mirror.example');
    expect(
      siteOrigin({ hostname: 'docs.acme.example', published: 'https://p.example/docs/', base }),
    ).toBe('https://docs.acme.example');
    expect(siteOrigin({ published: 'https://acme.platform.example/docs/', base })).toBe(
      'https://acme.platform.example',
    );
    expect(siteOrigin({ base })).toBeUndefined();
  });

  it('accepts a path in --site-url only when it is the base path', () => {
    expect(siteOrigin({ flag: 'https://x.example/docs', base })).toBe('https://x.example');
    expect(() => siteOrigin({ flag: 'https://x.example/other/', base })).toThrow(
      /--site-url path \/other\/ differs from the base path \/docs\//,
    );
  });

  it('refuses schemes other than http(s) and ignores them from the API', () => {
    for (const flag of ['javascript:alert(1)', 'ftp://x.example', 'not a url', '//x.example']) {
      expect(() => siteOrigin({ flag, base })).toThrow(SiteUrlError);
    }
    expect(siteOrigin({ published: 'javascript:alert(1)', base })).toBeUndefined();
  });

  it('makes site paths absolute and drops what cannot be', () => {
    expect(absoluteUrl('https://x.example', '/docs/a/')).toBe('https://x.example/docs/a/');
    expect(absoluteUrl(undefined, '/docs/a/')).toBeUndefined();
    expect(absoluteUrl('https://x.example', 'https://cdn.example/logo.png')).toBe(
      'https://cdn.example/logo.png',
    );
    expect(absoluteUrl('https://x.example', 'data:image/svg+xml,<svg>')).toBeUndefined();
    expect(absoluteUrl('https://x.example', '//evil.example/x')).toBeUndefined();
  });
});
