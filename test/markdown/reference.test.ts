import { describe, expect, it } from 'vitest';
import { parseReference, resolvePath } from '../../src/markdown/index.ts';

const ctx = { currentPath: 'guides/install.md' };

describe('parseReference', () => {
  const cases: [
    string,
    ReturnType<typeof parseReference>,
    Parameters<typeof parseReference>[1]?,
  ][] = [
    ['auth.md', { kind: 'page', path: 'guides/auth.md', raw: 'auth.md' }],
    [
      '../api/auth.md#tokens',
      { kind: 'page', path: 'api/auth.md', anchor: 'tokens', raw: '../api/auth.md#tokens' },
    ],
    [
      './auth.md?x=1#a%20b',
      { kind: 'page', path: 'guides/auth.md', anchor: 'a b', raw: './auth.md?x=1#a%20b' },
    ],
    ['#local', { kind: 'page', path: 'guides/install.md', anchor: 'local', raw: '#local' }],
    ['./', { kind: 'page', path: 'guides/README.md', raw: './' }],
    ['../', { kind: 'page', path: 'README.md', raw: '../' }],
    ['../../../../x.md', { kind: 'page', path: 'x.md', raw: '../../../../x.md' }],
    ['quickstart', { kind: 'page', path: 'guides/quickstart.md', raw: 'quickstart' }],
    ['/guides/x.md', { kind: 'page', path: 'guides/x.md', raw: '/guides/x.md' }],
    ['/pages/abc123', { kind: 'page', pageId: 'abc123', raw: '/pages/abc123' }],
    [
      '/spaces/S1/pages/P1#a',
      { kind: 'page', pageId: 'P1', spaceId: 'S1', anchor: 'a', raw: '/spaces/S1/pages/P1#a' },
    ],
    ['/broken/pages/P9', { kind: 'page', pageId: 'P9', raw: '/broken/pages/P9' }],
    ['/files/F1', { kind: 'file', fileId: 'F1', raw: '/files/F1' }],
    [
      '/spaces/S1/files/F1',
      { kind: 'file', fileId: 'F1', spaceId: 'S1', raw: '/spaces/S1/files/F1' },
    ],
    ['/reusable-content/R1', { kind: 'reusable-content', id: 'R1', raw: '/reusable-content/R1' }],
    [
      '../.gitbook/includes/x.md',
      {
        kind: 'reusable-content',
        path: '.gitbook/includes/x.md',
        raw: '../.gitbook/includes/x.md',
      },
    ],
    [
      '../.gitbook/assets/image%20(1).png',
      {
        kind: 'file',
        path: '.gitbook/assets/image (1).png',
        raw: '../.gitbook/assets/image%20(1).png',
      },
    ],
    [
      'files/report.pdf',
      { kind: 'file', path: 'guides/files/report.pdf', raw: 'files/report.pdf' },
    ],
    [
      'https://app.gitbook.com/o/ORG/s/SPACE/guides/x#top',
      {
        kind: 'page',
        spaceId: 'SPACE',
        pagePath: 'guides/x',
        anchor: 'top',
        raw: 'https://app.gitbook.com/o/ORG/s/SPACE/guides/x#top',
      },
    ],
    [
      'https://app.gitbook.com/s/SPACE/',
      { kind: 'page', spaceId: 'SPACE', pagePath: '', raw: 'https://app.gitbook.com/s/SPACE/' },
    ],
    [
      'https://app.gitbook.com/s/SPACE/~/changes/1',
      {
        kind: 'url',
        url: 'https://app.gitbook.com/s/SPACE/~/changes/1',
        raw: 'https://app.gitbook.com/s/SPACE/~/changes/1',
      },
    ],
    [
      'http://localhost:4000/s/SP/a/b',
      { kind: 'page', spaceId: 'SP', pagePath: 'a/b', raw: 'http://localhost:4000/s/SP/a/b' },
      { currentPath: 'x.md', appOrigins: ['http://localhost:4000'] },
    ],
    [
      'https://example.com/s/SP/a',
      { kind: 'url', url: 'https://example.com/s/SP/a', raw: 'https://example.com/s/SP/a' },
    ],
    [
      'https://cdn.example.com/a.png',
      { kind: 'file', url: 'https://cdn.example.com/a.png', raw: 'https://cdn.example.com/a.png' },
      { currentPath: 'x.md', as: 'file' },
    ],
    [
      'https://example.com/a.png',
      { kind: 'url', url: 'https://example.com/a.png', raw: 'https://example.com/a.png' },
    ],
    ['mailto:a@b.c', { kind: 'url', url: 'mailto:a@b.c', raw: 'mailto:a@b.c' }],
    [
      'javascript:alert(1)',
      { kind: 'url', url: 'javascript:alert(1)', raw: 'javascript:alert(1)' },
    ],
    [
      '//cdn.example.com/x',
      { kind: 'url', url: '//cdn.example.com/x', raw: '//cdn.example.com/x' },
    ],
    ['/api/status', { kind: 'url', url: '/api/status', raw: '/api/status' }],
    ['%E0%A4%A', { kind: 'page', path: 'guides/%E0%A4%A.md', raw: '%E0%A4%A' }],
  ];
  for (const [href, expected, context] of cases) {
    it(href, () => {
      expect(parseReference(href, context ?? ctx)).toEqual(expected);
    });
  }
});

describe('resolvePath', () => {
  it('joins and normalises', () => {
    expect(resolvePath('a/b', '../c/./d.md')).toBe('a/c/d.md');
    expect(resolvePath('a', '/x/y.md')).toBe('x/y.md');
    expect(resolvePath('', '../../x')).toBe('x');
  });
});
