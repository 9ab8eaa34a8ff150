import { availableParallelism } from 'node:os';
import { GCProfiler, getHeapStatistics } from 'node:v8';
import { Worker } from 'node:worker_threads';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import {
  type CodeHighlighter,
  createCodeHighlighter,
  renderMarkdown,
} from '../../src/markdown/index.ts';
import { createRenderPool } from '../../src/markdown/pool.ts';
import { WORKER_HEAP } from '../../src/render/stages/markdown.ts';
import { loadSiteModel } from '../../src/site/index.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { SnapshotStore } from '../../src/snapshot/store.ts';

/** Pages timed: enough for a steady rate, few enough to keep the bench short. */
const SAMPLE = 600;
/**
 * Rendered first and not timed, by the floor and by Offprint alike, on every thread that is
 * timed: grammars compile, the JIT warms up. Other pages than the timed ones, so that no cache
 * (Shiki's tokens, V8's feedback) has seen a timed page before it is timed.
 */
const WARM_UP = 600;

export interface MarkdownRates {
  /** remark-parse + remark-gfm + remark-rehype + rehype-stringify: no highlighting, no plugins. */
  floor: number;
  /** `renderMarkdown`, what the render's workers run for each page. */
  offprint: number;
  /** `renderMarkdown` without syntax highlighting (code blocks left plain). */
  offprintUnhighlighted: number;
  pages: number;
  /** The same pages on every core, in wall time: the floor in one worker thread per core. */
  floorAllCores: number;
  /** The floor in a single worker thread, in wall time: what `floorAllCores` is compared with
   * (the one-thread `floor` above runs in this process, beside the site model, in CPU time). */
  floorOneWorker: number;
  /** The same pages on every core, in wall time: the render's own worker pool. */
  offprintAllCores: number;
  /** CPU time of this process (every thread: workers, main, V8's collector helpers) per page
   * while the floor ran on every core, in ms: robust to other load where wall time is not. */
  floorAllCoresCpuMs: number;
  /** The same while the render's worker pool ran on every core. */
  offprintAllCoresCpuMs: number;
  /** Bytes the JavaScript heap allocated per page on one thread (`allocatedBytes`). */
  floorBytesPerPage: number;
  offprintBytesPerPage: number;
  cores: number;
}

/**
 * Runs `work` and tells how many bytes the heap allocated meanwhile: what each collection freed
 * (V8's own heap statistics before and after it, from `GCProfiler`) plus the growth of the used
 * heap. Node has no allocation counter; this one is exact but for objects a collection that
 * began before `work` frees.
 */
export async function allocatedBytes(work: () => Promise<void> | void): Promise<number> {
  const profiler = new GCProfiler();
  const before = getHeapStatistics().used_heap_size;
  profiler.start();
  await work();
  const after = getHeapStatistics().used_heap_size;
  const { statistics } = profiler.stop() as unknown as { statistics: GcStatistic[] };
  let freed = 0;
  for (const gc of statistics)
    freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
  return freed + after - before;
}

interface GcStatistic {
  beforeGC: { heapStatistics: { usedHeapSize: number } };
  afterGC: { heapStatistics: { usedHeapSize: number } };
}

/**
 * The markdown stage alone beside the floor of its stack on the same pages of a pulled snapshot:
 * in pages per second on one thread, measured in CPU time (robust to other load on the machine,
 * and per core by construction); then on every core at once, in wall time (the floor in one
 * worker thread per core, Offprint in the render's worker pool), which tells how far more cores
 * carry either on this machine.
 */
export async function markdownRates(cacheDir: string): Promise<MarkdownRates> {
  const snapshotDir = await new SnapshotStore(cacheDir).current();
  if (!snapshotDir) throw new Error(`no snapshot in ${cacheDir}`);
  const snapshot = await Snapshot.open(snapshotDir);
  const model = await loadSiteModel(snapshot, {});
  const pages: { page: (typeof model.pages)[number]; markdown: string }[] = [];
  for (const page of model.pages.slice(0, SAMPLE + WARM_UP)) {
    const markdown = await snapshot.pageMarkdown(page.source.spaceId, page.source.pageId);
    if (markdown !== undefined) pages.push({ page, markdown });
  }
  const timed = pages.slice(0, SAMPLE);
  const warmUp = pages.slice(SAMPLE);

  const plain = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype)
    .use(rehypeStringify)
    .freeze();
  for (const { markdown } of warmUp) plain.processSync(markdown);
  const floor = perSecond(timed.length, () => {
    for (const { markdown } of timed) plain.processSync(markdown);
  });
  const floorBytes = await allocatedBytes(() => {
    for (const { markdown } of timed) plain.processSync(markdown);
  });

  const renderAll = async (list: typeof pages, highlighter: CodeHighlighter | false) => {
    for (const { page, markdown } of list)
      await renderMarkdown(markdown, {
        resolver: model.resolverFor(page.key),
        currentPath: page.source.path,
        pageTitle: page.title,
        highlighter,
      });
  };
  const rate = async (highlighter: CodeHighlighter | false) => {
    await renderAll(warmUp, highlighter);
    const started = process.cpuUsage();
    await renderAll(timed, highlighter);
    return timed.length / cpuSeconds(started);
  };
  const highlighter = createCodeHighlighter();
  const offprint = await rate(highlighter);
  // Allocation per page, measured apart from the timed run (the profiler costs a little). The
  // highlighter is the warmed one a worker keeps, as in the pool.
  const offprintBytes = await allocatedBytes(() => renderAll(timed, highlighter));
  // The same without syntax highlighting: how much of the distance to the floor is Shiki's.
  const offprintUnhighlighted = await rate(false);

  // All cores, wall time: what the machine gives when every core runs the pipeline at once (the
  // cores share caches and memory bandwidth, so this is less than the one-thread rate × cores).
  const cores = availableParallelism();
  const markdown = timed.map(({ markdown }) => markdown);
  const warmUpMarkdown = warmUp.map(({ markdown }) => markdown);
  const floorOneWorker = (await floorOnCores(markdown, warmUpMarkdown, 1)).rate;
  const floorOnAll = await floorOnCores(markdown, warmUpMarkdown, cores);
  const pool = createRenderPool({
    size: cores,
    heapLimits: WORKER_HEAP,
    resolver: {
      module: new URL('../../src/render/worker-resolver.ts', import.meta.url).href,
      exportName: 'createResolver',
      data: { snapshotDir },
    },
  });
  try {
    await pool.ready();
    const job = ({ page, markdown }: (typeof pages)[number]) =>
      pool.render({
        markdown,
        currentPath: page.source.path,
        pageTitle: page.title,
        context: page.key,
      });
    await Promise.all(warmUp.map(job));
    const began = performance.now();
    const cpuBefore = process.cpuUsage();
    await Promise.all(timed.map(job));
    const offprintAllCores = timed.length / ((performance.now() - began) / 1000);
    const offprintAllCoresCpuMs = (cpuSeconds(cpuBefore) * 1000) / timed.length;
    return {
      floor,
      offprint,
      offprintUnhighlighted,
      pages: timed.length,
      floorAllCores: floorOnAll.rate,
      floorOneWorker,
      offprintAllCores,
      floorAllCoresCpuMs: floorOnAll.cpuMsPerPage,
      offprintAllCoresCpuMs,
      floorBytesPerPage: floorBytes / timed.length,
      offprintBytesPerPage: offprintBytes / timed.length,
      cores,
    };
  } finally {
    await pool.close();
  }
}

/** The plain pipeline in one worker thread per core, each over its share of the pages (after its
 * share of the warm-up pages): pages per second of wall time, and this process's CPU per page. */
async function floorOnCores(
  markdown: string[],
  warmUp: string[],
  cores: number,
): Promise<{ rate: number; cpuMsPerPage: number }> {
  const modules = [
    'unified',
    'remark-parse',
    'remark-gfm',
    'remark-rehype',
    'rehype-stringify',
  ].map((name) => import.meta.resolve(name));
  // Plain JavaScript evaluated in the worker: no TypeScript loader needed there.
  const code = `(async () => {
    const { parentPort, workerData } = require('node:worker_threads');
    const [{ unified }, ...plugins] = await Promise.all(workerData.modules.map((m) => import(m)));
    let processor = unified();
    for (const plugin of plugins) processor = processor.use(plugin.default);
    processor = processor.freeze();
    for (const page of workerData.warmUp) processor.processSync(page);
    parentPort.postMessage('ready');
    parentPort.once('message', () => {
      for (const page of workerData.pages) processor.processSync(page);
      parentPort.postMessage('done');
    });
  })();`;
  const workers = Array.from({ length: cores }, (_, i) => {
    const share = (list: string[]) => list.filter((_, n) => n % cores === i);
    return new Worker(code, {
      eval: true,
      workerData: { modules, pages: share(markdown), warmUp: share(warmUp) },
    });
  });
  try {
    const message = (worker: Worker) =>
      new Promise<void>((resolve, reject) => {
        worker.once('message', () => resolve());
        worker.once('error', reject);
      });
    await Promise.all(workers.map(message));
    const began = performance.now();
    const cpuBefore = process.cpuUsage();
    const done = workers.map(message);
    for (const worker of workers) worker.postMessage('go');
    await Promise.all(done);
    return {
      rate: markdown.length / ((performance.now() - began) / 1000),
      cpuMsPerPage: (cpuSeconds(cpuBefore) * 1000) / markdown.length,
    };
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

function perSecond(count: number, work: () => void): number {
  const started = process.cpuUsage();
  work();
  return count / cpuSeconds(started);
}

function cpuSeconds(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1e6;
}
