import { describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.ts';

// Each test runs `offprint` as a process (about a second of start-up, more on a busy machine).
vi.setConfig({ testTimeout: 120_000 });

describe('offprint --help', () => {
  it('lists the commands and documents the exit codes', async () => {
    const result = await runCli(['--help']).done;
    expect(result.code).toBe(0);
    for (const command of ['build', 'pull', 'render', 'preview', 'serve-api'])
      expect(result.stdout).toMatch(new RegExp(`^  ${command} `, 'm'));
    expect(result.stdout).toContain('Exit codes:');
    expect(result.stdout).toMatch(/2 {2}usage error/);
    expect(result.stdout).toContain('offprint.config.json');
  });

  it('stops quietly when the reader of its output goes away (offprint pull --help | head -1)', async () => {
    const { child, done } = runCli(['pull', '--help']);
    // Closed before the process writes: its write meets a pipe with no reader (EPIPE).
    child.stdout?.destroy();
    const result = await done;
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  });

  it.each([
    [
      'build',
      [
        '--api-url',
        '--org',
        '--site',
        '--share-key',
        '--change-request',
        '--out',
        '--base',
        '--example',
      ],
    ],
    ['pull', ['--api-url', '--token-file', '--cache', '--concurrency', '--example']],
    ['render', ['--cache', '--out', '--base']],
    ['preview', ['--port', '--host', '--watch', '--interval', '--share-key', '--change-request']],
    ['serve-api', ['--example', '--dir', '--port', '--token']],
  ])('%s --help shows its options, the shared ones and examples', async (command, flags) => {
    const result = await runCli([command, '--help']).done;
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`Usage: offprint ${command} [options]`);
    for (const flag of [...flags, '--config', '--quiet', '--verbose'])
      expect(result.stdout).toMatch(new RegExp(`^ +(-\\w, )?${flag}\\b`, 'm'));
    expect(result.stdout).toMatch(/Examples:\n {2}\$ /);
  });

  it('an unknown option is a usage error (exit 2)', async () => {
    const result = await runCli(['render', '--no-such-flag']).done;
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("unknown option '--no-such-flag'");
  });
});
