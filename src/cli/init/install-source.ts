import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { offprintVersion } from './files.ts';

/**
 * The devDependency `offprint init` writes: what this running Offprint was installed from, so
 * that the `npm install` after it installs the same package. npm records where each package came
 * from in the lock file of the folder it installed into (a project's, or npx's own folder under
 * npm's cache): `resolved` is a `file:` path for a tarball, a git URL for a git install, a
 * registry URL otherwise. Only the registry can serve `^VERSION`; anything else is pinned as it is.
 */

/** The root of this package: `…/node_modules/offprint` when installed. */
const PACKAGE_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The lock files npm writes in the folder it installed into: its own record first. */
const LOCK_FILES = ['node_modules/.package-lock.json', 'package-lock.json'];

/** A registry's tarball of this package: `https://registry.npmjs.org/offprint/-/offprint-0.1.0.tgz`. */
const REGISTRY_TARBALL = /\/offprint\/-\/offprint-[^/]+\.tgz$/;

/** The spec for package.json's devDependencies, for a docs repository in `repoDir`. */
export function offprintSpec(repoDir: string, packageRoot = PACKAGE_ROOT): string {
  const registry = `^${offprintVersion()}`;
  const source = installedFrom(packageRoot);
  if (!source) return registry;
  if (source.resolved.startsWith('file:')) {
    const target = path.resolve(source.installDir, source.resolved.slice('file:'.length));
    const relative = path.relative(realDir(repoDir), target).split(path.sep).join('/');
    return `file:${relative}`;
  }
  if (/^git[+:]/.test(source.resolved)) return source.resolved;
  // A tarball at a URL of its own (`npx https://…/offprint-0.1.0.tgz`) is no registry's.
  if (/^https?:/.test(source.resolved) && !REGISTRY_TARBALL.test(source.resolved))
    return source.resolved;
  return registry;
}

interface InstallSource {
  /** The folder npm installed into, whose node_modules holds the package. */
  installDir: string;
  /** The lock file's `resolved` for the package. */
  resolved: string;
}

/**
 * Where npm says the package at `packageRoot` came from, or nothing when it was not installed by
 * npm (a checkout of Offprint, another package manager, a lock file npm did not write).
 */
export function installedFrom(packageRoot: string): InstallSource | undefined {
  const root = path.resolve(packageRoot);
  // The folder npm installed into is the one whose lock file names the package by its path
  // from there: `node_modules/offprint`, or deeper when it is a dependency's dependency.
  for (let dir = path.dirname(root); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const key = path.relative(dir, root).split(path.sep).join('/');
    if (!key.startsWith('node_modules/')) continue;
    for (const file of LOCK_FILES) {
      const resolved = lockedResolved(path.join(dir, file), key);
      if (resolved) return { installDir: dir, resolved };
    }
  }
  return undefined;
}

function lockedResolved(file: string, key: string): string | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const lock = JSON.parse(readFileSync(file, 'utf8')) as {
      packages?: Record<string, { resolved?: unknown }>;
    };
    const resolved = lock.packages?.[key]?.resolved;
    return typeof resolved === 'string' ? resolved : undefined;
  } catch {
    // A lock file npm is writing, or one edited by hand: no record, as without one.
    return undefined;
  }
}

/**
 * The folder's real path, as the package's own (from its module URL) is: a relative path
 * between them is then right through symlinks. `init DIR` may name a folder it creates.
 */
function realDir(dir: string): string {
  const absolute = path.resolve(dir);
  if (existsSync(absolute)) return realpathSync(absolute);
  const parent = path.dirname(absolute);
  return parent === absolute ? absolute : path.join(realDir(parent), path.basename(absolute));
}
