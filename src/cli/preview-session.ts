import { setTimeout as sleep } from 'node:timers/promises';
import { PlatformClient } from '../api/client.ts';
import { ReloadChannel } from '../preview/reload.ts';
import { changedSpaces } from '../preview/revisions.ts';
import { serveStatic } from '../serve/static.ts';
import { normalizeBase } from '../site/paths.ts';
import { Snapshot } from '../snapshot/read.ts';
import { SnapshotStore } from '../snapshot/store.ts';
import { withExampleLocalFiles } from './commands/build.ts';
import type { PreviewOptions } from './commands/preview.ts';
import { pullFromCli } from './commands/pull.ts';
import { renderFromCli, reportRender } from './commands/render.ts';
import { formatError } from './errors.ts';
import { withImageWorkshop } from './image-workshop.ts';
import type { ResolvedSite } from './options.ts';
import type { Output } from './output.ts';
import { guardRun } from './run-guard.ts';

/** `offprint preview` once the site is resolved: build, serve, and with --watch poll and rebuild. */
export async function preview(
  site: ResolvedSite,
  options: PreviewOptions,
  output: Output,
): Promise<void> {
  await build(site, options, output);
  const base = normalizeBase(options.base ?? (await currentSnapshot(options.cache)).basename);
  const channel = new ReloadChannel(base);
  const server = await serveStatic({
    dir: options.out,
    base,
    host: options.host,
    port: options.port,
    transformHtml: channel.inject,
    intercept: channel.handle,
  });
  output.info(
    `preview at ${server.url}` +
      (options.watch ? `, checking for changes every ${options.interval} s` : '') +
      ' (Ctrl-C stops)',
  );
  const stop = new AbortController();
  const onSignal = () => stop.abort();
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    if (options.watch) await watch(site, options, output, channel, stop.signal);
    else await new Promise((resolve) => stop.signal.addEventListener('abort', resolve));
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    channel.close();
    await server.close();
    output.info('preview stopped');
  }
}

/** One build, holding the cache's and the output's locks while it runs (not while serving). */
async function build(site: ResolvedSite, options: PreviewOptions, output: Output): Promise<void> {
  const local = withExampleLocalFiles(options);
  const run = {
    command: 'preview',
    cache: options.cache,
    out: options.out,
    pages: local.pages,
    theme: local.theme,
    config: options.config,
    lockWait: options.lockWait,
    output,
  };
  await guardRun(run, () =>
    withImageWorkshop(options, async (imageWorkshop) => {
      await pullFromCli(
        site,
        options,
        output,
        imageWorkshop && { images: { workshop: imageWorkshop } },
      );
      const rendering = { ...local, ...(imageWorkshop ? { imageWorkshop } : {}) };
      reportRender(await renderFromCli(rendering, output), output);
    }),
  );
}

/** Polls until stopped; a failed poll or rebuild is a warning, and the last good build stays up. */
async function watch(
  site: ResolvedSite,
  options: PreviewOptions,
  output: Output,
  channel: ReloadChannel,
  signal: AbortSignal,
): Promise<void> {
  // Polls fail fast: the next one comes soon anyway.
  const client = new PlatformClient({
    apiUrl: site.apiUrl,
    token: site.token,
    shareKey: site.shareKey,
    timeoutMs: 10_000,
    retry: { attempts: 2, baseDelayMs: 200, maxDelayMs: 1_000, maxTotalMs: 5_000 },
  });
  while (!signal.aborted) {
    try {
      await sleep(options.interval * 1000, undefined, { signal });
    } catch {
      return;
    }
    try {
      const { manifest } = await currentSnapshot(options.cache);
      const changed = await changedSpaces(client, manifest);
      output.detail(`checked ${manifest.spaces.length} space(s): ${changed.length} changed`);
      if (changed.length === 0 || signal.aborted) continue;
      output.info(`changed: space ${changed.join(', ')}; rebuilding`);
      await build(site, options, output);
      channel.reload();
    } catch (error) {
      output.warn(`preview: ${formatError(error)} (still serving the last good build)`);
    }
  }
}

async function currentSnapshot(cacheDir: string) {
  const dir = await new SnapshotStore(cacheDir).current();
  if (!dir) throw new Error(`no snapshot in ${cacheDir}`);
  const snapshot = await Snapshot.open(dir);
  return { manifest: snapshot.manifest, basename: (await snapshot.site()).site.basename };
}
