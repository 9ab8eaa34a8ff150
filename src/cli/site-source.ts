import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
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
 * The example's named OpenAPI specs (`{% openapi-operation spec="launch" %}`), as a config file's
 * `openapi` key would give them: paths relative to `examples/`.
 */
export const EXAMPLE_OPENAPI = {
  folder: fileURLToPath(new URL('../../examples/', import.meta.url)),
  specs: {
    launch: 'site/spaces/api/.gitbook/assets/launch-api.yaml',
    telemetry: 'site/spaces/api/.gitbook/assets/telemetry-api.json',
  },
};

/**
 * The example's local platform listens on one fixed port when it is free: file URLs in the
 * snapshot carry the port, so a stable one keeps an unchanged example's snapshot and render the
 * same from one build to the next (the re-render is skipped). A busy port falls back to any.
 * `OFFPRINT_TEST_EXAMPLE_PORT` sets another: a test run holds one of its own, since its parallel
 * `--example` builds keep the default busy (test/global-setup.ts).
 */
const EXAMPLE_PORT = Number(process.env.OFFPRINT_TEST_EXAMPLE_PORT) || 47_813;

async function startExamplePlatform(token: string) {
  // Loaded on use: only --example needs the local platform.
  const { EXAMPLE_DIR, startLocalPlatform } = await import('../local-platform/server.ts');
  try {
    return await startLocalPlatform({ dir: EXAMPLE_DIR, port: EXAMPLE_PORT, token });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    return startLocalPlatform({ dir: EXAMPLE_DIR, port: 0, token });
  }
}

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
  const platform = await startExamplePlatform(token);
  try {
    const [organization] = platform.model.organizations();
    const site = platform.model.sites().find((s) => s.visibility !== 'share-link');
    if (!organization || !site)
      throw new Error('the bundled example (examples/site) has no public site');
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
