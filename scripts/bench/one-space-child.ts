/**
 * Child process of the `one-space` benchmark: serves a site folder with the local platform,
 * pulls it and renders it, then prints one JSON line with the times and this process's peak
 * RSS (`process.resourceUsage().maxRSS`, which counts the markdown worker threads too).
 */
import path from 'node:path';
import { startLocalPlatform } from '../../src/local/server.ts';
import { pull } from '../../src/pull/index.ts';
import { render } from '../../src/render/index.ts';
import { loadSiteModel } from '../../src/site/load.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { timed } from './types.ts';

const [siteDir, work] = process.argv.slice(2) as [string, string];
const token = 'bench-token';
const platform = await startLocalPlatform({ dir: siteDir, port: 0, token, pageSize: 1000 });
try {
  const cacheDir = path.join(work, 'cache');
  const pulled = await timed(() =>
    pull({
      apiUrl: platform.url,
      token,
      organizationId: 'scale',
      siteId: 'docs',
      cacheDir,
      concurrency: 16,
    }),
  );
  const pullRss = process.resourceUsage().maxRSS;
  // The site model alone (URLs, trees, sidebars), before the render builds it again.
  const modelled = await timed(async () =>
    loadSiteModel(await Snapshot.open(pulled.result.snapshotDir)),
  );
  const modelRss = process.resourceUsage().maxRSS;
  // A first line, so a render too slow to wait for still leaves these figures.
  console.log(
    JSON.stringify({
      stage: 'model',
      pages: modelled.result.pages.length,
      pullSeconds: pulled.seconds,
      modelSeconds: modelled.seconds,
      pullMaxRssKiB: pullRss,
      modelMaxRssKiB: modelRss,
    }),
  );
  const rendered = await timed(() => render({ cacheDir, outDir: path.join(work, 'dist') }));
  console.log(
    JSON.stringify({
      stage: 'render',
      pages: rendered.result.pages,
      pullSeconds: pulled.seconds,
      modelSeconds: modelled.seconds,
      modelMaxRssKiB: modelRss,
      renderSeconds: rendered.seconds,
      phases: rendered.result.phases,
      pullMaxRssKiB: pullRss,
      maxRssKiB: process.resourceUsage().maxRSS,
    }),
  );
} finally {
  await platform.close();
}
