import type { Command } from 'commander';
import { type PullResult, pull, terminalProgress } from '../../pull/index.ts';
import { addSiteOptions, type ResolvedSite, type SiteOptions } from '../options.ts';
import { withSite } from '../site-source.ts';

export function registerPull(program: Command): void {
  addSiteOptions(program.command('pull'))
    .description(
      'Pull the published site into a snapshot (<cache>/snapshot), reusing what has not changed',
    )
    .option('--example', 'pull the bundled example through the local platform (no token needed)')
    .action(async (options: SiteOptions & { example?: boolean }) => {
      await withSite(options, (site) => pullFromCli(site, options));
    });
}

/** Pulls with the command line's options, progress and warnings, and prints the summary line. */
export async function pullFromCli(site: ResolvedSite, options: SiteOptions): Promise<PullResult> {
  const interactive = process.stderr.isTTY && !process.env.CI;
  const result = await pull({
    ...site,
    cacheDir: options.cache,
    allowVisitorAuth: options.allowVisitorAuth,
    concurrency: options.concurrency,
    progress: interactive ? terminalProgress() : undefined,
    onWarning: (message) => console.warn(`warning: ${message}`),
  });
  console.log(formatPullSummary(result));
  return result;
}

export function formatPullSummary({ stats, manifest }: PullResult): string {
  const reuse =
    stats.spacesFetched === 0
      ? 'nothing changed, snapshot reused'
      : `${stats.spacesFetched} space(s) fetched, ${stats.spacesReused} reused`;
  return (
    `pulled ${manifest.siteTitle}: ${manifest.counts.pages} pages, ${manifest.counts.files} files; ${reuse}; ` +
    `${stats.requests} requests, ${stats.filesDownloaded} files downloaded (${formatBytes(stats.bytes)}), ` +
    `${stats.seconds.toFixed(1)} s`
  );
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
}
