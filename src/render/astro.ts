import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroInlineConfig } from 'astro';

/** The Offprint package: where astro.config.mjs, src/pages and themes/ live. */
export const PROJECT_ROOT = fileURLToPath(new URL('../../', import.meta.url));
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
  verbose?: boolean;
}

/** Runs Astro's static build of src/pages over the build data. */
export async function runAstroBuild(options: AstroBuildOptions): Promise<void> {
  // Astro would phone home otherwise; builds run offline.
  process.env.ASTRO_TELEMETRY_DISABLED = '1';
  const { build } = await import('astro');
  await build({
    root: PROJECT_ROOT,
    outDir: options.outDir,
    base: options.base,
    site: options.site,
    cacheDir: options.cacheDir,
    logLevel: options.verbose ? 'info' : 'error',
    vite: {
      cacheDir: path.join(options.cacheDir, 'vite'),
      plugins: [buildDataModule(options.buildDataDir)],
      resolve: { alias: { '@theme': DEFAULT_THEME } },
      logLevel: options.verbose ? 'info' : 'error',
    },
  });
}

/** Astro's own Vite's plugin type (Vitest brings another Vite). */
type VitePlugin = NonNullable<NonNullable<AstroInlineConfig['vite']>['plugins']>[number] & {
  resolveId(id: string): string | undefined;
  load(id: string): string | undefined;
};

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
