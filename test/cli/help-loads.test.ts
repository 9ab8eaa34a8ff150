import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN } from '../helpers/cli.ts';

const TRACE = fileURLToPath(new URL('../helpers/module-trace.mjs', import.meta.url));

/** The modules `offprint ARGS` loads, as the trace hook lists them. */
function modulesOf(args: string[]): string[] {
  const run = spawnSync(process.execPath, ['--import', TRACE, BIN, ...args], {
    encoding: 'utf8',
    env: { ...process.env, CI: 'true' },
  });
  expect(run.status, run.stderr).toBe(0);
  const line = run.stderr.split('\n').find((l) => l.startsWith('offprint-modules: '));
  return JSON.parse(line?.slice('offprint-modules: '.length) ?? '[]') as string[];
}

/** What only running a stage needs: its entry modules and the heavy packages behind them. */
const STAGE =
  /\/src\/(api|pull|markdown|site|render|images|search|hosting|pdf|openapi|diagrams|mcp|theme|view)\/index\.ts$|\/src\/render\/render\.ts$/;
const HEAVY =
  /\/node_modules\/(astro|unified|micromark[^/]*|remark-[^/]+|rehype-[^/]+|shiki|@shikijs|sharp|pagefind|playwright-core|openapi-sampler|@scalar|mermaid|katex|gemoji|htmlparser2)\//;

/**
 * Commands load only what they run: `--help` (and a command's `--help`) reads the commands'
 * options and nothing of the stages, so it answers at once (about 0.2 s, most of it Node's own start).
 */
describe('offprint --help', () => {
  it.each([['--help'], ['build', '--help'], ['render', '--help']])(
    '%s loads no stage module and none of the heavy packages',
    (...args) => {
      const loaded = modulesOf(args);
      expect(loaded.some((url) => url.includes('/src/cli/main.'))).toBe(true);
      expect(loaded.filter((url) => STAGE.test(url) || HEAVY.test(url))).toEqual([]);
    },
  );
});
