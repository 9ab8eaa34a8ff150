import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ServeApiUsageError, serveApi } from '../../src/local-platform/cli.ts';
import { FIXTURE } from './helpers.ts';

describe('serve-api', () => {
  it('starts on the folder and prints exactly one listening line', async () => {
    const lines: string[] = [];
    const platform = await serveApi({ dir: FIXTURE, token: 't0k3n' }, (line) => lines.push(line));
    try {
      expect(lines).toEqual([`listening on http://127.0.0.1:${platform.port}`]);
      expect((await fetch(`${platform.url}/v1/orgs`)).status).toBe(401);
      const ok = await fetch(`${platform.url}/v1/orgs`, {
        headers: { authorization: 'Bearer t0k3n' },
      });
      expect(ok.status).toBe(200);
    } finally {
      await platform.close();
    }
  });

  it.each([
    [{}, /--example or --dir/],
    [{ example: true, dir: FIXTURE }, /either --example or --dir/],
    [{ dir: FIXTURE, port: 'http' }, /--port must be an integer/],
    [{ dir: FIXTURE, port: 70000 }, /--port must be an integer/],
    [{ dir: FIXTURE, rateLimit: '0' }, /--rate-limit must be a positive whole number/],
    [{ dir: FIXTURE, rateLimit: '5', rateWindow: 'soon' }, /--rate-window must be a positive/],
    [{ dir: FIXTURE, rateWindow: '5' }, /--rate-window needs --rate-limit N/],
  ])('refuses %j', async (options, message) => {
    await expect(serveApi(options, () => {})).rejects.toThrow(ServeApiUsageError);
    await expect(serveApi(options, () => {})).rejects.toThrow(message);
  });

  it('answers like the platform rate limit with --rate-limit and --rate-window', async () => {
    const lines: string[] = [];
    const platform = await serveApi({ dir: FIXTURE, rateLimit: '2', rateWindow: '30' }, (line) =>
      lines.push(line),
    );
    try {
      expect(lines[1]).toBe('rate limit: 2 requests per 30 s window');
      const statuses = [];
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${platform.url}/v1/orgs`)).status);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await platform.close();
    }
  });

  it('names the file and field of an invalid folder', async () => {
    await expect(serveApi({ dir: '/nonexistent/offprint' }, () => {})).rejects.toThrow(
      /\/nonexistent\/offprint: site folder not found/,
    );
  });

  it('runs as a script with node', async () => {
    const script = fileURLToPath(new URL('../../src/local-platform/cli.ts', import.meta.url));
    const child = spawn(process.execPath, [script, '--dir', FIXTURE, '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          if (out.includes('\n')) resolve(out.split('\n')[0] ?? '');
        });
        child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
      });
      expect(line).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${line.slice('listening on '.length)}/v1/orgs`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
    }
  });
});
