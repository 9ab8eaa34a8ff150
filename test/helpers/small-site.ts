import { inject } from 'vitest';
import { startLocalPlatform } from '../../src/local-platform/server.ts';
import { builtCopy } from './interrupt.ts';

/**
 * A copy, as `exampleCopy` makes, of the small site the global setup built (`smallBuild`): for
 * tests of a mechanism every render goes through, whose renders then take seconds rather than
 * half a minute.
 */
export function smallCopy(dir: string): Promise<{ cache: string; out: string }> {
  return builtCopy(dir, inject('smallBuild'));
}

/**
 * The local platform serving the small site's folder (`smallBuild`) on a port of its own, with
 * the `offprint build` flags and environment that pull from it: for a test of what a whole
 * build does whose site need not be the example.
 */
export async function smallPlatform(): Promise<{
  args: string[];
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}> {
  const { siteDir, token } = inject('smallBuild');
  const platform = await startLocalPlatform({ dir: siteDir, port: 0, token });
  return {
    args: ['--api-url', platform.url, '--org', 'synth', '--site', 'docs'],
    env: { OFFPRINT_TOKEN: token },
    close: () => platform.close(),
  };
}
