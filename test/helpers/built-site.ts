import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { type StaticServer, serveStatic } from '../../src/serve/static.ts';
import { normalizeBase } from '../../src/site/paths.ts';

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
