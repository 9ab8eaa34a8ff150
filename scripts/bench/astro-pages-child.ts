/**
 * Child process of the `astro-api` benchmark: the render's Astro build over build data (as
 * astro-alone-child.ts), timing each page. Astro renders one page at a time in the index's order,
 * so a page's cost is the CPU (this process's, user + system) and wall time from its route
 * starting to the next page's route starting: rendering, serializing and writing its HTML. Prints
 * one JSON line: the build's CPU seconds and each page's milliseconds, by index position (the
 * last page has no next and is left out).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { runAstroBuild } from '../../src/render/astro.ts';
import { onAstroPage } from '../../src/render/astro-progress.ts';
import { closePageViews } from '../../src/render/build-data.ts';
import type { SiteView } from '../../src/view/view.ts';

const [buildDataDir, scratch] = process.argv.slice(2).map((arg) => path.resolve(arg)) as [
  string,
  string,
];
const site = JSON.parse(await readFile(path.join(buildDataDir, 'site.json'), 'utf8')) as SiteView;
await import('astro');
const starts: { cpu: number; wall: number }[] = [];
const cpuNow = () => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
};
const stop = onAstroPage(() => starts.push({ cpu: cpuNow(), wall: performance.now() }));
const cpu = cpuNow();
await runAstroBuild({
  outDir: path.join(scratch, 'out'),
  base: site.base,
  buildDataDir,
  cacheDir: path.join(scratch, 'cache'),
});
stop();
closePageViews(buildDataDir);
const pages = starts.slice(0, -1).map((start, i) => ({
  cpuMs: (starts[i + 1] as typeof start).cpu - start.cpu,
  wallMs: (starts[i + 1] as typeof start).wall - start.wall,
}));
console.log(JSON.stringify({ cpuSeconds: (cpuNow() - cpu) / 1000, pages }));
