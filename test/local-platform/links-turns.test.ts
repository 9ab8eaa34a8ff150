import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSite } from '../../scripts/lib/make-site.ts';
import { loadSiteFolder } from '../../src/local-platform/folder.ts';
import { documentPages, linksOf, scanInTurns } from '../../src/local-platform/links.ts';
import type { Content } from '../../src/local-platform/model.ts';
import { tempDir } from '../helpers/fs.ts';

/**
 * A space-wide list reads every page of the space; it gives the event loop back every few pages,
 * so the platform answers other requests meanwhile (a pull's downloads timed out behind a list of
 * 5,000 pages read in one go).
 */
describe('reading a whole space for its links', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let content: Content;

  beforeAll(async () => {
    temp = await tempDir('offprint-links-turns-');
    const dir = path.join(temp.dir, 'site');
    makeSite({ pages: 300, out: dir, spaces: 3 });
    const model = await loadSiteFolder(dir);
    const spaces = [...model.spaces.values()].map((space) => space.content);
    content = spaces.sort(
      (a, b) => documentPages(b.pages).length - documentPages(a.pages).length,
    )[0] as Content;
  });
  afterAll(() => temp?.cleanup());

  it('lets the event loop turn every few pages, and lists what one pass lists', async () => {
    const pages = documentPages(content.pages).length;
    expect(pages).toBeGreaterThanOrEqual(100);
    let turns = 0;
    let done = false;
    const tick = () => {
      if (done) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    await scanInTurns(content);
    done = true;
    expect(turns).toBeGreaterThanOrEqual(Math.floor(pages / 25) - 1);
    expect(linksOf(content).length).toBeGreaterThan(0);
  });
});
