import { randomBytes } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { AstroInlineConfig } from 'astro';
import pLimit from 'p-limit';
import { trimCompileCache } from '../utils/compile-cache.ts';
import { removeOnInterrupt } from '../utils/interrupt.ts';
import { PROJECT_ROOT } from '../utils/project-root.ts';
import { pauseForTest } from '../utils/test-pause.ts';
import { resolveThemeImport, type ThemeOverrides } from './theme-overrides.ts';

export const DEFAULT_THEME = path.join(PROJECT_ROOT, 'themes/default');

export interface AstroBuildOptions {
  /** Where Astro writes the site (a staging directory: the caller swaps it in). */
  outDir: string;
  base: string;
  /** Absolute site URL, for canonical links, when known. */
  site?: string;
  /** The build data directory (src/render/build-data.ts). */
  buildDataDir: string;
  /** Astro's and Vite's caches. */
  cacheDir: string;
  /** Local pages (`--pages`): the `.md`/`.mdx` file of each, by page key. */
  localPages?: Record<string, string>;
  /** Theme overrides (`--theme`): the `.astro` file of each overridden component. */
  themeOverrides?: ThemeOverrides;
  verbose?: boolean;
}

/**
 * Astro's build reads the process's working directory, which each build sets to a folder of its
 * own: two renders in one process (the library's `render`) run their Astro builds one at a time.
 */
const oneBuildAtATime = pLimit(1);

/** Runs Astro's static build of src/pages over the build data. */
export function runAstroBuild(options: AstroBuildOptions): Promise<void> {
  return oneBuildAtATime(() => runInOwnFolder(options));
}

async function runInOwnFolder(options: AstroBuildOptions): Promise<void> {
  // Astro would phone home otherwise; builds run offline.
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  const { build } = await import('astro');
  // Astro writes a static build's server chunks into outDir when outDir lies under the working
  // directory, else into `<cwd>/.astro/`: two renders at once would share that folder (one
  // deleting chunks under the other), and chunks in an outDir outside the project cannot
  // resolve its packages. So each build runs from a folder of its own inside the project.
  const cwd = process.cwd();
  const own = path.join(
    PROJECT_ROOT,
    '.astro',
    'builds',
    `${process.pid}-${randomBytes(4).toString('hex')}`,
  );
  const forget = removeOnInterrupt(own);
  await mkdir(own, { recursive: true });
  process.chdir(own);
  try {
    await buildSite(build, options);
  } finally {
    process.chdir(cwd);
    await rm(own, { recursive: true, force: true });
    forget();
    // The chunks it ran left entries in Node's compile cache under their own paths.
    await trimCompileCache();
  }
}

async function buildSite(
  build: typeof import('astro').build,
  options: AstroBuildOptions,
): Promise<void> {
  await build({
    root: PROJECT_ROOT,
    outDir: options.outDir,
    base: options.base,
    site: options.site,
    cacheDir: options.cacheDir,
    logLevel: options.verbose ? 'info' : 'error',
    // Only the user's own files (`--pages`) are compiled as MDX; API content never reaches it.
    // Without an `.mdx` page the integration is not loaded: its renderer, its Vite plugins and
    // its markdown processor would be set up for pages that never use them.
    integrations: usesMdx(options.localPages) ? [(await import('@astrojs/mdx')).default()] : [],
    vite: {
      cacheDir: path.join(options.cacheDir, 'vite'),
      plugins: [
        buildDataModule(options.buildDataDir),
        localPagesModule(options.localPages ?? {}),
        themeComponents(options.themeOverrides ?? {}),
        ...(process.env.OFFPRINT_TEST_PAUSE?.split(',').includes('astro') ? [pausedBuild()] : []),
      ],
      resolve: { alias: { '@theme': DEFAULT_THEME } },
      logLevel: options.verbose ? 'info' : 'error',
    },
  });
}

/** Whether any local page is an `.mdx` file (`.md` pages are Astro's own markdown). */
function usesMdx(localPages: Record<string, string> | undefined): boolean {
  return Object.values(localPages ?? {}).some((file) => /\.mdx$/i.test(file));
}

/** Astro's own Vite's plugin type (Vitest brings another Vite). */
type VitePlugin = NonNullable<NonNullable<AstroInlineConfig['vite']>['plugins']>[number] & {
  resolveId(id: string): string | undefined;
  load?(id: string): string | undefined;
};

/** The tests of interrupted runs stop Astro in the middle of its build (src/utils/test-pause.ts). */
function pausedBuild(): VitePlugin {
  return {
    name: 'offprint-test-pause',
    resolveId: () => undefined,
    writeBundle: () => pauseForTest('astro'),
  } as VitePlugin;
}

const LOCAL_PAGES_ID = 'virtual:offprint/local-pages';

/**
 * `import { localPages } from 'virtual:offprint/local-pages'`: for each local page's key, a
 * loader of its compiled `.md`/`.mdx` module (static import paths, so Vite bundles each).
 */
function localPagesModule(files: Record<string, string>): VitePlugin {
  return {
    name: 'offprint-local-pages',
    resolveId(id: string) {
      return id === LOCAL_PAGES_ID ? `\0${LOCAL_PAGES_ID}` : undefined;
    },
    load(id: string) {
      if (id !== `\0${LOCAL_PAGES_ID}`) return undefined;
      const entries = Object.entries(files).map(
        ([key, file]) => `  ${JSON.stringify(key)}: () => import(${JSON.stringify(file)}),`,
      );
      return `export const localPages = {\n${entries.join('\n')}\n};`;
    },
  };
}

/**
 * `offprint:components/<Name>` → the team's override, else the default theme's component;
 * `offprint:props` → the themes' public surface.
 */
function themeComponents(overrides: ThemeOverrides): VitePlugin {
  return {
    name: 'offprint-theme-components',
    enforce: 'pre',
    resolveId(id: string) {
      return resolveThemeImport(id, overrides);
    },
  };
}

const VIRTUAL_ID = 'virtual:offprint/build';

/** `import { buildDir } from 'virtual:offprint/build'`: where this build's data is. */
function buildDataModule(dir: string): VitePlugin {
  return {
    name: 'offprint-build-data',
    resolveId(id: string) {
      return id === VIRTUAL_ID ? `\0${VIRTUAL_ID}` : undefined;
    },
    load(id: string) {
      return id === `\0${VIRTUAL_ID}`
        ? `export const buildDir = ${JSON.stringify(dir)};`
        : undefined;
    },
  };
}
