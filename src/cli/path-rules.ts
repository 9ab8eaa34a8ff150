import { readdirSync, realpathSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { existsOrLink, namesOf, outputFolder, whatIsThere } from '../render/output-folder.ts';
import { findConfig } from './config.ts';
import { UsageError } from './options.ts';

/**
 * Which folders a run may use, decided from the paths alone before any lock, request or work:
 * the output is replaced whole by every build (src/render/output.ts), so `--out` may name only a
 * folder Offprint wrote, an empty or a missing one, and never one that holds what the user or the
 * run itself needs (the working or home folder, the config file, the pages, the theme, the
 * cache). The cache gets the same care: never a folder of other files, never beside the output.
 * Paths are compared through their symbolic links, so a link to the home folder is the home
 * folder. The command line (run-guard.ts) and `check-config` word the same problems.
 */

export type PathKey = 'out' | 'cache' | 'pages' | 'theme';

/** A path as the user gave it, and where it leads. */
export interface NamedPath {
  given: string;
  absolute: string;
}

export type NamedPaths = Partial<Record<PathKey, NamedPath>>;

/** How a problem names a path: a flag on the command line, a key in the config file. */
export interface Naming {
  /** `--out dist`, `"out": "dist"`. */
  show(key: PathKey, given: string): string;
  /** What to change: `--out`, `"out"`. */
  option(key: PathKey): string;
}

export const FLAG_NAMING: Naming = {
  show: (key, given) => `--${key} ${given}`,
  option: (key) => `--${key}`,
};

export const CONFIG_NAMING: Naming = {
  show: (key, given) => `"${key}": "${given}"`,
  option: (key) => `"${key}"`,
};

export interface PathContext {
  cwd: string;
  home: string;
  /** The config file the run read, if any; or only its folder (check-config's values). */
  configFile?: string | undefined;
  configFolder?: string | undefined;
  naming: Naming;
  /** Whether to check that the pages and theme folders exist (check-config does it itself). */
  localFoldersExist?: boolean;
}

/**
 * What a cache folder of Offprint's holds (src/snapshot/store.ts: the snapshot link and the
 * snapshots; src/render: its records; run-guard.ts: the lock). One of them is enough: an
 * interrupted first pull leaves only some.
 */
const CACHE_ENTRIES = new Set(['snapshot', 'snapshots', 'render', 'offprint.lock']);

/** Every problem with the named paths, at most one per path, worded with `context.naming`. */
export function pathProblems(paths: NamedPaths, context: PathContext): string[] {
  const configFolder =
    context.configFolder ?? (context.configFile ? path.dirname(context.configFile) : undefined);
  const real = {
    cwd: realPath(context.cwd),
    home: realPath(context.home),
    config: configFolder ? realPath(configFolder) : undefined,
  };
  const reals = Object.fromEntries(
    Object.entries(paths).map(([key, named]) => [key, realPath(named.absolute)]),
  ) as Partial<Record<PathKey, string>>;
  const { show, option } = context.naming;
  const problems: string[] = [];

  /** What `dir` is that no run may replace or fill: the working or home folder, or one above. */
  const sacred = (dir: string): string | undefined => {
    if (dir === path.parse(dir).root) return 'the root folder';
    if (dir === real.home) return 'your home folder';
    if (dir === real.cwd) return 'the working folder';
    if (inside(dir, real.cwd)) return 'a folder that holds the working folder';
    if (inside(dir, real.home)) return 'a folder that holds your home folder';
    return undefined;
  };
  /** What of the user's `dir` holds: the config file, the pages or the theme folder. */
  const holdsUsers = (dir: string): string | undefined => {
    if (real.config && inside(dir, real.config))
      return context.configFile ? `the config file ${context.configFile}` : 'the config file';
    for (const key of ['pages', 'theme'] as const) {
      const named = paths[key];
      const at = reals[key];
      if (named && at && inside(dir, at)) return `the ${key} folder (${show(key, named.given)})`;
    }
    return undefined;
  };

  const out = paths.out;
  const outAt = reals.out;
  const cacheSacred = reals.cache ? sacred(reals.cache) : undefined;
  if (out && outAt) {
    const here = show('out', out.given);
    const elsewhere = `Offprint replaces ${option('out')} whole, so choose another ${option('out')} (a new or empty folder)`;
    const found = outputFolder(out.absolute);
    const cache = paths.cache;
    const cacheAt = reals.cache;
    const sacredOut = sacred(outAt);
    const holds = holdsUsers(outAt);
    const inLocal = (['pages', 'theme'] as const).find((key) => {
      const at = reals[key];
      return at && inside(at, outAt);
    });
    if (sacredOut) problems.push(`${here} is ${sacredOut}; ${elsewhere}`);
    else if (found.kind === 'not-a-folder')
      problems.push(`${here} is ${found.what}, not a folder; ${elsewhere}`);
    else if (holds) problems.push(`${here} holds ${holds}; ${elsewhere}`);
    else if (inLocal && paths[inLocal])
      problems.push(
        `${here} is inside the ${inLocal} folder (${show(inLocal, paths[inLocal].given)}), which the render reads; ${elsewhere}`,
      );
    else if (cache && cacheAt && !cacheSacred && inside(outAt, cacheAt))
      problems.push(
        `${here} holds the cache (${show('cache', cache.given)}), which a build would delete and publish with the site: keep ${option('cache')} outside ${option('out')}`,
      );
    else if (cache && cacheAt && !cacheSacred && inside(cacheAt, outAt))
      problems.push(
        `${here} is inside the cache (${show('cache', cache.given)}): keep ${option('out')} outside ${option('cache')}`,
      );
    else if (found.kind === 'other')
      problems.push(`${here} is ${whatIsThere(found)}; ${elsewhere}`);
  }

  const cache = paths.cache;
  const cacheAt = reals.cache;
  // An output and a cache that overlap are the output's problem, said once, above.
  const overlaps =
    !cacheSacred && outAt && cacheAt && (inside(outAt, cacheAt) || inside(cacheAt, outAt));
  if (cache && cacheAt && !overlaps) {
    const here = show('cache', cache.given);
    const elsewhere = `choose another ${option('cache')} (a new or empty folder)`;
    const holds = holdsUsers(cacheAt);
    const found = cacheFolder(cache.absolute);
    if (cacheSacred) problems.push(`${here} is ${cacheSacred}; ${elsewhere}`);
    else if (found.kind === 'not-a-folder')
      problems.push(`${here} is ${found.what}, not a folder; ${elsewhere}`);
    else if (holds) problems.push(`${here} holds ${holds}; ${elsewhere}`);
    else if (found.kind === 'other')
      problems.push(`${here} is ${whatIsThere(found)}; ${elsewhere}`);
  }

  if (context.localFoldersExist) {
    for (const key of ['pages', 'theme'] as const) {
      const named = paths[key];
      if (!named) continue;
      const found = existsOrLink(named.absolute)
        ? statSync(named.absolute, { throwIfNoEntry: false })
        : undefined;
      if (!found) problems.push(`${show(key, named.given)}: no such folder`);
      else if (!found.isDirectory()) problems.push(`${show(key, named.given)} is not a folder`);
    }
  }
  return problems;
}

/** Named paths of values relative to `base` (the working folder, or a config file's folder). */
export function namedPaths(
  values: Partial<Record<PathKey, string | undefined>>,
  base: string,
): NamedPaths {
  const named: NamedPaths = {};
  for (const [key, given] of Object.entries(values) as [PathKey, string | undefined][])
    if (given !== undefined) named[key] = { given, absolute: path.resolve(base, given) };
  return named;
}

/**
 * A command's paths, as its flags name them (relative to the working folder), and `--config`:
 * the first problem stops the command (exit 2) before it locks, starts or fetches anything.
 */
export function refuseUnsafePaths(
  values: Partial<Record<PathKey, string | undefined>> & { config?: string | undefined },
  cwd = process.cwd(),
): void {
  const { out, cache, pages, theme, config } = values;
  const [problem] = pathProblems(namedPaths({ out, cache, pages, theme }, cwd), {
    cwd,
    home: os.homedir(),
    configFile: findConfig(config, cwd),
    naming: FLAG_NAMING,
    localFoldersExist: true,
  });
  if (problem) throw new UsageError(problem);
}

/** The defaults of `--out` and `--cache` (commands/render.ts), which a config file may leave. */
const DEFAULT_PATHS = { out: 'dist', cache: '.offprint' } as const;

/**
 * `check-config`'s share: the problems a command would stop on with the file's `out`, `cache`,
 * `pages` and `theme` (relative to the file's folder, as `applyConfig` reads them; a default
 * relative to the working folder), worded as keys.
 */
export function configPathProblems(
  values: Partial<Record<PathKey, string | undefined>>,
  folder: string,
  cwd = process.cwd(),
): string[] {
  const paths = namedPaths({ pages: values.pages, theme: values.theme }, folder);
  for (const key of ['out', 'cache'] as const) {
    const given = values[key];
    paths[key] =
      given === undefined
        ? { given: DEFAULT_PATHS[key], absolute: path.resolve(cwd, DEFAULT_PATHS[key]) }
        : { given, absolute: path.resolve(folder, given) };
  }
  return pathProblems(paths, {
    cwd,
    home: os.homedir(),
    configFolder: folder,
    naming: CONFIG_NAMING,
  });
}

type CacheFolder =
  | { kind: 'usable' }
  | { kind: 'not-a-folder'; what: string }
  | { kind: 'other'; names: string[]; count: number };

/** A cache folder may be missing, empty, or one that holds what Offprint writes there. */
function cacheFolder(dir: string): CacheFolder {
  if (!existsOrLink(dir)) return { kind: 'usable' };
  const target = statSync(dir, { throwIfNoEntry: false });
  if (!target?.isDirectory())
    return { kind: 'not-a-folder', what: target?.isFile() ? 'a file' : 'not a folder' };
  const entries = readdirSync(dir, { withFileTypes: true });
  if (entries.length === 0 || entries.some((e) => CACHE_ENTRIES.has(e.name)))
    return { kind: 'usable' };
  return { kind: 'other', ...namesOf(entries) };
}

/** Whether `inner` is `outer` or lies within it. */
export function inside(outer: string, inner: string): boolean {
  const relative = path.relative(outer, inner);
  return (
    relative === '' ||
    (relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative))
  );
}

/**
 * Where `target` leads once every symbolic link on the way is followed; for a path that does
 * not exist yet, its nearest existing parent's, with the rest appended.
 */
export function realPath(target: string): string {
  const absolute = path.resolve(target);
  try {
    return realpathSync(absolute);
  } catch {
    const parent = path.dirname(absolute);
    if (parent === absolute) return absolute;
    return path.join(realPath(parent), path.basename(absolute));
  }
}
