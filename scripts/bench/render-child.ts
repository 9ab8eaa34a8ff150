/**
 * Child process of the `render` benchmark: one render of a pulled site, then one JSON line with
 * its time, phases and this process's peak RSS (`process.resourceUsage().maxRSS`, which counts
 * the markdown worker threads too; Pagefind's indexer is a process of its own).
 */
import { render } from '../../src/render/index.ts';
import { timed } from './types.ts';

const [cacheDir, outDir] = process.argv.slice(2) as [string, string];
const rendered = await timed(() => render({ cacheDir, outDir }));
console.log(
  JSON.stringify({
    seconds: rendered.seconds,
    pages: rendered.result.pages,
    phases: rendered.result.phases,
    ...(rendered.result.openapi ? { openapi: rendered.result.openapi } : {}),
    maxRssKiB: process.resourceUsage().maxRSS,
  }),
);
