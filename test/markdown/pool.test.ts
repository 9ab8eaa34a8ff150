/**
 * The worker pool renders exactly what `renderMarkdown` renders in-process.
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

  it('rejects after close', async () => {
    const small = createRenderPool({
      size: 1,
      resolver: { data: testResolverData },
      highlight: false,
    });
    await small.close();
    await expect(small.render({ markdown: 'x', currentPath: 'a.md' })).rejects.toThrow(/closed/);
  });
});
