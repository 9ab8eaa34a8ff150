import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { createCodeHighlighter, renderMarkdown } from '../../src/markdown/index.ts';
import { loadSiteModel } from '../../src/site/index.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { SnapshotStore } from '../../src/snapshot/store.ts';

/** Pages timed: enough for a steady rate, few enough to keep the bench short. */
const SAMPLE = 600;
/** Rendered first and not timed: grammars compile, the JIT warms up. */
const WARM_UP = 40;

export interface MarkdownRates {
  /** remark-parse + remark-gfm + remark-rehype + rehype-stringify: no highlighting, no plugins. */
  floor: number;
  /** `renderMarkdown`, what the render's workers run for each page. */
  offprint: number;
  pages: number;
}

/**
 * The markdown stage alone beside the floor of its stack, both in pages per second on one thread
 * over the same pages of a pulled snapshot, measured in CPU time (robust to other load on the
 * machine, and per core by construction).
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
  const timed = pages.slice(WARM_UP);

  const plain = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype)
    .use(rehypeStringify)
    .freeze();
  for (const { markdown } of pages.slice(0, WARM_UP)) plain.processSync(markdown);
  const floor = perSecond(timed.length, () => {
    for (const { markdown } of timed) plain.processSync(markdown);
  });

  const highlighter = createCodeHighlighter();
  const renderAll = async (list: typeof pages) => {
    for (const { page, markdown } of list)
      await renderMarkdown(markdown, {
        resolver: model.resolverFor(page.key),
        currentPath: page.source.path,
        pageTitle: page.title,
        highlighter,
      });
  };
  await renderAll(pages.slice(0, WARM_UP));
  const started = process.cpuUsage();
  await renderAll(timed);
  const offprint = timed.length / cpuSeconds(started);
  return { floor, offprint, pages: timed.length };
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
