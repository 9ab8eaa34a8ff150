import { appendFile, cp, readdir, readFile, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';
import { seal, unseal } from '../../src/utils/sealed.ts';
import { type CliResult, runCli } from './cli.ts';
import { copyFolder } from './fs.ts';
import { leftInGroup } from './process-group.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * `offprint ARGS` held at each of `stops` in turn (OFFPRINT_TEST_PAUSE, src/utils/test-pause.ts),
 * sent its signal once it says it is there. `pids` collects the pid, for `debris`. The run leads
 * a process group of its own: `left` is what of it still lives once the run has exited (after
 * SIGKILL its children may: nothing can end them then).
 */
export async function signalAt(
  args: string[],
  stops: readonly (readonly [point: string, signal: NodeJS.Signals])[],
  pids: number[] = [],
): Promise<CliResult & { left: string[] }> {
  const points = stops.map(([point]) => point);
  const { child, done } = runCli(args, {
    env: { OFFPRINT_TEST_PAUSE: points.join(',') },
    ownGroup: true,
  });
  if (child.pid) pids.push(child.pid);
  let seen = '';
  const reached = (point: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (!seen.includes(`paused at ${point}`)) return;
        child.stderr?.off('data', check);
        resolve();
      };
      child.stderr?.on('data', check);
      check();
      done.then((result) =>
        reject(
          new Error(`exited before ${point}: ${result.code}\n${result.stdout}\n${result.stderr}`),
        ),
      );
    });
  child.stderr?.on('data', (chunk) => {
    seen += chunk;
  });
  for (const [point, signal] of stops) {
    await reached(point);
    child.kill(signal);
  }
  const result = await done;
  return { ...result, left: await leftInGroup(child.pid as number) };
}

/**
 * What runs left behind around a cache and an output: staging folders and locks beside the
 * output, locks and temporary links in the cache, build data in `render/`, snapshot staging,
 * and Astro's working folders of the given runs.
 */
export async function debris(cache: string, out: string, pids: number[]): Promise<string[]> {
  const list = async (dir: string) => readdir(dir).catch(() => [] as string[]);
  const beside = await list(path.dirname(out));
  const own = `.${path.basename(out)}.`;
  return [
    ...beside.filter((name) => name.startsWith(own)),
    ...(await list(cache)).filter((name) => name.endsWith('.lock') || name.endsWith('.tmp')),
    ...(await list(path.join(cache, 'render')))
      .filter((name) => name.startsWith('build-'))
      .map((name) => `render/${name}`),
    ...(await list(path.join(cache, 'snapshots')))
      .filter((name) => name.startsWith('.staging-'))
      .map((name) => `snapshots/${name}`),
    ...(await list(path.join(ROOT, '.astro', 'builds')))
      .filter((name) => pids.some((pid) => name.startsWith(`${pid}-`)))
      .map((name) => `.astro/builds/${name}`),
  ];
}

/**
 * A copy of the global setup's example build (cache and output) in `dir`, as if built there:
 * the output keeps its files' times and the render's records name the copy, so a render of it
 * reuses what it can. Returns the copy's cache and output.
 */
export function exampleCopy(dir: string): Promise<{ cache: string; out: string }> {
  return builtCopy(dir, inject('exampleBuild'));
}

/** A copy of a build the global setup made (`exampleBuild`, `smallBuild`): see `exampleCopy`. */
export async function builtCopy(
  dir: string,
  built: { outDir: string; cacheDir: string },
): Promise<{ cache: string; out: string }> {
  const cache = await copyFolder(built.cacheDir, path.join(dir, 'cache'));
  const out = path.join(dir, 'dist');
  await cp(built.outDir, out, { recursive: true, preserveTimestamps: true });
  for (const record of ['last-build.json', 'last-links.json']) {
    const file = path.join(cache, 'render', record);
    const text = unseal(await readFile(file, 'utf8'), file) as string;
    await writeFile(file, seal(text.replaceAll(JSON.stringify(built.outDir), JSON.stringify(out))));
  }
  return { cache, out };
}

/** Edits one page of the copy's snapshot: the next render goes all the way, reusing the rest. */
export async function editPage(cache: string, line: string): Promise<void> {
  const snapshot = await realpath(path.join(cache, 'snapshot'));
  const spaces = path.join(snapshot, 'spaces');
  const [space] = (await readdir(spaces)).sort();
  const pages = path.join(spaces, space as string, 'pages');
  const [page] = (await readdir(pages)).sort();
  await appendFile(path.join(pages, page as string), `\n${line}\n`);
}
