import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { BIN } from '../helpers/cli.ts';
import { copyFolder, tempDir } from '../helpers/fs.ts';

vi.setConfig({ testTimeout: 120_000 });

/** util-linux's `script`, which runs a command on a pseudo-terminal (not on macOS or Windows). */
const hasScript =
  process.platform === 'linux' &&
  spawnSync('script', ['--version'], { encoding: 'utf8' }).stdout?.includes('util-linux');

/** `offprint ARGS` on a terminal (both streams, merged, as a terminal shows them). */
function onTerminal(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; text: string }> {
  const quote = (arg: string) => `'${arg.replaceAll("'", "'\\''")}'`;
  const command = [process.execPath, BIN, ...args].map(quote).join(' ');
  const child = spawn('script', ['-qec', command, '/dev/null'], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk) => {
    text += chunk;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, text })));
}

/**
 * A real build of the example on a terminal, from the cache of the one built for the run (so
 * only the render's work is done again, into a fresh output): live counts, and none in CI.
 */
describe.skipIf(!hasScript)('progress of a real build on a terminal', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let cache: string;
  const { CI: _ci, ...env } = process.env;

  beforeAll(async () => {
    temp = await tempDir('offprint-progress-');
    cache = await copyFolder(inject('exampleBuild').cacheDir, path.join(temp.dir, 'cache'));
  });
  afterAll(() => temp.cleanup());

  const build = (out: string, extra: NodeJS.ProcessEnv) =>
    onTerminal(['build', '--example', '--cache', cache, '--out', path.join(temp.dir, out)], {
      ...env,
      OFFPRINT_TOKEN: '',
      ...extra,
    });

  it('shows each long phase with its count on one rewritten line', async () => {
    const { code, text } = await build('tty', {});
    expect(code, text).toBe(0);
    // Each state of the line, as the terminal draws them in turn.
    const shown = text.split('\r\x1b[2K');
    const drawn = (pattern: RegExp) => shown.some((line) => pattern.test(line));
    expect(drawn(/^rendering: .*markdown \d+\/\d+ pages/)).toBe(true);
    expect(drawn(/^rendering: .*Astro \d+\/\d+ pages/)).toBe(true);
    expect(drawn(/^rendering: .*search index \d+\/\d+ pages/)).toBe(true);
  });

  it('with CI set prints plain lines only: nothing rewritten in place', async () => {
    const { code, text } = await build('ci', { CI: 'true' });
    expect(code, text).toBe(0);
    expect(text).toMatch(/^rendered \d+ pages/m);
    // A terminal ends lines with \r\n; any other \r would rewrite a line.
    expect(text.replaceAll('\r\n', '\n')).not.toContain('\r');
    expect(text).not.toContain('\x1b[2K');
  });
});
