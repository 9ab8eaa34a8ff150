import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { offprintVersion } from '../../src/cli/init/files.ts';
import { offprintSpec } from '../../src/cli/init/install-source.ts';
import { tempDir } from '../helpers/fs.ts';

/**
 * What `offprint init` pins as the devDependency, read from the lock file of the folder npm
 * installed Offprint into: real folders laid out as npx's cache and a project leave them.
 */

let dir: string;
let cleanup: () => Promise<void>;
beforeEach(async () => {
  ({ dir, cleanup } = await tempDir('offprint-install-source-'));
});
afterEach(() => cleanup());

/** An install of Offprint in `installDir/<key>`, recorded in `lockFile` as from `resolved`. */
async function installed(
  installDir: string,
  resolved: string,
  { key = 'node_modules/offprint', lockFile = 'node_modules/.package-lock.json' } = {},
): Promise<string> {
  const root = path.join(installDir, key);
  await mkdir(root, { recursive: true });
  await mkdir(path.dirname(path.join(installDir, lockFile)), { recursive: true });
  const lock = {
    name: 'x',
    lockfileVersion: 3,
    packages: { [key]: { version: '0.1.0', resolved } },
  };
  await writeFile(path.join(installDir, lockFile), JSON.stringify(lock));
  return root;
}

describe("init's devDependency for Offprint", () => {
  it("is the tarball npx ran, as a path from the docs repository (npx's own lock file)", async () => {
    // npx installs into a folder under npm's cache and records the tarball relative to it.
    const npx = path.join(dir, 'npm-cache/_npx/0123456789abcdef');
    const root = await installed(npx, 'file:../../../projects/offprint/offprint-0.1.0.tgz', {
      lockFile: 'package-lock.json',
    });
    const repo = path.join(dir, 'projects/acme-docs');
    await mkdir(repo, { recursive: true });
    expect(offprintSpec(repo, root)).toBe('file:../offprint/offprint-0.1.0.tgz');
    // A DIR that init creates, deeper down.
    expect(offprintSpec(path.join(repo, 'site/docs'), root)).toBe(
      'file:../../../offprint/offprint-0.1.0.tgz',
    );
  });

  it('is the same tarball when the docs repository is reached through a symlink', async () => {
    const root = await installed(path.join(dir, 'cache'), `file:${path.join(dir, 'offprint.tgz')}`);
    await mkdir(path.join(dir, 'real/acme-docs'), { recursive: true });
    await symlink(path.join(dir, 'real'), path.join(dir, 'link'));
    expect(offprintSpec(path.join(dir, 'link/acme-docs'), root)).toBe('file:../../offprint.tgz');
  });

  it('is the git URL and commit a git install resolved to', async () => {
    const url =
      'git+ssh://git@github.com/acme/offprint.git#0123456789abcdef0123456789abcdef01234567';
    const root = await installed(path.join(dir, 'project'), url);
    expect(offprintSpec(path.join(dir, 'repo'), root)).toBe(url);
  });

  it('is a tarball URL of its own as it is, and a registry tarball as ^VERSION', async () => {
    const own = await installed(path.join(dir, 'a'), 'https://example.test/dl/offprint-0.1.0.tgz');
    expect(offprintSpec(dir, own)).toBe('https://example.test/dl/offprint-0.1.0.tgz');
    const registry = await installed(
      path.join(dir, 'b'),
      'https://registry.npmjs.org/offprint/-/offprint-0.1.0.tgz',
    );
    expect(offprintSpec(dir, registry)).toBe(`^${offprintVersion()}`);
  });

  it("finds a dependency's own Offprint in the project's lock file", async () => {
    const root = await installed(path.join(dir, 'project'), `file:${path.join(dir, 'o.tgz')}`, {
      key: 'node_modules/docs-kit/node_modules/offprint',
      lockFile: 'package-lock.json',
    });
    expect(offprintSpec(path.join(dir, 'repo'), root)).toBe('file:../o.tgz');
  });

  it('is ^VERSION from a checkout, with no lock file, or with an unreadable one', async () => {
    // This checkout: not under a node_modules folder.
    expect(offprintSpec(dir)).toBe(`^${offprintVersion()}`);
    const root = path.join(dir, 'pnpm/node_modules/offprint');
    await mkdir(root, { recursive: true });
    expect(offprintSpec(dir, root)).toBe(`^${offprintVersion()}`);
    await writeFile(path.join(dir, 'pnpm/package-lock.json'), '{"packages": ');
    expect(offprintSpec(dir, root)).toBe(`^${offprintVersion()}`);
  });
});
