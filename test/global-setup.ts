import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ProvidedContext } from 'vitest';
import type { TestProject } from 'vitest/node';
import { makeSite } from '../scripts/lib/make-site.ts';
import { startLocalPlatform } from '../src/local-platform/server.ts';
import { runCli } from './helpers/cli.ts';
import { quietPort } from './helpers/quiet-port.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The bundled example, built once per run by `offprint build --example`. */
    exampleBuild: {
      outDir: string;
      cacheDir: string;
      stdout: string;
      stderr: string;
      /**
       * Its local platform's origin is in its snapshot (file URLs, a spec served by URL): a
       * test whose build must pull what this one pulled sets the same port, which no other
       * test uses (`OFFPRINT_TEST_EXAMPLE_PORT`).
       */
      env: { OFFPRINT_TEST_EXAMPLE_PORT: string };
    };
    /**
     * A synthetic site of a few pages (scripts/lib/make-site.ts), pulled from the local platform
     * and built once per run, for tests of a mechanism that any render goes through (interrupt
     * points, disk errors): a render of it takes seconds where the example's takes half a minute.
     */
    smallBuild: {
      outDir: string;
      cacheDir: string;
      pages: number;
      /** Its site folder, for a test whose build pulls it again (`smallPlatform`). */
      siteDir: string;
      /** The token its platform asks for. */
      token: string;
    };
  }
}

/** Pages of the small site: enough that a render holds at its `markdown` point (the 9th page). */
const SMALL_PAGES = 10;

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Builds the example, and the small site beside it, once for every suite that reads them. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // One folder per run: two runs at once must not rebuild each other's site mid-test.
  const work = path.join(ROOT, 'test-results', `example-${process.pid}`);
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const outDir = path.join(work, 'dist');
  const cacheDir = path.join(work, 'cache');
  const env = { OFFPRINT_TEST_EXAMPLE_PORT: String(await quietPort()) };
  const { done } = runCli(['build', '--example', '--cache', cacheDir, '--out', outDir], { env });
  const [result, small] = await Promise.all([done, buildSmallSite(path.join(work, 'small'))]);
  if (result.code !== 0)
    throw new Error(`offprint build --example failed:\n${result.stdout}\n${result.stderr}`);
  project.provide('smallBuild', small);
  project.provide('exampleBuild', {
    outDir,
    cacheDir,
    stdout: result.stdout,
    stderr: result.stderr,
    env,
  });
  return () => rm(work, { recursive: true, force: true });
}

/** The small site made, served by the local platform and built in `work`. */
async function buildSmallSite(work: string): Promise<ProvidedContext['smallBuild']> {
  const folder = path.join(work, 'site');
  makeSite({ pages: SMALL_PAGES, out: folder });
  const token = 'small-site-token';
  const platform = await startLocalPlatform({ dir: folder, port: 0, token });
  const outDir = path.join(work, 'dist');
  const cacheDir = path.join(work, 'cache');
  try {
    const site = ['--api-url', platform.url, '--org', 'synth', '--site', 'docs'];
    const build = ['build', ...site, '--cache', cacheDir, '--out', outDir];
    const result = await runCli(build, { env: { OFFPRINT_TOKEN: token } }).done;
    if (result.code !== 0)
      throw new Error(
        `offprint build of the small site failed:\n${result.stdout}\n${result.stderr}`,
      );
  } finally {
    await platform.close();
  }
  return { outDir, cacheDir, pages: SMALL_PAGES, siteDir: folder, token };
}
