/**
 * Child process of the Astro floor (astro-floor.ts): builds a throwaway Astro project whose one
 * route lays out the listed pages with a template that prints each page's title, then prints one
 * JSON line with the build's wall and CPU seconds. The project lives under the package's `.astro/`
 * so that it resolves the package's own Astro.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PROJECT_ROOT } from '../../src/utils/project-root.ts';
import type { FloorPage } from './astro-floor.ts';

const [list] = process.argv.slice(2) as [string];
const pages = JSON.parse(await readFile(list, 'utf8')) as FloorPage[];
const root = path.join(PROJECT_ROOT, '.astro', 'floor', String(process.pid));
await rm(root, { recursive: true, force: true });
await mkdir(path.join(root, 'src', 'pages'), { recursive: true });
await writeFile(path.join(root, 'pages.json'), JSON.stringify(pages));
await writeFile(
  path.join(root, 'src', 'pages', '[...slug].astro'),
  `---
import pages from '../../pages.json';
export function getStaticPaths() {
  return pages.map(({ slug, title }) => ({ params: { slug }, props: { title } }));
}
const { title } = Astro.props;
---
<!doctype html>
<html lang="en"><head><meta charset="utf-8" /><title>{title}</title></head><body><h1>{title}</h1></body></html>
`,
);
process.env.ASTRO_TELEMETRY_DISABLED = '1';
const { build } = await import('astro');
const cwd = process.cwd();
process.chdir(root);
const cpu = process.cpuUsage();
const began = performance.now();
try {
  // The output options of Offprint's own build (astro.config.mjs), nothing else.
  await build({
    root,
    configFile: false,
    outDir: path.join(root, 'dist'),
    output: 'static',
    trailingSlash: 'always',
    build: { format: 'directory', concurrency: 4 },
    compressHTML: true,
    devToolbar: { enabled: false },
    logLevel: 'error',
    vite: { logLevel: 'error' },
  });
} finally {
  process.chdir(cwd);
}
const seconds = (performance.now() - began) / 1000;
const used = process.cpuUsage(cpu);
await rm(root, { recursive: true, force: true });
console.log(
  JSON.stringify({ pages: pages.length, seconds, cpuSeconds: (used.user + used.system) / 1e6 }),
);
