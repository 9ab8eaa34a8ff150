/**
 * The fixed resolver every markdown test renders with: a small space "docs" (current page
 * `guides/page.md`) and one other space "other".
 */
import {
  createTableResolver,
  type Resolver,
  type TableResolverData,
} from '../../src/markdown/index.ts';

export const CURRENT_PATH = 'guides/page.md';

export const testResolverData: TableResolverData = {
  spaceId: 'docs',
  pages: [
    { id: 'p-home', path: 'README.md', pagePath: '', url: '/', title: 'Home' },
    {
      id: 'p-guides',
      path: 'guides/README.md',
      pagePath: 'guides',
      url: '/guides/',
      title: 'Guides',
      emoji: '📘',
    },
    {
      id: 'p-page',
      path: 'guides/page.md',
      pagePath: 'guides/page',
      url: '/guides/page/',
      title: 'This page',
    },
    {
      id: 'p-install',
      path: 'guides/install.md',
      pagePath: 'guides/install',
      url: '/guides/install/',
      title: 'Install the CLI',
    },
    {
      id: 'p-auth',
      path: 'api/auth.md',
      pagePath: 'api/auth',
      url: '/api/auth/',
      title: 'Authentication',
      icon: 'key',
    },
    {
      id: 'p-spaces',
      path: 'intro.md',
      pagePath: 'intro',
      url: '/other/intro/',
      title: 'Other space intro',
      spaceId: 'other',
    },
  ],
  files: [
    {
      id: 'f-logo',
      path: '.gitbook/assets/logo.png',
      url: '/assets/logo.5d41402a.png',
      name: 'logo.png',
      size: 12_345,
      contentType: 'image/png',
      width: 640,
      height: 480,
    },
    {
      id: 'f-logo-dark',
      path: '.gitbook/assets/logo-dark.png',
      url: '/assets/logo-dark.7b8b965a.png',
      name: 'logo-dark.png',
      size: 12_001,
      contentType: 'image/png',
    },
    {
      id: 'f-shot',
      path: '.gitbook/assets/image (1).png',
      url: '/assets/image-1.0cc175b9.png',
      name: 'image (1).png',
      contentType: 'image/png',
      width: 1200,
      height: 800,
    },
    {
      id: 'f-report',
      path: '.gitbook/assets/report.pdf',
      url: '/assets/report.92eb5ffe.pdf',
      name: 'report.pdf',
      size: 2_621_440,
      contentType: 'application/pdf',
      downloadURL: 'https://files.example.com/report.pdf',
    },
  ],
  reusableContents: [
    {
      id: 'rc-snippet',
      path: '.gitbook/includes/snippet.md',
      markdown:
        '{% hint style="info" %}\nShared **snippet** with a [link](../../guides/install.md).\n{% endhint %}\n',
    },
    {
      id: 'rc-nested',
      path: '.gitbook/includes/nested.md',
      markdown: 'Before.\n\n{% include "snippet.md" %}\n\nAfter.\n',
    },
    {
      id: 'rc-cycle-a',
      path: '.gitbook/includes/cycle-a.md',
      markdown: 'A says hi.\n\n{% include "cycle-b.md" %}\n',
    },
    {
      id: 'rc-cycle-b',
      path: '.gitbook/includes/cycle-b.md',
      markdown: 'B says hi.\n\n{% include "cycle-a.md" %}\n',
    },
    {
      id: 'rc-broken',
      path: '.gitbook/includes/broken.md',
      markdown: 'See [a missing page](../../nowhere.md) and ![img](../assets/missing.png).\n',
    },
  ],
};

export const testResolver: Resolver = createTableResolver(testResolverData);
