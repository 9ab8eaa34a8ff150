import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { EXAMPLE_DIR, startLocalPlatform } from '../local/server.ts';
import {
  parseChangeRequest,
  type ResolvedSite,
  resolveSite,
  type SiteOptions,
  UsageError,
} from './options.ts';

/** The bundled example's local pages and theme override (used by `--example` by default). */
export const EXAMPLE_PAGES_DIR = fileURLToPath(
  new URL('../../examples/local/pages', import.meta.url),
);
export const EXAMPLE_THEME_DIR = fileURLToPath(
  new URL('../../examples/local/theme', import.meta.url),
);

/**
 * Runs `work` against the site the options name: a real platform, or with `--example` the
 * bundled example served by the local platform on a private port for the length of the command.
 */
export async function withSite<T>(
  options: SiteOptions & { example?: boolean },
  work: (site: ResolvedSite) => Promise<T>,
): Promise<T> {
  if (!options.example) return work(await resolveSite(options));
  if (options.apiUrl || options.site)
    throw new UsageError('--example builds the bundled example: drop --api-url and --site');
  const token = randomBytes(16).toString('hex');
  const platform = await startLocalPlatform({ dir: EXAMPLE_DIR, port: 0, token });
  try {
    const [organization] = platform.model.organizations();
    const site = platform.model.sites().find((s) => s.visibility !== 'share-link');
    if (!organization || !site)
      throw new Error(`the bundled example at ${EXAMPLE_DIR} has no public site`);
    return await work({
      apiUrl: platform.url,
      token,
      organizationId: organization.id,
      siteId: site.id,
      shareKey: options.shareKey,
      changeRequest: options.changeRequest ? parseChangeRequest(options.changeRequest) : undefined,
    });
  } finally {
    await platform.close();
  }
}
