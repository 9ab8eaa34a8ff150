import { readFile, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { type StaticServer, serveStatic } from '../../src/serve/static.ts';
import { normalizeBase } from '../../src/site/paths.ts';
import { copyFolder } from './fs.ts';

/** The base path a render of the snapshot in `cacheDir` used: the site's `basename`, as the model normalizes it. */
export async function snapshotBase(cacheDir: string): Promise<string> {
  const site = JSON.parse(await readFile(path.join(cacheDir, 'snapshot', 'site.json'), 'utf8'));
  return normalizeBase(site.site.basename);
}

/** The example built by the global setup, served as a static host would serve it. */
export async function serveExample(): Promise<{
  server: StaticServer;
  outDir: string;
  base: string;
}> {
  const { outDir, cacheDir } = inject('exampleBuild');
  const base = await snapshotBase(cacheDir);
  return { server: await serveStatic({ dir: outDir, base }), outDir, base };
}

/**
 * A copy of the global setup's example cache in `dir/cache`, its snapshot's site customizations
 * changed by `edit`: a render of it shows what the components make of them, with no pull.
 */
export async function exampleCacheWithCustomizations(
  dir: string,
  edit: (customizations: Record<string, unknown>) => void,
): Promise<string> {
  const cacheDir = await copyFolder(inject('exampleBuild').cacheDir, path.join(dir, 'cache'));
  const siteFile = path.join(await realpath(path.join(cacheDir, 'snapshot')), 'site.json');
  const site = JSON.parse(await readFile(siteFile, 'utf8'));
  edit(site.customizations.site);
  await writeFile(siteFile, JSON.stringify(site));
  return cacheDir;
}
