import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { RateLimitOptions } from './rate-limit.ts';
import { EXAMPLE_DIR, type LocalPlatform, startLocalPlatform } from './server.ts';

/**
 * `offprint serve-api --example|--dir DIR [--port N] [--token T] [--rate-limit N [--rate-window S]]`: the local platform in the
 * foreground. The CLI wires `serveApi` into its command; running this file with node works too.
 */

export interface ServeApiOptions {
  example?: boolean;
  dir?: string;
  /** A number, or the flag's string; 0 or absent picks a free port. */
  port?: number | string;
  token?: string;
  /** Requests allowed per window (the platform's rate limit); a number or the flag's string. */
  rateLimit?: number | string;
  /** The window's length in seconds (default 60). */
  rateWindow?: number | string;
}

/** A wrong combination of flags: the message says what to pass instead. */
export class ServeApiUsageError extends Error {
  override name = 'ServeApiUsageError';
}

/** Starts the server and prints exactly `listening on http://127.0.0.1:PORT`. */
export async function serveApi(
  options: ServeApiOptions,
  log: (line: string) => void = (line) => console.log(line),
): Promise<LocalPlatform> {
  if (options.example && options.dir)
    throw new ServeApiUsageError('pass either --example or --dir DIR, not both');
  if (!options.example && !options.dir)
    throw new ServeApiUsageError('pass --example or --dir DIR (a site folder)');
  const port = parsePort(options.port);
  const rateLimit = parseRateLimit(options);
  const platform = await startLocalPlatform({
    dir: options.example ? EXAMPLE_DIR : resolve(options.dir ?? '.'),
    port,
    ...(options.token ? { token: options.token } : {}),
    ...(rateLimit ? { rateLimit } : {}),
  });
  log(`listening on ${platform.url}`);
  if (rateLimit)
    log(`rate limit: ${rateLimit.limit} requests per ${rateLimit.windowSeconds} s window`);
  return platform;
}

function parsePort(value: number | string | undefined): number {
  if (value === undefined || value === '') return 0;
  const port = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ServeApiUsageError(`--port must be an integer from 0 to 65535, got ${value}`);
  }
  return port;
}

function parseRateLimit(options: ServeApiOptions): RateLimitOptions | undefined {
  if (options.rateLimit === undefined || options.rateLimit === '') {
    if (options.rateWindow !== undefined && options.rateWindow !== '')
      throw new ServeApiUsageError('--rate-window needs --rate-limit N');
    return undefined;
  }
  const limit = Number(options.rateLimit);
  if (!Number.isInteger(limit) || limit < 1)
    throw new ServeApiUsageError(
      `--rate-limit must be a positive whole number of requests, got ${options.rateLimit}`,
    );
  const windowSeconds = options.rateWindow === undefined ? 60 : Number(options.rateWindow);
  if (!Number.isFinite(windowSeconds) || windowSeconds <= 0)
    throw new ServeApiUsageError(
      `--rate-window must be a positive number of seconds, got ${options.rateWindow}`,
    );
  return { limit, windowSeconds };
}

/** Closes the server on SIGINT/SIGTERM so the port is released before the process exits. */
export function closeOnSignals(platform: LocalPlatform): void {
  const stop = () => {
    platform.close().finally(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

// Run directly (`node src/local-platform/cli.ts --example`), not when imported by the CLI.
if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      example: { type: 'boolean' },
      dir: { type: 'string' },
      port: { type: 'string' },
      token: { type: 'string' },
      'rate-limit': { type: 'string' },
      'rate-window': { type: 'string' },
    },
  });
  serveApi({
    ...values,
    rateLimit: values['rate-limit'],
    rateWindow: values['rate-window'],
  }).then(closeOnSignals, (error: Error) => {
    console.error(`serve-api: ${error.message}`);
    process.exit(1);
  });
}
