import { readFile } from 'node:fs/promises';
import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.ts';

// Each test runs `offprint` as a process (about a second of start-up, more on a busy machine).
vi.setConfig({ testTimeout: 120_000 });

const manifest = JSON.parse(
  await readFile(new URL('../../package.json', import.meta.url), 'utf8'),
) as { version: string };

describe('offprint --version', () => {
  it.each(['--version', '-V'])('%s prints the package version and exits 0', async (flag) => {
    const result = await runCli([flag]).done;
    expect(result.stdout).toBe(`${manifest.version}\n`);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it('is listed in --help', async () => {
    const result = await runCli(['--help']).done;
    expect(result.stdout).toMatch(/^ {2}-V, --version +print Offprint's version$/m);
  });
});

describe('offprint mcp with the folder as a flag', () => {
  it.each([
    { args: ['--dist', 'dist'], flag: '--dist' },
    { args: ['--dist=dist'], flag: '--dist' },
    { args: ['dist', '--out', 'x'], flag: '--out' },
  ])('mcp $args names the form offprint mcp DIR (exit 2)', async ({ args, flag }) => {
    const result = await runCli(['mcp', ...args]).done;
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(
      `offprint mcp takes the site as its argument, not ${flag}: offprint mcp DIR`,
    );
    expect(result.stderr).not.toContain('Did you mean');
  });

  it('still suggests the flag a typo meant', async () => {
    const result = await runCli(['mcp', 'dist', '--hots', 'x']).done;
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--hots'");
    expect(result.stderr).toContain('Did you mean --host?');
  });
});
