/**
 * Child process of the Astro floor's comparison (astro-floor.ts): the render's own Astro build
 * over a copy of a render's build data, into a scratch folder, then one JSON line with its wall
 * and CPU seconds (this process's: Astro runs in it, and nothing else of the render does).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runAstroBuild } from '../../src/render/astro.ts';
import { closePageViews, readPageIndex } from '../../src/render/build-data.ts';
import type { SiteView } from '../../src/view/view.ts';

// Absolute: Astro's build runs from a folder of its own (src/render/astro.ts).
const [buildDataDir, scratch] = process.argv.slice(2).map((arg) => path.resolve(arg)) as [
  string,
  string,
];
const site = JSON.parse(await readFile(path.join(buildDataDir, 'site.json'), 'utf8')) as SiteView;
// Loaded before the clock starts, as the floor's child loads it (runAstroBuild imports it).
await import('astro');
const cpu = process.cpuUsage();
const began = performance.now();
await runAstroBuild({
  outDir: path.join(scratch, 'out'),
  base: site.base,
  buildDataDir,
  cacheDir: path.join(scratch, 'cache'),
});
const seconds = (performance.now() - began) / 1000;
const used = process.cpuUsage(cpu);
closePageViews(buildDataDir);
console.log(
  JSON.stringify({
    pages: readPageIndex(buildDataDir).length,
    seconds,
    cpuSeconds: (used.user + used.system) / 1e6,
  }),
);
