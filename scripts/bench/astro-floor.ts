import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { reportFromChild } from './child.ts';

const CHILD = fileURLToPath(new URL('./astro-floor-child.ts', import.meta.url));
const ALONE_CHILD = fileURLToPath(new URL('./astro-alone-child.ts', import.meta.url));

/** One Astro build in a child process: the floor's, or the render's build data laid out alone. */
export interface AstroFloor {
  pages: number;
  /** Wall seconds of Astro's build. */
  seconds: number;
  /** CPU seconds (user + system) of the child process over Astro's build. */
  cpuSeconds: number;
}

export interface FloorPage {
  /** Astro's `[...slug]` param: the URL below the base; undefined at the root. */
  slug: string | undefined;
  title: string;
}

/**
 * Astro's trivial-template floor for a finished output: the same URLs as its pages, each laid
 * out by a one-line template that prints the page's title, built by the same Astro with the
 * same output options in a child process (so nothing else of the render shares its heap). The
 * render's astro phase over this is how far the theme's templating is from Astro's own cost.
 */
export async function astroFloor(outDir: string): Promise<AstroFloor> {
  const pages = await pagesOf(outDir);
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'offprint-astro-floor-'));
  const list = path.join(scratch, 'pages.json');
  await writeFile(list, JSON.stringify(pages));
  try {
    return await reportFromChild<AstroFloor>(CHILD, [list], 'astro floor');
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** Astro by itself laying out a render's build data (the render's astro phase, with nothing
 * of the render running beside it), in a child process; its output is removed. */
export async function astroAlone(buildDataDir: string): Promise<AstroFloor> {
  const scratch = await mkdtemp(path.join(os.tmpdir(), 'offprint-astro-alone-'));
  try {
    return await reportFromChild<AstroFloor>(ALONE_CHILD, [buildDataDir, scratch], 'astro alone');
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

const TITLE = /<title>([^<]*)<\/title>/;

/** Every page of the output (`…/index.html`) with its `<title>`, as the floor's page list. */
async function pagesOf(outDir: string): Promise<FloorPage[]> {
  const pages: FloorPage[] = [];
  for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    const relative = path.relative(outDir, entry.parentPath).split(path.sep).join('/');
    if (relative.startsWith('pagefind') || relative.startsWith('_astro')) continue;
    const html = await readFile(path.join(entry.parentPath, entry.name), 'utf8');
    pages.push({
      slug: relative === '' ? undefined : relative,
      title: TITLE.exec(html)?.[1] ?? '',
    });
  }
  return pages;
}
