import { cp, mkdir, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { stringify } from 'yaml';
import { startLocalPlatform } from '../../src/local-platform/server.ts';
import { pull } from '../../src/pull/index.ts';
import { htmlStats, renderInChild } from './render.ts';
import type { Benchmark, Figure } from './types.ts';

/**
 * The render of a corpus written elsewhere, to be measured beside another generator on the same
 * pages: `OFFPRINT_BENCH_CORPUS=DIR[,DIR…]`, each DIR one space in Git Sync layout (a
 * `SUMMARY.md` and its pages), such as the corpus a Starlight comparison builds from. Each is
 * served by the local platform as the one space of a site, pulled, and rendered cold in a
 * child process: time, phases, CPU, the process tree's peak memory, and the gzip size of its
 * HTML pages (median and mean); each phase's CPU (the render's process and Pagefind's) and the
 * tree's peak while it ran, which say where a cold render's time and memory go; then rendered
 * again with nothing changed. Without the variable the benchmark measures nothing.
 */

const CORPORA = (process.env.OFFPRINT_BENCH_CORPUS ?? '').split(',').filter(Boolean);

export const corpusBenchmark: Benchmark = {
  name: 'corpus',
  description: CORPORA.length
    ? `render of the Git Sync corpora ${CORPORA.join(', ')}`
    : 'render of a given Git Sync corpus (OFFPRINT_BENCH_CORPUS=DIR; none given, skipped)',
  async run() {
    const figures: Figure[] = [];
    for (const corpus of CORPORA) figures.push(...(await measureCorpus(path.resolve(corpus))));
    return figures;
  },
};

async function measureCorpus(corpus: string): Promise<Figure[]> {
  await stat(path.join(corpus, 'SUMMARY.md')).catch(() => {
    throw new Error(`${corpus}: no SUMMARY.md, not a space in Git Sync layout`);
  });
  const work = path.join(os.tmpdir(), `offprint-bench-corpus-${process.pid}`);
  await rm(work, { recursive: true, force: true });
  try {
    const siteDir = path.join(work, 'site');
    await siteAround(corpus, siteDir);
    const token = 'bench-token';
    const platform = await startLocalPlatform({ dir: siteDir, port: 0, token, pageSize: 1000 });
    try {
      const cacheDir = path.join(work, 'cache');
      const outDir = path.join(work, 'dist');
      await pull({
        apiUrl: platform.url,
        token,
        organizationId: 'corpus',
        siteId: 'docs',
        cacheDir,
        concurrency: 16,
      });
      const full = await renderInChild(cacheDir, outDir);
      const html = await htmlStats(outDir);
      const again = await renderInChild(cacheDir, outDir);
      const label = `corpus of ${full.pages} pages`;
      return [
        { name: `${label}: full render`, value: full.seconds, unit: 's' },
        ...Object.entries(full.phases).map(([phase, seconds]) => ({
          name: `${label}: full render, ${phase} phase`,
          value: seconds,
          unit: 's',
        })),
        { name: `${label}: CPU of the render's process`, value: full.cpuSeconds, unit: 's' },
        { name: `${label}: CPU of Pagefind's process`, value: full.childrenCpuSeconds, unit: 's' },
        ...Object.entries(full.perPhase).flatMap(([phase, { cpu, childrenCpu, peakMiB }]) => [
          { name: `${label}: full render, ${phase} phase, CPU`, value: cpu, unit: 's' },
          {
            name: `${label}: full render, ${phase} phase, Pagefind's CPU`,
            value: childrenCpu,
            unit: 's',
          },
          ...(peakMiB === undefined
            ? []
            : [
                {
                  name: `${label}: full render, ${phase} phase, peak RSS of the tree`,
                  value: peakMiB,
                  unit: 'MiB',
                },
              ]),
        ]),
        {
          name: `${label}: peak RSS of the process tree (Pagefind included)`,
          value: Math.round(full.treePeakKiB / 1024),
          unit: 'MiB',
        },
        ...full.treeAtPeak.slice(0, 2).map((process) => ({
          name: `${label}: at the tree's peak, ${process.name}`,
          value: Math.round(process.kib / 1024),
          unit: 'MiB',
        })),
        { name: `${label}: re-render, nothing changed`, value: again.seconds, unit: 's' },
        { name: `${label}: re-render, nothing changed, CPU`, value: again.cpuSeconds, unit: 's' },
        { name: `${label}: HTML per page (gzip), median`, value: html.medianGzip, unit: 'bytes' },
        {
          name: `${label}: HTML per page (gzip), mean`,
          value: Math.round(html.gzipBytes / html.files),
          unit: 'bytes',
        },
      ];
    } finally {
      await platform.close();
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** A site folder whose one site shows `corpus` as its one space. */
async function siteAround(corpus: string, siteDir: string): Promise<void> {
  await mkdir(path.join(siteDir, 'sites'), { recursive: true });
  await cp(corpus, path.join(siteDir, 'spaces', 'corpus'), { recursive: true });
  await writeFile(
    path.join(siteDir, 'organization.yaml'),
    stringify({ id: 'corpus', title: 'Corpus' }),
  );
  await writeFile(
    path.join(siteDir, 'sites', 'docs.yaml'),
    stringify({
      title: 'Corpus',
      customizations: { title: 'Corpus' },
      siteSpaces: [{ id: 'corpus', space: 'corpus', title: 'Docs' }],
    }),
  );
}
