import { mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BuildDataWriter } from '../../src/render/build-data.ts';
import { SearchStage } from '../../src/render/stages/search.ts';
import type { PageView, SiteView } from '../../src/view/view.ts';
import { tempDir } from '../helpers/fs.ts';

/**
 * Pagefind numbers pages in the order they are added: the search stage adds them in the site's
 * order whenever it starts (before the first page, amid them, after the last) and in whatever
 * order the pages stage hands them over, so the index is the same.
 */
describe('the search stage', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  const site = { lang: 'en', tabs: [] } as unknown as SiteView;
  const words = ['albatross', 'bittern', 'cormorant', 'dunlin', 'eider', 'fulmar', 'gannet'];
  // More than the stage keeps in memory ahead of the feed (256): the rest is read back.
  const pages: PageView[] = Array.from({ length: 300 }, (_, i) => ({
    key: `space-${i % 3}:page-${i}`,
    url: `/p${i}/`,
    outputFile: `p${i}/index.html`,
    title: `Page ${i}`,
    layout: { title: true, description: true },
    description: `About ${words[i % words.length]}`,
    indexable: i % 9 !== 4,
    html: `<p>${words[(i * 3) % words.length]} and ${words[(i * 5) % words.length]} ${i}</p><h2 id="more">More</h2><p>${words[i % words.length]}</p>`,
    siteSpaces: [],
    sidebar: [],
    outline: [{ depth: 2, id: 'more', text: 'More' }],
  })) as unknown as PageView[];

  beforeAll(async () => {
    temp = await tempDir();
  });
  afterAll(() => temp?.cleanup());

  /** The index written when the stage starts after `startAfter` pages were handed over, the
   * pages handed over from last to first. */
  async function indexOf(name: string, startAfter: number): Promise<Map<string, Buffer>> {
    const data = new BuildDataWriter(path.join(temp.dir, `${name}-data`));
    await data.site(site);
    const out = path.join(temp.dir, name);
    await mkdir(out, { recursive: true });
    const stage = new SearchStage({ data, site, pages: pages.length });
    try {
      const order = pages.map((_, position) => pages.length - 1 - position);
      for (const [handed, position] of order.entries()) {
        if (handed === startAfter) stage.start();
        const page = pages[position] as PageView;
        await data.page(page, '/', position);
        stage.page(position, page);
      }
      const stats = await stage.finish(out);
      expect(stats.pages).toBe(pages.filter((page) => page.indexable).length);
    } finally {
      await stage.close();
      await data.close();
    }
    const bundle = path.join(out, 'pagefind');
    const files = new Map<string, Buffer>();
    for (const dir of ['index', 'fragment'])
      for (const file of await readdir(path.join(bundle, dir)))
        files.set(`${dir}/${file}`, await readFile(path.join(bundle, dir, file)));
    return files;
  }

  it('writes one index whenever it starts', async () => {
    const first = await indexOf('first', 0);
    expect(first.size).toBeGreaterThan(pages.length / 2);
    for (const [name, startAfter] of [
      ['amid', 170],
      ['last', pages.length],
    ] as const) {
      const other = await indexOf(name, startAfter);
      expect([...other.keys()].sort(), name).toEqual([...first.keys()].sort());
      for (const [file, bytes] of first) expect(other.get(file)?.equals(bytes), file).toBe(true);
    }
  }, 60_000);
});
