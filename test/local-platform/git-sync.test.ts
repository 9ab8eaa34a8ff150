import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlatformClient } from '../../src/api/client.ts';
import type { LocalPlatform } from '../../src/local-platform/server.ts';
import { editLinkOf } from '../../src/site/edit-links.ts';
import { MINIMAL, start, TOKEN, tempFolder } from './helpers.ts';

/**
 * `space.yaml`'s `language` and `gitSync`, served as the platform shapes them: the space's
 * `language` and `gitSync` (`url` the repository tree at the branch and directory), the current
 * revision's `git` (`ref`), each page's `git.path`; read back through the client's schemas.
 */
const FILES = {
  ...MINIMAL,
  'sites/site.yaml':
    'title: Site\nsiteSpaces:\n  - id: main\n    space: docs\n  - id: fr\n    space: docs-fr\n',
  'spaces/docs/space.yaml':
    'title: Docs\ngitSync:\n  provider: gitlab\n  repository: https://gitlab.com/acme/docs.git\n  branch: release/v2\n  directory: /site/docs/\n',
  'spaces/docs/SUMMARY.md':
    '# Table of contents\n\n* [Home](README.md)\n* [Install](setup/install.md)\n',
  'spaces/docs/setup/install.md': '# Install\n',
  'spaces/docs-fr/space.yaml': 'title: Docs FR\nlanguage: fr\n',
  'spaces/docs-fr/SUMMARY.md': '# Table des matières\n\n* [Accueil](README.md)\n',
  'spaces/docs-fr/README.md': '# Accueil\n',
};

describe('a Git-synced space and a language in the local platform', () => {
  let folder: Awaited<ReturnType<typeof tempFolder>>;
  let platform: LocalPlatform;
  let client: PlatformClient;
  beforeAll(async () => {
    folder = await tempFolder(FILES);
    platform = await start({ dir: folder.dir, token: TOKEN });
    client = new PlatformClient({ apiUrl: platform.url, token: TOKEN });
  });
  afterAll(async () => {
    await platform?.close();
    await folder?.cleanup();
  });

  it('serves gitSync, the revision’s ref and the pages’ paths, which make the edit link', async () => {
    const space = await client.request('getSpace', { spaceId: 'docs' });
    expect(space.gitSync).toEqual({
      repoName: 'acme/docs',
      installationProvider: 'gitlab',
      integration: 'gitlab',
      url: 'https://gitlab.com/acme/docs/-/blob/release/v2/site/docs/',
      updatedAt: expect.any(String),
    });
    expect(space.language).toBeUndefined();
    const revision = await client.request('getRevision', {
      spaceId: 'docs',
      revisionId: space.revision,
    });
    expect(revision.git).toMatchObject({
      ref: 'refs/heads/release/v2',
      createdByService: 'gitlab',
      oid: expect.stringMatching(/^[0-9a-f]{40}$/),
    });
    const install = revision.pages.find((page) => page.title === 'Install');
    expect(install?.git?.path).toBe('setup/install.md');
    expect(
      editLinkOf({ gitSync: space.gitSync, revisionGit: revision.git }, install?.git?.path)?.url,
    ).toBe('https://gitlab.com/acme/docs/-/blob/release/v2/site/docs/setup/install.md');
  });

  it('serves a space’s language, and no git data for a space that is not synced', async () => {
    const space = await client.request('getSpace', { spaceId: 'docs-fr' });
    expect(space.language).toBe('fr');
    expect(space.gitSync).toBeUndefined();
    const revision = await client.request('getRevision', {
      spaceId: 'docs-fr',
      revisionId: space.revision,
    });
    expect(revision.git).toBeUndefined();
  });
});
