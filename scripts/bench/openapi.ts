import { appendFile, copyFile, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { parse } from 'yaml';
import type { PrepareStats } from '../../src/openapi/library.ts';
import { pull } from '../../src/pull/index.ts';
import { render } from '../../src/render/index.ts';
import { Random, seedOf } from '../lib/prng.ts';
import { renderInChild } from './render.ts';
import { withSyntheticSite } from './synthetic.ts';
import { type Benchmark, type Figure, timed } from './types.ts';

const PAGES = Number(process.env.OFFPRINT_BENCH_OPENAPI_PAGES ?? 2000);
/** Share of the site's pages that end with OpenAPI blocks. */
const API_SHARE = 0.1;
const EXAMPLE_ASSETS = fileURLToPath(
  new URL('../../examples/site/spaces/api/.gitbook/assets/', import.meta.url),
);
/** The example's root specs, whose operations the blocks name. */
const SPECS = ['launch-api.yaml', 'ground-stations.swagger.json'];
/** Copied beside them: launch-api.yaml's `$ref` target, not named by any block. */
const SIBLINGS = ['launch-common.yaml'];
const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']);

interface Operation {
  spec: string;
  path: string;
  method: string;
}

/**
 * OpenAPI blocks at scale: the synthetic site with a tenth of its pages ending in 1–3 blocks
 * that name operations of the example's specs (copied into one space), rendered cold beside the
 * same site without them, for the cost of one operation; how many specs each render loaded
 * (once per render, reused while unchanged); and the API pages' HTML beside the others'.
 */
const EMPTY_STATS: PrepareStats = { specs: 0, parsed: 0, documents: 0, reused: 0, failed: 0 };

export const openapiBenchmark: Benchmark = {
  name: 'openapi',
  description: `render of a synthetic site of ${PAGES} pages, ${API_SHARE * 100}% of them with OpenAPI blocks`,
  async run() {
    const site = { name: 'openapi', pages: PAGES, seed: 2, pageSize: 1000 };
    const run = await withSyntheticSite(site, async ({ platform, api, work, siteDir }) => {
      const without = {
        cacheDir: path.join(work, 'cache-without'),
        outDir: path.join(work, 'dist-without'),
      };
      const withOps = { cacheDir: path.join(work, 'cache'), outDir: path.join(work, 'dist') };
      await pull({ ...api, cacheDir: without.cacheDir, concurrency: 16 });
      const written = await addOperations(siteDir);
      await platform.reload();
      const pullOptions = { ...api, cacheDir: withOps.cacheDir, concurrency: 16 };
      await pull(pullOptions);
      // Both cold, one after the other, each in a child process of its own.
      const plain = await renderInChild(without.cacheDir, without.outDir);
      const full = await renderInChild(withOps.cacheDir, withOps.outDir);
      const coldSpecs = full.openapi ?? EMPTY_STATS;
      const html = await apiHtmlStats(withOps.outDir);
      await appendFile(
        path.join(written.spaceDir, written.pages[0] as string),
        '\n\nOne more paragraph for the benchmark.\n',
      );
      await platform.reload();
      await pull(pullOptions);
      const edit = await timed(() => render(withOps));
      return { written, plain, full, coldSpecs, html, edit };
    });
    const { written, plain, full, coldSpecs, html, edit } = run;
    const stats = edit.result.openapi ?? EMPTY_STATS;
    const label = `${PAGES} pages`;
    const figures: Figure[] = [
      { name: `${label}: API pages`, value: written.pages.length, unit: 'pages' },
      { name: `${label}: operations written`, value: written.blocks, unit: 'blocks' },
      {
        name: `${label}: operations drawn from their specs`,
        value: html.operations,
        unit: 'blocks',
      },
      { name: `${label}: full render with operations`, value: full.seconds, unit: 's' },
      { name: `${label}: full render without`, value: plain.seconds, unit: 's' },
      {
        name: `${label}: cost per operation`,
        value: ((full.seconds - plain.seconds) / written.blocks) * 1000,
        unit: 'ms',
      },
      { name: `${label}: markdown phase with operations`, value: full.phases.markdown, unit: 's' },
      { name: `${label}: markdown phase without`, value: plain.phases.markdown, unit: 's' },
      {
        name: `${label}: markdown phase, cost per operation`,
        value: ((full.phases.markdown - plain.phases.markdown) / written.blocks) * 1000,
        unit: 'ms',
      },
      {
        name: `${label}: full render with operations, peak RSS`,
        value: Math.round(full.maxRssKiB / 1024),
        unit: 'MiB',
      },
      {
        name: `${label}: full render without, peak RSS`,
        value: Math.round(plain.maxRssKiB / 1024),
        unit: 'MiB',
      },
      { name: `${label}: specs loaded, cold`, value: coldSpecs.parsed, unit: 'specs' },
      {
        name: `${label}: spec documents parsed, cold`,
        value: coldSpecs.documents,
        unit: 'documents',
      },
      {
        name: `${label}: specs loaded after one API page edited`,
        value: stats.parsed,
        unit: 'specs',
      },
      {
        name: `${label}: spec documents parsed after one API page edited`,
        value: stats.documents,
        unit: 'documents',
      },
      { name: `${label}: specs reused`, value: stats.reused, unit: 'specs' },
      { name: `${label}: specs failed`, value: stats.failed, unit: 'specs' },
      { name: `${label}: re-render, one API page edited`, value: edit.seconds, unit: 's' },
      {
        name: `${label}: re-render, one API page edited, share of full render`,
        value: (edit.seconds / full.seconds) * 100,
        unit: '%',
      },
      {
        name: `${label}: re-render, one API page edited, markdown rendered`,
        value: edit.result.markdownCache.misses,
        unit: 'pages',
      },
      {
        name: `${label}: HTML per API page (gzip)`,
        value: Math.round(html.api.gzipBytes / html.api.files),
        unit: 'bytes',
      },
      {
        name: `${label}: HTML per other page (gzip)`,
        value: Math.round(html.other.gzipBytes / html.other.files),
        unit: 'bytes',
      },
    ];
    return figures;
  },
};

/**
 * Copies the example's specs into one space (the last, a space of its own) and appends 1–3
 * blocks to a tenth of the site's pages, spread evenly over that space's page files.
 */
async function addOperations(
  siteDir: string,
): Promise<{ spaceDir: string; pages: string[]; blocks: number }> {
  const spaces = path.join(siteDir, 'spaces');
  const space = (await readdir(spaces)).sort().at(-1) as string;
  const spaceDir = path.join(spaces, space);
  const assets = path.join(spaceDir, '.gitbook', 'assets');
  for (const name of [...SPECS, ...SIBLINGS]) {
    await copyFile(path.join(EXAMPLE_ASSETS, name), path.join(assets, name));
  }
  const operations = (await Promise.all(SPECS.map(operationsOf))).flat();
  const files = await pageFiles(spaceDir);
  const count = Math.min(files.length, Math.round(PAGES * API_SHARE));
  const pages = Array.from(
    { length: count },
    (_, i) => files[Math.floor((i * files.length) / count)] as string,
  );
  const rng = new Random(seedOf(2, 'openapi'));
  let blocks = 0;
  for (const page of pages) {
    const folder = path.posix.dirname(page);
    const assetsHref = path.posix.relative(folder, '.gitbook/assets');
    const pool = [...operations];
    const picked = Array.from(
      { length: rng.int(1, 3) },
      () => pool.splice(rng.int(0, pool.length - 1), 1)[0] as Operation,
    );
    const markdown = picked.map((op) => {
      const src = `${assetsHref}/${op.spec}`;
      return `{% openapi src="${src}" path="${op.path}" method="${op.method}" %}\n[${op.spec}](${src})\n{% endopenapi %}\n`;
    });
    await appendFile(path.join(spaceDir, page), `\n${markdown.join('\n')}`);
    blocks += picked.length;
  }
  return { spaceDir, pages, blocks };
}

/** Every path + method of a spec's `paths`. */
async function operationsOf(spec: string): Promise<Operation[]> {
  const document = parse(await readFile(path.join(EXAMPLE_ASSETS, spec), 'utf8')) as {
    paths?: Record<string, Record<string, unknown>>;
  };
  return Object.entries(document.paths ?? {}).flatMap(([opPath, item]) =>
    Object.keys(item)
      .filter((method) => METHODS.has(method))
      .map((method) => ({ spec, path: opPath, method })),
  );
}

/** The space's page files, relative to it, in a stable order. */
async function pageFiles(spaceDir: string): Promise<string[]> {
  const files: string[] = [];
  for (const entry of await readdir(spaceDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.md')) continue;
    const file = path.relative(spaceDir, path.join(entry.parentPath, entry.name));
    if (file !== 'SUMMARY.md' && !file.startsWith('.gitbook'))
      files.push(file.split(path.sep).join('/'));
  }
  return files.sort();
}

/** Gzip bytes of the pages with OpenAPI blocks and of the others, and the blocks drawn. */
async function apiHtmlStats(dir: string): Promise<{
  api: { files: number; gzipBytes: number };
  other: { files: number; gzipBytes: number };
  operations: number;
}> {
  const api = { files: 0, gzipBytes: 0 };
  const other = { files: 0, gzipBytes: 0 };
  let operations = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    const bytes = await readFile(path.join(entry.parentPath, entry.name));
    const html = bytes.toString('utf8');
    const drawn = html.match(/class="op-openapi__title"/g)?.length ?? 0;
    const stats = html.includes('op-openapi--openapi') ? api : other;
    operations += drawn;
    stats.files++;
    stats.gzipBytes += gzipSync(bytes).byteLength;
  }
  return { api, other, operations };
}
