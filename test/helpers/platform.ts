import { fileURLToPath } from 'node:url';
import { type ClientOptions, PlatformClient } from '../../src/api/client.ts';
import { startLocalPlatform } from '../../src/local-platform/server.ts';

export const EXAMPLE_DIR = fileURLToPath(new URL('../../examples/site', import.meta.url));
export const TOKEN = 'test-token-5b1f0c9e';

export type LocalPlatform = Awaited<ReturnType<typeof startLocalPlatform>>;

/** The local platform serving `dir` on a random port, with a token. */
export function startPlatform(
  options: Partial<Parameters<typeof startLocalPlatform>[0]> = {},
): Promise<LocalPlatform> {
  return startLocalPlatform({ dir: EXAMPLE_DIR, port: 0, token: TOKEN, ...options });
}

/** A client of `platform` with fast retries, so fault tests stay quick. */
export function clientFor(
  platform: LocalPlatform,
  options: Partial<ClientOptions> = {},
): PlatformClient {
  return new PlatformClient({
    apiUrl: platform.url,
    token: TOKEN,
    retry: { baseDelayMs: 5, maxDelayMs: 50 },
    ...options,
  });
}
