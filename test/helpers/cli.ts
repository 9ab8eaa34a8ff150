import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const BIN = fileURLToPath(new URL('../../bin/offprint.js', import.meta.url));

export interface CliResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Runs `offprint ARGS` as a user would, in a child process. */
export function runCli(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; ownGroup?: boolean } = {},
): { child: ChildProcess; done: Promise<CliResult> } {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: options.cwd,
    env: { ...process.env, CI: 'true', OFFPRINT_TOKEN: '', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // A process group of its own (its pid is the group's id): what it leaves running can be found.
    detached: options.ownGroup ?? false,
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  const done = new Promise<CliResult>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, done };
}
