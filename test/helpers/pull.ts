import path from 'node:path';
import { PlatformClient } from '../../src/api/client.ts';
import type { PullOptions } from '../../src/pull/index.ts';
import { readTree } from './fs.ts';
import { type LocalPlatform, TOKEN } from './platform.ts';

export const fastRetry = { baseDelayMs: 5, maxDelayMs: 50 };

/** The organization, the public site and the share-link site the platform serves. */
export async function siteIds(platform: LocalPlatform) {
  const client = new PlatformClient({ apiUrl: platform.url, token: TOKEN });
  const [org] = await client.list('listOrganizations', {});
  const sites = await client.list('listSites', { organizationId: org?.id as string });
  const site = sites.find((s) => s.visibility === 'public');
  const shareSite = sites.find((s) => s.visibility === 'share-link');
  return {
    organizationId: org?.id as string,
    siteId: site?.id as string,
    shareSiteId: shareSite?.id as string,
  };
}

/** Pull options for `ids` of `platform` into `cacheDir`, with fast retries. */
export function pullOptions(
  platform: LocalPlatform,
  ids: { organizationId: string; siteId: string },
  cacheDir: string,
): PullOptions {
  return {
    apiUrl: platform.url,
    token: TOKEN,
    organizationId: ids.organizationId,
    siteId: ids.siteId,
    cacheDir,
    retry: fastRetry,
  };
}

/** A snapshot's files, with the fields that differ between identical pulls blanked. */
export async function comparable(dir: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const [file, bytes] of await readTree(dir)) {
    let text = bytes.toString('base64');
    if (file === 'manifest.json') {
      const manifest = JSON.parse(bytes.toString('utf8'));
      manifest.fetchedAt = '';
      manifest.apiUrl = '';
      text = JSON.stringify(manifest);
    }
    out[file] = text;
  }
  return out;
}

/** The snapshot a cache directory points at. */
export function snapshotOf(cacheDir: string): string {
  return path.join(cacheDir, 'snapshot');
}
