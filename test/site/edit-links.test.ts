import { describe, expect, it } from 'vitest';
import { editLinkOf, gitLocation } from '../../src/site/edit-links.ts';

describe('edit links: where a Git-synced page file is', () => {
  it('joins a GitHub tree URL (branch and project directory in it) to the page path', () => {
    const source = {
      gitSync: {
        installationProvider: 'github',
        url: 'https://github.com/acme/docs/blob/main/guides/',
      },
      revisionGit: { ref: 'refs/heads/main' },
    };
    expect(editLinkOf(source, 'getting-started/install.md')).toEqual({
      url: 'https://github.com/acme/docs/blob/main/guides/getting-started/install.md',
      providerName: 'GitHub',
    });
    // A `/tree/` URL names the same folder: the link still names the file.
    expect(
      editLinkOf({ gitSync: { url: 'https://github.com/acme/docs/tree/main' } }, 'README.md')?.url,
    ).toBe('https://github.com/acme/docs/blob/main/README.md');
  });

  it('writes GitLab links with /-/blob/, from a tree URL or from the repository and the ref', () => {
    expect(
      editLinkOf(
        {
          gitSync: {
            installationProvider: 'gitlab',
            url: 'https://gitlab.com/acme/docs/-/tree/docs/site',
          },
        },
        'intro.md',
      ),
    ).toEqual({
      url: 'https://gitlab.com/acme/docs/-/blob/docs/site/intro.md',
      providerName: 'GitLab',
    });
    expect(
      editLinkOf(
        {
          gitSync: { integration: 'gitlab-sync', url: 'https://gitlab.example.org/team/handbook' },
          revisionGit: { ref: 'refs/heads/main' },
        },
        'a/b.md',
      )?.url,
    ).toBe('https://gitlab.example.org/team/handbook/-/blob/main/a/b.md');
  });

  it('reads a repository URL ending in .git (https or scp-like) with the revision ref as branch', () => {
    const https = {
      gitSync: { url: 'https://github.com/acme/docs.git' },
      revisionGit: { ref: 'refs/heads/main' },
    };
    expect(editLinkOf(https, 'README.md')).toEqual({
      url: 'https://github.com/acme/docs/blob/main/README.md',
      providerName: 'GitHub',
    });
    const scp = { gitSync: { url: 'git@github.com:acme/docs.git' }, revisionGit: { ref: 'main' } };
    expect(editLinkOf(scp, 'README.md')?.url).toBe(
      'https://github.com/acme/docs/blob/main/README.md',
    );
    // No branch known for a bare repository URL: no link rather than a wrong one.
    expect(
      editLinkOf({ gitSync: { url: 'https://github.com/acme/docs.git' } }, 'README.md'),
    ).toBeUndefined();
  });

  it('finds the root directory after a branch with a slash, from the ref', () => {
    expect(
      gitLocation({
        gitSync: { url: 'https://github.com/acme/docs/blob/release/v2/docs/api' },
        revisionGit: { ref: 'refs/heads/release/v2' },
      }),
    ).toEqual({
      provider: 'github',
      repository: 'https://github.com/acme/docs',
      branch: 'release/v2',
      root: 'docs/api',
    });
  });

  it('encodes the path, and gives no link without a file, a URL, or with a path that climbs', () => {
    const source = { gitSync: { url: 'https://github.com/acme/docs/blob/main/' } };
    expect(editLinkOf(source, 'how to/Q&A #1.md')?.url).toBe(
      'https://github.com/acme/docs/blob/main/how%20to/Q%26A%20%231.md',
    );
    expect(editLinkOf(source, undefined)).toBeUndefined();
    expect(editLinkOf(source, '../secrets.md')).toBeUndefined();
    expect(editLinkOf({ gitSync: {} }, 'a.md')).toBeUndefined();
    expect(editLinkOf({ gitSync: { url: 'javascript:alert(1)' } }, 'a.md')).toBeUndefined();
  });

  it('names an unknown host "Git"', () => {
    expect(
      editLinkOf({ gitSync: { url: 'https://git.example.org/acme/docs/tree/main' } }, 'a.md'),
    ).toEqual({ url: 'https://git.example.org/acme/docs/blob/main/a.md', providerName: 'Git' });
  });
});
