import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { EXAMPLE_DIR, startLocalPlatform } from '../../src/local-platform/server.ts';
import { pull } from '../../src/pull/index.ts';
import { render } from '../../src/render/index.ts';
import { normalizeBase } from '../../src/site/paths.ts';

export interface ExampleBuild {
  cacheDir: string;
  outDir: string;
  /** The site's URL path (`/docs/`), where its pages are served. */
  base: string;
}

/** The example's public site pulled from the local platform and rendered into `work`. */
export async function buildExample(work: string): Promise<ExampleBuild> {
  const token = 'bench-token';
  const platform = await startLocalPlatform({ dir: EXAMPLE_DIR, port: 0, token });
  try {
    const organizationId = platform.model.organizations()[0]?.id as string;
    const siteId = platform.model.sites().find((s) => s.visibility === 'public')?.id as string;
    const cacheDir = path.join(work, 'cache');
    const outDir = path.join(work, 'dist');
    await pull({ apiUrl: platform.url, token, organizationId, siteId, cacheDir });
    await render({ cacheDir, outDir });
    const site = JSON.parse(await readFile(path.join(cacheDir, 'snapshot', 'site.json'), 'utf8'));
    return { cacheDir, outDir, base: normalizeBase(site.site.basename) };
  } finally {
    await platform.close();
  }
}
