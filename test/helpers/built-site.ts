import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { type StaticServer, serveStatic } from '../../src/serve/static.ts';

/** The example built by the global setup, served as a static host would serve it. */
export async function serveExample(): Promise<{
  server: StaticServer;
  outDir: string;
  base: string;
}> {
  const { outDir, cacheDir } = inject('exampleBuild');
  const site = JSON.parse(await readFile(path.join(cacheDir, 'snapshot', 'site.json'), 'utf8'));
  const base = site.site.basename ? `/${site.site.basename.replace(/^\/+|\/+$/g, '')}/` : '/';
  return { server: await serveStatic({ dir: outDir, base }), outDir, base };
}
