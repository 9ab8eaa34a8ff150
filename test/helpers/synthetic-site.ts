import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { makeSite } from '../../scripts/lib/make-site.ts';
import { runCli } from './cli.ts';
import { startPlatform, TOKEN } from './platform.ts';

/**
 * A synthetic site (scripts/lib/make-site.ts) written under `dir` and pulled by the CLI from
 * the local platform serving it, as a user's first `offprint pull` would: the cache's path.
 */
export async function pullSyntheticSite(
  dir: string,
  site: Omit<Parameters<typeof makeSite>[0], 'out'>,
): Promise<string> {
  const siteDir = path.join(dir, 'site');
  makeSite({ ...site, out: siteDir });
  const platform = await startPlatform({ dir: siteDir });
  const cache = path.join(dir, 'cache');
  const tokenFile = path.join(dir, 'token');
  await writeFile(tokenFile, TOKEN);
  try {
    const ids = ['--api-url', platform.url, '--org', 'synth', '--site', 'docs'];
    const pulled = await runCli(['pull', ...ids, '--token-file', tokenFile, '--cache', cache]).done;
    expect(pulled.code, pulled.stderr).toBe(0);
  } finally {
    await platform.close();
  }
  return cache;
}
