/**
 * The worker pool renders exactly what `renderMarkdown` renders in-process, and a page too large
 * for its workers' heap cap still renders.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/markdown/index.ts';
import { createRenderPool } from '../../src/markdown/pool.ts';
import { CURRENT_PATH, testResolver, testResolverData } from './test-resolver.ts';

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'markdown');
const pages = ['tabs/basic', 'code/code-tag', 'include/forms', 'references/forms', 'math/math'].map(
  (name) => readFileSync(join(FIXTURES, `${name}.md`), 'utf8'),
);

describe('render pool', () => {
  const pool = createRenderPool({ size: 2, resolver: { data: testResolverData } });
  afterAll(() => pool.close());

  it('renders pages in workers like in-process', async () => {
    await pool.ready();
    const results = await Promise.all(
      pages.map((markdown) => pool.render({ markdown, currentPath: CURRENT_PATH })),
    );
    for (const [i, markdown] of pages.entries()) {
      const local = await renderMarkdown(markdown, {
        resolver: testResolver,
        currentPath: CURRENT_PATH,
      });
      expect(results[i]?.html).toBe(local.html);
      expect(results[i]?.brokenLinks).toEqual(local.brokenLinks);
      expect(results[i]?.outline).toEqual(local.outline);
    }
  }, 60_000);

  it('marks a page against its previous markdown in a worker like in-process', async () => {
    const job = {
      markdown: 'A.\n\nB, edited.\n',
      previous: 'A.\n\nB.\n',
      currentPath: CURRENT_PATH,
    };
    const [inWorker, local] = await Promise.all([
      pool.render(job),
      renderMarkdown(job.markdown, { resolver: testResolver, ...job }),
    ]);
    expect(inWorker.changes).toEqual({ added: 0, removed: 0, changed: 1 });
    expect(inWorker.html).toBe(local.html);
    expect(inWorker.html).toContain('data-change="removed"');
  }, 60_000);

  it('rejects after close', async () => {
    const small = createRenderPool({
      size: 1,
      resolver: { data: testResolverData },
      highlight: false,
    });
    await small.close();
    await expect(small.render({ markdown: 'x', currentPath: 'a.md' })).rejects.toThrow(/closed/);
  });

  it('renders a page too large for the heap cap again in a worker without it, then goes on capped', async () => {
    // 5 MB of markdown needs over 64 MB of heap to render (measured); the cap is 48 MB, which
    // leaves a started worker room for a small page (at 32 MB one sometimes ran out of heap too).
    const paragraph =
      'Lorem ipsum <b onmouseover="alert(1)">dolor</b> sit amet, consectetur adipiscing elit.\n\n';
    const big = `# Big page\n\n${paragraph.repeat(Math.ceil((5 * 1024 * 1024) / paragraph.length))}`;
    const capped = createRenderPool({
      size: 1,
      resolver: { data: testResolverData },
      highlight: false,
      heapLimits: { oldGenerationMb: 48, youngGenerationMb: 8 },
    });
    try {
      await capped.ready();
      const result = await capped.render({ markdown: big, currentPath: CURRENT_PATH });
      expect(capped.stats().retried).toBe(1);
      const local = await renderMarkdown(big, {
        resolver: testResolver,
        currentPath: CURRENT_PATH,
        highlighter: false,
      });
      expect(result.html).toBe(local.html);
      // The capped worker that took the failed one's place renders the next page.
      const [small] = pages;
      const next = await capped.render({ markdown: small as string, currentPath: CURRENT_PATH });
      expect(next.html).toBe(
        (
          await renderMarkdown(small as string, {
            resolver: testResolver,
            currentPath: CURRENT_PATH,
            highlighter: false,
          })
        ).html,
      );
      expect(capped.stats().retried).toBe(1);
    } finally {
      await capped.close();
    }
  }, 120_000);
});
