import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import { type Document, parseDocument } from 'yaml';
import { pull } from '../../src/pull/index.ts';
import { type RenderPdfOptions, type RenderResult, render } from '../../src/render/index.ts';
import { type StaticServer, serveStatic } from '../../src/serve/static.ts';
import { snapshotBase } from './built-site.ts';
import { copyFolder, tempDir } from './fs.ts';
import { EXAMPLE_DIR, startPlatform, TOKEN } from './platform.ts';

export interface CustomizedBuild {
  result: RenderResult;
  outDir: string;
  /** The snapshot and render caches. */
  cacheDir: string;
  server: StaticServer;
  /** A page's URL on the static server, from its path under the base. */
  at(page: string): string;
  close(): Promise<void>;
}

/**
 * The example rebuilt after `edit` changed a copy of its site file (examples/site/sites/docs.yaml):
 * pulled from the local platform over HTTP, rendered, and served as a static host would. It
 * starts from a copy of the cache the global setup's build left (test/global-setup.ts), as a
 * team's next build does: the pull fetches what the edit changed, and the render reuses the
 * pages' markdown, the drawn diagrams and the image variants that the edit leaves as they were.
 */
export async function buildCustomized(
  edit: (site: Document) => void,
  options: {
    feedbackUrl?: string;
    /** `SPACE:NUMBER`: build with that change request's content. */
    changeRequest?: { spaceId: string; changeRequestId: string };
    /** Print PDFs too, as `build --pdf` does. */
    pdf?: RenderPdfOptions;
    /** `--theme`: a folder of `.astro` files overriding the default theme's components. */
    themeDir?: string;
    /** Changes the copied site folder's files (images, pages) before the platform serves it. */
    prepare?: (folder: string) => Promise<void>;
  } = {},
): Promise<CustomizedBuild> {
  const temp = await tempDir();
  const folder = await copyFolder(EXAMPLE_DIR, path.join(temp.dir, 'site'));
  const file = path.join(folder, 'sites', 'docs.yaml');
  const doc = parseDocument(await readFile(file, 'utf8'));
  edit(doc);
  await writeFile(file, doc.toString());
  await options.prepare?.(folder);
  const platform = await startPlatform({ dir: folder });
  try {
    const organizationId = platform.model.organizations()[0]?.id as string;
    const siteId = platform.model.sites().find((s) => s.visibility === 'public')?.id as string;
    const cacheDir = await copyFolder(
      inject('exampleBuild').cacheDir,
      path.join(temp.dir, 'cache'),
    );
    const outDir = path.join(temp.dir, 'dist');
    await pull({
      apiUrl: platform.url,
      token: TOKEN,
      organizationId,
      siteId,
      cacheDir,
      ...(options.changeRequest ? { changeRequest: options.changeRequest } : {}),
    });
    const result = await render({
      cacheDir,
      outDir,
      feedbackUrl: options.feedbackUrl,
      ...(options.themeDir ? { themeDir: options.themeDir } : {}),
      ...(options.pdf ? { pdf: options.pdf } : {}),
    });
    const server = await serveStatic({ dir: outDir, base: await snapshotBase(cacheDir) });
    return {
      result,
      outDir,
      cacheDir,
      server,
      at: (page) => new URL(page, server.url).href,
      close: async () => {
        await server.close();
        await temp.cleanup();
      },
    };
  } finally {
    await platform.close();
  }
}
