import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSiteFolder } from '../../src/local-platform/folder.ts';
import { stableId } from '../../src/local-platform/ids.ts';
import type { DocumentPage, FolderPage } from '../../src/local-platform/model.ts';
import { pagePathFromFile, parsePageFile } from '../../src/local-platform/pages.ts';
import { FIXTURE } from './helpers.ts';

function flatten(pages: FolderPage[]): FolderPage[] {
  return pages.flatMap((page) => [page, ...flatten(page.children)]);
}

describe('page paths', () => {
  it.each([
    ['README.md', undefined, 'readme'],
    ['readme.md', undefined, 'readme'],
    ['index.md', undefined, 'index'],
    ['getting-started/quickstart.md', undefined, 'getting-started/quickstart'],
    ['getting-started/README.md', undefined, 'getting-started'],
    ['getting-started/index.md', undefined, 'getting-started'],
    ['a/b/c/Deep Page.md', undefined, 'a/b/c/Deep Page'],
    ['guides/install.md', 'setup', 'guides/setup'],
    ['guides/README.md', 'start', 'start'],
    ['README.md', 'home', 'home'],
  ])('%s (slug %s) → %s', (file, slug, path) => {
    expect(pagePathFromFile(file, slug)).toBe(path);
  });
});

describe('front matter', () => {
  it('becomes page fields, with layout defaults and the cover resolved from the page folder', () => {
    const { body, fields } = parsePageFile(
      [
        '---',
        'description: Install the CLI.',
        'emoji: 1234',
        'hidden: true',
        'noIndex: true',
        'cover: ../.gitbook/assets/cover.png',
        'coverY: -20',
        'updatedAt: 2025-03-14T09:30:00+01:00',
        'layout:',
        '  width: wide',
        '  cover: { visible: true, size: full }',
        '  pagination: { visible: false }',
        '  metadata: { visible: false }',
        '  actions: { visible: false }',
        'unknownKey: kept out',
        '---',
        '# Install',
      ].join('\n'),
      'guides/install.md',
      'spaces/s/guides/install.md',
    );
    expect(body).toBe('# Install');
    expect(fields).toEqual({
      description: 'Install the CLI.',
      emoji: '1234',
      hidden: true,
      noIndex: true,
      noRobotsIndex: false,
      cover: '.gitbook/assets/cover.png',
      coverY: -20,
      updatedAt: '2025-03-14T08:30:00.000Z',
      layout: {
        width: 'wide',
        cover: true,
        coverSize: 'full',
        title: true,
        description: true,
        tableOfContents: true,
        outline: true,
        pagination: false,
        metadata: false,
        // Absent: shown, as on the platform.
        tags: true,
        actions: false,
      },
    });
  });

  it('reads a background cover with its dark-mode image and height', () => {
    const text = [
      '---',
      'cover: ../.gitbook/assets/dusk.png',
      'coverDark: ../.gitbook/assets/night.png',
      'coverHeight: 320',
      'layout: { cover: { size: background } }',
      '---',
      '# Sites',
    ].join('\n');
    const { fields } = parsePageFile(text, 'concepts/sites.md', 'spaces/s/concepts/sites.md');
    expect(fields).toMatchObject({
      cover: '.gitbook/assets/dusk.png',
      coverDark: '.gitbook/assets/night.png',
      coverHeight: 320,
      layout: { cover: true, coverSize: 'background' },
    });
  });

  it('defaults without front matter', () => {
    const { body, fields } = parsePageFile('# Plain\n', 'plain.md', 'spaces/s/plain.md');
    expect(body).toBe('# Plain\n');
    expect(fields.hidden).toBe(false);
    expect(fields.layout.cover).toBe(false);
  });

  it.each([
    ['---\nhidden: yes please\n---\n', /spaces\/s\/p\.md: front matter hidden: /],
    ['---\nlayout: { width: huge }\n---\n', /front matter layout\.width: /],
    ['---\nupdatedAt: last tuesday\n---\n', /front matter updatedAt: /],
    ['---\ncoverHeight: -5\n---\n', /front matter coverHeight: /],
    ['---\nslug: a/b\n---\n', /front matter slug: a slug is one URL segment/],
    ['---\n: : :\n---\n', /spaces\/s\/p\.md: front matter: invalid YAML/],
    ['---\n- a list\n---\n', /front matter: expected a YAML mapping/],
  ])('rejects %j naming the file and key', (text, message) => {
    expect(() => parsePageFile(text, 'p.md', 'spaces/s/p.md')).toThrow(message);
  });
});

describe('ids and page tree of the fixture', () => {
  it('are hashes of space and path: stable across loads, distinct across spaces', async () => {
    const first = await loadSiteFolder(FIXTURE);
    const second = await loadSiteFolder(FIXTURE);
    const guides = first.spaces.get('guides')?.content;
    expect(guides).toBeDefined();
    const ids = flatten(guides?.pages ?? []).map((p) => p.id);
    expect(flatten(second.spaces.get('guides')?.content.pages ?? []).map((p) => p.id)).toEqual(ids);
    expect(new Set(ids).size).toBe(ids.length);
    expect(guides?.pageIdByFile.get('README.md')).toBe(stableId('page', 'guides', 'README.md'));
    expect(first.spaces.get('legacy')?.content.pageIdByFile.get('README.md')).not.toBe(
      guides?.pageIdByFile.get('README.md'),
    );
    expect(second.spaces.get('guides')?.content.revisionId).toBe(guides?.revisionId);
  });

  it('gives every kind of page the fields of the folder', async () => {
    const model = await loadSiteFolder(FIXTURE);
    const content = model.spaces.get('guides')?.content;
    const pages = flatten(content?.pages ?? []);
    const byTitle = new Map(pages.map((p) => [p.title, p]));
    const doc = (title: string) => byTitle.get(title) as DocumentPage;

    expect(content?.pages.map((p) => `${p.type}:${p.title}`)).toEqual([
      'document:Welcome',
      'document:Getting started',
      'document:Secret page',
      'group:Reference',
    ]);
    // Three levels deep, with a slug replacing the last segment.
    expect(doc('Troubleshooting').path).toBe('getting-started/install/fixes');
    expect(doc('Troubleshooting').slug).toBe('fixes');
    expect(doc('Getting started').path).toBe('getting-started');
    expect(doc('Welcome').path).toBe('readme');
    expect(doc('Welcome').icon).toBe('house');
    expect(doc('Secret page')).toMatchObject({ hidden: true, noIndex: true, noRobotsIndex: true });
    expect(doc('Getting started').cover).toEqual({
      file: content?.filesByPath.get('.gitbook/assets/logo.png')?.id,
      yPos: 12,
    });
    expect(doc('Getting started').layout).toMatchObject({
      width: 'wide',
      coverSize: 'full',
      outline: false,
    });

    const group = byTitle.get('Reference');
    expect(group).toMatchObject({ type: 'group', path: 'reference', slug: 'reference' });
    expect(group?.children.map((c) => c.type)).toEqual(['document', 'link']);
    expect(byTitle.get('Status page')).toMatchObject({
      type: 'link',
      url: 'https://status.acme.example',
    });
  });

  it('changes the revision id exactly when a file changes', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'offprint-local-rev-'));
    try {
      await cp(FIXTURE, dir, { recursive: true });
      const before = await loadSiteFolder(dir);
      await writeFile(join(dir, 'spaces/legacy/README.md'), '# Legacy docs, edited\n');
      const after = await loadSiteFolder(dir);
      expect(after.spaces.get('legacy')?.content.revisionId).not.toBe(
        before.spaces.get('legacy')?.content.revisionId,
      );
      expect(after.spaces.get('guides')?.content.revisionId).toBe(
        before.spaces.get('guides')?.content.revisionId,
      );
      // Same page file, new content: the page keeps its id.
      expect(after.spaces.get('legacy')?.content.pageIdByFile.get('README.md')).toBe(
        before.spaces.get('legacy')?.content.pageIdByFile.get('README.md'),
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
