import { readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { folderOwnerIsGone } from '../utils/process-alive.ts';
import { PROJECT_ROOT } from '../utils/project-root.ts';
import { sweepOutputDebris } from './output.ts';

/**
 * What renders that are gone (killed, or stopped before they could clean up) left behind: build
 * data `render/build-<pid>-*`, Astro's working folder `.astro/builds/<pid>-*` of the project,
 * and the staging folders beside the output (output.ts). Each is named with the pid of the run
 * that made it; only those whose run is provably gone go (src/utils/process-alive.ts). Kept
 * light: the command line runs it before it loads the renderer.
 */
export async function sweepRenderDebris(options: {
  renderDir: string;
  outDir?: string;
}): Promise<string[]> {
  const swept = [
    ...(await sweepFolder(path.resolve(options.renderDir), /^build-(\d+)-[0-9a-f]+(-search)?$/)),
    ...(await sweepFolder(path.join(PROJECT_ROOT, '.astro', 'builds'), /^(\d+)-[0-9a-f]+$/)),
  ];
  if (options.outDir) swept.push(...(await sweepOutputDebris(options.outDir)));
  return swept;
}

async function sweepFolder(dir: string, pattern: RegExp): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const swept: string[] = [];
  for (const name of names) {
    const match = pattern.exec(name);
    const target = path.join(dir, name);
    if (!match || !folderOwnerIsGone(Number(match[1]), target)) continue;
    await rm(target, { recursive: true, force: true, maxRetries: 3 });
    swept.push(path.join(path.basename(dir), name));
  }
  return swept;
}
