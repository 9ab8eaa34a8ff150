import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type LocalPlatform, startLocalPlatform } from '../../src/local-platform/server.ts';
import { makeSite } from '../lib/make-site.ts';

export interface SyntheticSite {
  /** The generated site folder. */
  siteDir: string;
  /** A scratch directory for caches and outputs, removed afterwards. */
  work: string;
  platform: LocalPlatform;
  /** Options for `pull`: API URL, token, organization and site ids. */
  api: { apiUrl: string; token: string; organizationId: string; siteId: string };
}

/**
 * A synthetic site of `pages` pages served by the local platform for the length of `work`,
 * everything removed afterwards.
 */
export async function withSyntheticSite<T>(
  options: { name: string; pages: number; seed: number; pageSize: number },
  work: (site: SyntheticSite) => Promise<T>,
): Promise<T> {
  const dir = path.join(
    os.tmpdir(),
    `offprint-bench-${options.name}-${process.pid}-${options.pages}`,
  );
  await rm(dir, { recursive: true, force: true });
  try {
    const siteDir = path.join(dir, 'site');
    makeSite({ pages: options.pages, out: siteDir, seed: options.seed });
    const token = 'bench-token';
    const platform = await startLocalPlatform({
      dir: siteDir,
      port: 0,
      token,
      pageSize: options.pageSize,
    });
    try {
      const api = {
        apiUrl: platform.url,
        token,
        organizationId: platform.model.organizations()[0]?.id as string,
        siteId: platform.model.sites()[0]?.id as string,
      };
      return await work({ siteDir, work: dir, platform, api });
    } finally {
      await platform.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
