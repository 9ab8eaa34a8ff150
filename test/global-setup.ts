import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
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
  }
}

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** Builds the example once for every suite that reads the built site. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // One folder per run: two runs at once must not rebuild each other's site mid-test.
  const work = path.join(ROOT, 'test-results', `example-${process.pid}`);
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  const outDir = path.join(work, 'dist');
  const cacheDir = path.join(work, 'cache');
  const env = { OFFPRINT_TEST_EXAMPLE_PORT: String(await quietPort()) };
  const { done } = runCli(['build', '--example', '--cache', cacheDir, '--out', outDir], { env });
  const result = await done;
  if (result.code !== 0)
    throw new Error(`offprint build --example failed:\n${result.stdout}\n${result.stderr}`);
  project.provide('exampleBuild', {
    outDir,
    cacheDir,
    stdout: result.stdout,
    stderr: result.stderr,
    env,
  });
  return () => rm(work, { recursive: true, force: true });
}
