import { readdirSync, realpathSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { existsOrLink, namesOf, outputFolder, whatIsThere } from '../render/output-folder.ts';
import { findConfig } from './config.ts';
import { DEFAULT_PATHS, UsageError } from './options.ts';

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
  const scene = sceneOf(paths, context);
  return [
    outputProblem(scene),
    cacheProblem(scene),
    ...(context.localFoldersExist ? localFolderProblems(scene) : []),
  ].filter((problem) => problem !== undefined);
}

/** The named paths with where each leads, and the folders they are compared with. */
interface Scene {
  paths: NamedPaths;
  real: Partial<Record<PathKey, string>>;
  naming: Naming;
  /** What no run may replace or fill (the working or home folder, or one above), if `dir` is. */
  sacred(dir: string): string | undefined;
  /** What of the user's `dir` holds: the config file, the pages or the theme folder. */
  holdsUsers(dir: string): string | undefined;
}

function sceneOf(paths: NamedPaths, context: PathContext): Scene {
  const configFolder =
    context.configFolder ?? (context.configFile ? path.dirname(context.configFile) : undefined);
  const cwd = realPath(context.cwd);
  const home = realPath(context.home);
  const config = configFolder ? realPath(configFolder) : undefined;
  const real = Object.fromEntries(
    Object.entries(paths).map(([key, named]) => [key, realPath(named.absolute)]),
  ) as Partial<Record<PathKey, string>>;
  return {
    paths,
    real,
    naming: context.naming,
    sacred(dir) {
      if (dir === path.parse(dir).root) return 'the root folder';
      if (dir === home) return 'your home folder';
      if (dir === cwd) return 'the working folder';
      if (inside(dir, cwd)) return 'a folder that holds the working folder';
      if (inside(dir, home)) return 'a folder that holds your home folder';
      return undefined;
    },
    holdsUsers(dir) {
      if (config && inside(dir, config))
        return context.configFile ? `the config file ${context.configFile}` : 'the config file';
      for (const key of LOCAL_KEYS) {
        const named = paths[key];
        const at = real[key];
        if (named && at && inside(dir, at))
          return `the ${key} folder (${context.naming.show(key, named.given)})`;
      }
      return undefined;
    },
  };
}

const LOCAL_KEYS = ['pages', 'theme'] as const;

/** Whether `--cache` is one of the folders no run may fill: then it is the cache's problem. */
function cacheIsSacred(scene: Scene): boolean {
  return scene.real.cache !== undefined && scene.sacred(scene.real.cache) !== undefined;
}

function outputProblem(scene: Scene): string | undefined {
  const { paths, real, naming } = scene;
  const out = paths.out;
  const outAt = real.out;
  if (!out || !outAt) return undefined;
  const here = naming.show('out', out.given);
  const elsewhere = `Offprint replaces ${naming.option('out')} whole, so choose another ${naming.option('out')} (a new or empty folder)`;
  const sacred = scene.sacred(outAt);
  if (sacred) return `${here} is ${sacred}; ${elsewhere}`;
  const found = outputFolder(out.absolute);
  if (found.kind === 'not-a-folder') return `${here} is ${found.what}, not a folder; ${elsewhere}`;
  const holds = scene.holdsUsers(outAt);
  if (holds) return `${here} holds ${holds}; ${elsewhere}`;
  // An output inside the pages would be read back as pages by the next render.
  for (const key of LOCAL_KEYS) {
    const named = paths[key];
    const at = real[key];
    if (named && at && inside(at, outAt))
      return `${here} is inside the ${key} folder (${naming.show(key, named.given)}), which the render reads; ${elsewhere}`;
  }
  const cache = paths.cache;
  const cacheAt = real.cache;
  if (cache && cacheAt && !cacheIsSacred(scene)) {
    if (inside(outAt, cacheAt))
      return `${here} holds the cache (${naming.show('cache', cache.given)}), which a build would delete and publish with the site: keep ${naming.option('cache')} outside ${naming.option('out')}`;
    if (inside(cacheAt, outAt))
      return `${here} is inside the cache (${naming.show('cache', cache.given)}): keep ${naming.option('out')} outside ${naming.option('cache')}`;
  }
  if (found.kind === 'other') return `${here} is ${whatIsThere(found)}; ${elsewhere}`;
  return undefined;
}

function cacheProblem(scene: Scene): string | undefined {
  const { paths, real, naming } = scene;
  const cache = paths.cache;
  const cacheAt = real.cache;
  if (!cache || !cacheAt) return undefined;
  // An output and a cache that overlap are the output's problem, said once (outputProblem).
  const outAt = real.out;
  if (outAt && !cacheIsSacred(scene) && (inside(outAt, cacheAt) || inside(cacheAt, outAt)))
    return undefined;
  const here = naming.show('cache', cache.given);
  const elsewhere = `choose another ${naming.option('cache')} (a new or empty folder)`;
  const sacred = scene.sacred(cacheAt);
  if (sacred) return `${here} is ${sacred}; ${elsewhere}`;
  const found = cacheFolder(cache.absolute);
  if (found.kind === 'not-a-folder') return `${here} is ${found.what}, not a folder; ${elsewhere}`;
  const holds = scene.holdsUsers(cacheAt);
  if (holds) return `${here} holds ${holds}; ${elsewhere}`;
  if (found.kind === 'other') return `${here} is ${whatIsThere(found)}; ${elsewhere}`;
  return undefined;
}

/** `--pages` and `--theme` are folders that exist. */
function localFolderProblems(scene: Scene): string[] {
  const problems: string[] = [];
  for (const key of LOCAL_KEYS) {
    const named = scene.paths[key];
    if (!named) continue;
    const found = existsOrLink(named.absolute)
      ? statSync(named.absolute, { throwIfNoEntry: false })
      : undefined;
    const here = scene.naming.show(key, named.given);
    if (!found) problems.push(`${here}: no such folder`);
    else if (!found.isDirectory()) problems.push(`${here} is not a folder`);
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
