import { spawn } from 'node:child_process';
import { mkdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalPlatform } from '../../src/local-platform/server.ts';
import { makeOneSpaceSite } from '../lib/one-space-site.ts';
import type { Benchmark, Figure } from './types.ts';

/** Site sizes, each rendered in turn; with two, the larger's time and peak beside the smaller's
 * (issue #35: 50,000 pages in at most 5.5× the time of 10,000, the peak within 1.3×). */
const SIZES = (process.env.OFFPRINT_BENCH_ONE_SPACE_PAGES ?? '10000,50000').split(',').map(Number);
const CHILD = fileURLToPath(new URL('./one-space-child.ts', import.meta.url));

interface ChildReport {
  pages: number;
  pullSeconds: number;
  modelSeconds: number;
  modelMaxRssKiB: number;
  renderSeconds: number;
  phases: Record<string, number>;
  pullMaxRssKiB: number;
  maxRssKiB: number;
  treePeakKiB: number;
  treeAtPeak: { name: string; kib: number }[];
}

/**
 * Issue #10's scale case: one site space of 50,000 pages (and of 10,000 beside it), pulled from
 * the local platform and rendered into dist/ in a child process, so its peak RSS is the build's own and nothing else's
 * (the platform runs here, in the benchmark's process).
 */
export const oneSpaceBenchmark: Benchmark = {
  name: 'one-space',
  description: `pull + render of one site space of ${SIZES.join(' and ')} pages (time and peak RSS)`,
  async run() {
    const figures: Figure[] = [];
    const reports = new Map<number, ChildReport>();
    for (const pages of SIZES) {
      const report = await oneSpace(pages);
      reports.set(pages, report);
      figures.push(...figuresOf(pages, report));
    }
    const [small, large] = SIZES;
    const smallReport = small === undefined ? undefined : reports.get(small);
    const largeReport = large === undefined ? undefined : reports.get(large);
    if (smallReport && largeReport) {
      const label = `${large} ÷ ${small} pages in one space`;
      figures.push(
        {
          name: `${label}: render time`,
          value: largeReport.renderSeconds / smallReport.renderSeconds,
          unit: 'x',
        },
        {
          name: `${label}: render, peak RSS of the process tree`,
          value: largeReport.treePeakKiB / smallReport.treePeakKiB,
          unit: 'x',
        },
      );
    }
    return figures;
  },
};

/** One site space of `pages` pages pulled and rendered in a child process. */
async function oneSpace(pages: number): Promise<ChildReport> {
  const work = path.join(os.tmpdir(), `offprint-bench-one-space-${process.pid}-${pages}`);
  await rm(work, { recursive: true, force: true });
  await mkdir(work, { recursive: true });
  try {
    const siteDir = path.join(work, 'site');
    makeOneSpaceSite({ pages: pages, out: siteDir });
    const token = 'bench-token';
    const platform = await startLocalPlatform({ dir: siteDir, port: 0, token, pageSize: 1000 });
    return await runChild(platform.url, token, work).finally(() => platform.close());
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function figuresOf(pages: number, report: ChildReport): Figure[] {
  return [
    { name: `${pages} pages in one space: pull`, value: report.pullSeconds, unit: 's' },
    { name: `${pages} pages in one space: site model`, value: report.modelSeconds, unit: 's' },
    {
      name: `${pages} pages in one space: peak RSS after site model`,
      value: Math.round(report.modelMaxRssKiB / 1024),
      unit: 'MiB',
    },
    { name: `${pages} pages in one space: render`, value: report.renderSeconds, unit: 's' },
    ...Object.entries(report.phases).map(([phase, seconds]) => ({
      name: `${pages} pages in one space: render, ${phase} phase`,
      value: seconds,
      unit: 's',
    })),
    {
      name: `${pages} pages in one space: peak RSS after pull`,
      value: Math.round(report.pullMaxRssKiB / 1024),
      unit: 'MiB',
    },
    {
      name: `${pages} pages in one space: peak RSS (pull + render)`,
      value: Math.round(report.maxRssKiB / 1024),
      unit: 'MiB',
    },
    {
      name: `${pages} pages in one space: render, peak RSS of the process tree (Pagefind included)`,
      value: Math.round(report.treePeakKiB / 1024),
      unit: 'MiB',
    },
    ...report.treeAtPeak.slice(0, 3).map((process) => ({
      name: `${pages} pages in one space: render, at the tree's peak, ${process.name}`,
      value: Math.round(process.kib / 1024),
      unit: 'MiB',
    })),
    { name: `${pages} pages in one space: pages rendered`, value: report.pages, unit: 'pages' },
  ];
}

function runChild(apiUrl: string, token: string, work: string): Promise<ChildReport> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CHILD, apiUrl, work], {
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, CI: 'true', OFFPRINT_BENCH_TOKEN: token },
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      // Stage lines as they come: a render too slow to wait for still shows pull and model.
      process.stderr.write(`  one-space child: ${chunk}`);
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const line = stdout.trim().split('\n').pop() ?? '';
      if (code !== 0) return reject(new Error(`one-space child exited with ${code}: ${line}`));
      try {
        resolve(JSON.parse(line) as ChildReport);
      } catch {
        reject(new Error(`one-space child printed no report: ${line}`));
      }
    });
  });
}
