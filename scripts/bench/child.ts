import { spawn } from 'node:child_process';

/**
 * Runs a bench script in a child process (so its peak RSS is its own) and resolves to the JSON
 * report it prints as its last line of output.
 */
export function reportFromChild<T>(
  script: string,
  args: readonly string[],
  label: string,
  env: NodeJS.ProcessEnv = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, CI: 'true', ...env },
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = stdout.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`${label} child exited with ${code}: ${line}`));
      try {
        resolve(JSON.parse(line) as T);
      } catch {
        reject(new Error(`${label} child printed no report: ${line}`));
      }
    });
  });
}
