import { symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SiteFolderError } from '../../src/local-platform/errors.ts';
import { loadSiteFolder } from '../../src/local-platform/folder.ts';
import { MINIMAL, tempFolder } from './helpers.ts';

async function loadError(
  files: Record<string, string>,
  prepare?: (dir: string) => Promise<void>,
): Promise<Error> {
  const folder = await tempFolder(files);
  try {
    await prepare?.(folder.dir);
    await loadSiteFolder(folder.dir);
  } catch (error) {
    return error as Error;
  } finally {
    await folder.cleanup();
  }
  throw new Error('expected the folder to be rejected');
}

describe('loading a site folder', () => {
  it('loads the minimal folder', async () => {
    const folder = await tempFolder(MINIMAL);
    try {
      const model = await loadSiteFolder(folder.dir);
      expect(model.organization).toMatchObject({ id: 'org', title: 'Org' });
      expect(model.sites.map((s) => [s.id, s.visibility, s.published])).toEqual([
        ['site', 'public', true],
      ]);
      expect(model.sites[0]?.siteSpaces[0]).toMatchObject({
        id: 'main',
        space: 'docs',
        path: 'main',
        default: true,
      });
      expect(model.spaces.get('docs')?.title).toBe('docs');
    } finally {
      await folder.cleanup();
    }
  });

  it.each<[string, Record<string, string>, RegExp]>([
    [
      'no organization.yaml',
      { 'organization.yaml': undefined as unknown as string },
      /^organization\.yaml: missing \(required\)$/,
    ],
    [
      'an organization without title',
      { 'organization.yaml': 'id: org\n' },
      /^organization\.yaml: title: /,
    ],
    [
      'a site with a typo',
      { 'sites/site.yaml': 'title: Site\nsectons: []\n' },
      /^sites\/site\.yaml: .*sectons/,
    ],
    [
      'a site space of an unknown space',
      {
        'sites/site.yaml':
          'title: Site\nsections:\n  - id: s\n    title: Section\n    siteSpaces:\n      - { id: a, space: nope }\n',
      },
      /^sites\/site\.yaml: sections\[0\]\.siteSpaces\[0\]\.space: unknown space "nope"/,
    ],
    [
      'a section in an unknown group',
      {
        'sites/site.yaml':
          'title: Site\nsections:\n  - id: s\n    title: Section\n    group: g\n    siteSpaces: [{ id: a, space: docs }]\n',
      },
      /sections\[0\]\.group: unknown section group "g"/,
    ],
    [
      'two default sections',
      {
        'sites/site.yaml':
          'title: Site\nsections:\n  - { id: a, title: Aa, default: true, siteSpaces: [{ id: x, space: docs }] }\n  - { id: b, title: Bb, default: true, siteSpaces: [{ id: y, space: docs }] }\n',
      },
      /^sites\/site\.yaml: sections: more than one section is marked default/,
    ],
    [
      'duplicate site space ids',
      {
        'sites/site.yaml':
          'title: Site\nsiteSpaces:\n  - { id: a, space: docs }\n  - { id: a, space: docs, path: b }\n',
      },
      /siteSpaces\[1\]\.id: site space id "a" is already used by siteSpaces\[0\]\.id/,
    ],
    [
      'a bad section path',
      { 'sites/site.yaml': 'title: Site\nsiteSpaces:\n  - { id: a, space: docs, path: ../x }\n' },
      /siteSpaces\[0\]\.path: a path is one URL segment/,
    ],
    [
      'invalid YAML',
      { 'sites/site.yaml': 'title: [unclosed\n' },
      /^sites\/site\.yaml: invalid YAML/,
    ],
    [
      'a bad site id',
      { 'sites/bad id.yaml': 'title: Site\n' },
      /^sites\/bad id\.yaml: a site file name is its id/,
    ],
    [
      'no SUMMARY.md',
      { 'spaces/docs/SUMMARY.md': undefined as unknown as string },
      /^spaces\/docs\/SUMMARY\.md: missing/,
    ],
    [
      'a page file that is not there',
      { 'spaces/docs/SUMMARY.md': '* [Home](README.md)\n* [Gone](gone.md)\n' },
      /^spaces\/docs\/SUMMARY\.md: line 2: page file "gone\.md" not found/,
    ],
    [
      'a page listed twice',
      { 'spaces/docs/SUMMARY.md': '* [Home](README.md)\n* [Again](README.md)\n' },
      /line 2: page file "README\.md" is listed twice/,
    ],
    [
      'two pages with one path',
      {
        'spaces/docs/SUMMARY.md': '* [Home](README.md)\n* [A](a.md)\n* [A again](a/README.md)\n',
        'spaces/docs/a.md': '# A\n',
        'spaces/docs/a/README.md': '# A\n',
      },
      /^spaces\/docs\/a\/README\.md: page path "a" is already used by spaces\/docs\/a\.md/,
    ],
    [
      'a cover that is not there',
      { 'spaces/docs/README.md': '---\ncover: .gitbook/assets/nope.png\n---\n' },
      /^spaces\/docs\/README\.md: front matter cover: file "\.gitbook\/assets\/nope\.png" not found/,
    ],
    [
      'a space.yaml with a typo',
      { 'spaces/docs/space.yaml': 'titel: Docs\n' },
      /^spaces\/docs\/space\.yaml: .*titel/,
    ],
    [
      'a change request folder not named by a number',
      { 'spaces/docs/.change-requests/first/README.md': '# x\n' },
      /^spaces\/docs\/\.change-requests\/first: a change request folder is named by its number/,
    ],
    [
      'a change request with a bad status',
      { 'spaces/docs/.change-requests/1/change-request.yaml': 'status: done\n' },
      /^spaces\/docs\/\.change-requests\/1\/change-request\.yaml: status: /,
    ],
  ])('rejects %s, naming the file and field', async (_, overrides, message) => {
    const files = { ...MINIMAL, ...overrides };
    for (const [key, value] of Object.entries(files)) if (value === undefined) delete files[key];
    const error = await loadError(files);
    expect(error).toBeInstanceOf(SiteFolderError);
    expect(error.message).toMatch(message);
  });

  it('refuses a symbolic link that leaves the folder', async () => {
    const outside = await tempFolder({ 'secret.png': 'not for you' });
    try {
      const error = await loadError(MINIMAL, (dir) =>
        symlink(join(outside.dir, 'secret.png'), join(dir, 'spaces/docs/.gitbook-link.png')),
      );
      expect(error.message).toMatch(
        /^spaces\/docs\/\.gitbook-link\.png: symbolic link points outside the site folder/,
      );
    } finally {
      await outside.cleanup();
    }
  });

  it('refuses a site file linked from outside the folder', async () => {
    const outside = await tempFolder({ 'elsewhere.yaml': 'title: Elsewhere\n' });
    try {
      const error = await loadError(MINIMAL, (dir) =>
        symlink(join(outside.dir, 'elsewhere.yaml'), join(dir, 'sites/other.yaml')),
      );
      expect(error.message).toBe('sites/other.yaml: symbolic link points outside the site folder');
    } finally {
      await outside.cleanup();
    }
  });

  it('follows a symbolic link that stays inside the folder', async () => {
    const folder = await tempFolder({ ...MINIMAL, 'shared/logo.png': 'png' });
    try {
      await writeFile(
        join(folder.dir, 'spaces/docs/README.md'),
        '# Home\n\n![](.gitbook/assets/logo.png)\n',
      );
      const { mkdir } = await import('node:fs/promises');
      await mkdir(join(folder.dir, 'spaces/docs/.gitbook/assets'), { recursive: true });
      await symlink(
        join(folder.dir, 'shared/logo.png'),
        join(folder.dir, 'spaces/docs/.gitbook/assets/logo.png'),
      );
      const model = await loadSiteFolder(folder.dir);
      expect(model.spaces.get('docs')?.content.files.map((f) => f.name)).toEqual(['logo.png']);
    } finally {
      await folder.cleanup();
    }
  });
});
