import { type Command, Option } from 'commander';
import type { EarlyWork, EarlyWorkOptions } from '../../pull/early/index.ts';
import type { PullOptions, PullResult } from '../../pull/index.ts';
import { withImageWorkshop } from '../image-workshop.ts';
import { addSiteOptions, type ResolvedSite, type SiteOptions } from '../options.ts';
import { createOutput, type Output, type VerbosityOptions } from '../output.ts';
import { rateLimitNotice } from '../rate-limit-notice.ts';
import { addLockWaitOption, guardRun } from '../run-guard.ts';
import { EXAMPLE_OPENAPI, withSite } from '../site-source.ts';

const EXAMPLES = `
Examples:
  $ OFFPRINT_TOKEN=... offprint pull --org ORG_ID --site SITE_ID
  $ offprint pull --example --cache .offprint     # the bundled example, no token
  $ OFFPRINT_SHARE_KEY=... offprint pull --org ORG_ID --site SITE_ID   # a share-link site`;

export function registerPull(program: Command): void {
  addLockWaitOption(addSiteOptions(program.command('pull')))
    .description(
      'Pull the published site into a snapshot (<cache>/snapshot), reusing what has not changed',
    )
    .option('--example', 'pull the bundled example through the local platform (no token needed)')
    .addOption(
      new Option(
        '--no-image-variants',
        'make no image variants while pulling (by default they are made for the render, into <cache>/render/images)',
      ),
    )
    .addHelpText('after', EXAMPLES)
    .action(
      async (
        options: SiteOptions &
          VerbosityOptions & { example?: boolean; lockWait?: number; imageVariants?: boolean },
      ) => {
        const output = createOutput(options);
        const run = { command: 'pull', cache: options.cache, lockWait: options.lockWait, output };
        await guardRun(run, () =>
          withImageWorkshop(options, (workshop) =>
            withEarlyWork({ cacheDir: options.cache }, output, (early) =>
              withSite(options, (site) =>
                pullFromCli(site, options, output, {
                  early,
                  ...(workshop ? { images: { workshop } } : {}),
                }),
              ),
            ),
          ),
        );
      },
    );
}

/** Pulls with the command line's options, progress and warnings, and prints the summary line. */
export async function pullFromCli(
  site: ResolvedSite,
  options: SiteOptions & { example?: boolean },
  output: Output,
  ahead: {
    /** The render's work done as pages land (src/pull/early); ended with the pull. */
    early?: EarlyWork;
    /** Image variants made as files land (build and pull; none with --no-image-variants). */
    images?: PullOptions['images'];
  } = {},
): Promise<PullResult> {
  output.detail(
    `pull: site ${site.siteId} of organization ${site.organizationId} from ${site.apiUrl}` +
      (site.shareKey ? ' through a share link' : '') +
      (site.changeRequest
        ? `, change request ${site.changeRequest.changeRequestId} of space ${site.changeRequest.spaceId}`
        : '') +
      `, into ${options.cache}`,
  );
  const progress = output.pullProgress();
  // Loaded on use, like the renderer (commands/render.ts).
  const { pull } = await import('../../pull/index.ts');
  const result = await pull({
    early: ahead.early,
    ...site,
    cacheDir: options.cache,
    allowVisitorAuth: options.allowVisitorAuth,
    concurrency: options.concurrency,
    rateLimitWaitMs: options.rateLimitWait ? options.rateLimitWait * 1000 : undefined,
    onRateLimit: rateLimitNotice(output, progress),
    progress,
    openapi: options.openapi ?? (options.example ? EXAMPLE_OPENAPI : undefined),
    onWarning: (message) => output.warn(message),
    ...(ahead.images ? { images: ahead.images } : {}),
  }).finally(() => ahead.early?.pullEnded());
  output.info(formatPullSummary(result));
  for (const space of result.manifest.spaces)
    output.detail(`space ${space.spaceId}: revision ${space.revision}, ${space.pages} pages`);
  return result;
}

/**
 * Runs `work` with the render's work ahead of it (src/pull/early), which then finishes what is
 * under way and stops its Chromium, whatever `work` did.
 */
export async function withEarlyWork<T>(
  options: EarlyWorkOptions,
  output: Output,
  work: (early: EarlyWork) => Promise<T>,
): Promise<T> {
  const { EarlyWork } = await import('../../pull/early/index.ts');
  const early = new EarlyWork(options);
  try {
    return await work(early);
  } finally {
    await early.close();
    output.detail(early.summary());
  }
}

export function formatPullSummary({ stats, manifest }: PullResult): string {
  const reuse =
    stats.spacesFetched === 0
      ? 'nothing changed, snapshot reused'
      : `${stats.spacesFetched} space(s) fetched, ${stats.spacesReused} reused` +
        (stats.pagesReused > 0 ? `, ${stats.pagesReused} unchanged pages reused` : '');
  return (
    `pulled ${manifest.siteTitle}: ${manifest.counts.pages} pages, ${manifest.counts.files} files; ${reuse}; ` +
    `${stats.requests} requests, ${stats.filesDownloaded} files downloaded (${formatBytes(stats.bytes)}), ` +
    formatImageCounts(stats.images) +
    formatSpecCounts(stats.specs) +
    `${stats.seconds.toFixed(1)} s`
  );
}

/** `12 of 40 images' variants made, ` when images were offered, else nothing. */
function formatImageCounts(images: PullResult['stats']['images']): string {
  if (!images || images.offered === 0) return '';
  return `${images.done} of ${images.offered} images' variants made (${images.made} files), `;
}

/** `2 spec documents (1 fetched, 1 revalidated), ` when the site has any, else nothing. */
function formatSpecCounts(specs: PullResult['stats']['specs']): string {
  const parts = [
    specs.fetched > 0 ? `${specs.fetched} fetched` : '',
    specs.revalidated > 0 ? `${specs.revalidated} revalidated` : '',
    specs.reused > 0 ? `${specs.reused} reused` : '',
    specs.failed > 0 ? `${specs.failed} left out` : '',
  ].filter(Boolean);
  const total = specs.fetched + specs.revalidated + specs.reused + specs.failed;
  return total === 0 ? '' : `${total} spec documents (${parts.join(', ')}), `;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}
