import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { type RenderProgress, render } from '../../src/render/index.ts';
import { useExampleCache } from '../helpers/example-cache.ts';

vi.setConfig({ testTimeout: 120_000 });

/**
 * What a render tells `onProgress`: each long phase counted up to its total, one item at
 * a time, from the snapshot of the example built for the run, into a fresh output.
 */
describe('render progress events', () => {
  const example = useExampleCache('offprint-render-progress-');

  it('counts images, markdown, Astro and search up to their totals', async () => {
    const events: RenderProgress[] = [];
    const outDir = path.join(example.dir, 'dist');
    const result = await render({
      cacheDir: example.cache,
      outDir,
      onProgress: (event) => events.push(event),
    });
    const counts = (phase: RenderProgress['phase']) =>
      events
        .filter((event) => event.phase === phase)
        .map((event) => `${event.done}/${event.total}`);
    const pages = result.pages + result.aliases;
    const upTo = (total: number, from = 0) =>
      Array.from({ length: total - from + 1 }, (_, i) => `${from + i}/${total}`);
    expect(counts('markdown')).toEqual(upTo(pages));
    expect(counts('astro')).toEqual(upTo(pages));
    expect(counts('search')).toEqual(upTo(pages));
    // The image stage counts each image as a page wants it and as it is done, beside the pages.
    const images = events.filter((event) => event.phase === 'images');
    expect(images.at(-1)?.total).toBeGreaterThan(0);
    expect(images.at(-1)?.done).toBe(images.at(-1)?.total);
    expect(images.map((event) => event.done)).toEqual(
      [...images.map((event) => event.done)].sort((a, b) => a - b),
    );
  });
});
