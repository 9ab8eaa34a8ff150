import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeHostingFiles } from '../../src/hosting/write-outputs.ts';
import { buildSiteModel } from '../../src/site/index.ts';
import { doc, makeSite } from '../site/helpers.ts';

describe('.md copies', () => {
  let dir: string | undefined;
  afterEach(() => (dir ? rm(dir, { recursive: true, force: true }) : undefined));

  it('gives index.md to the home page, not to a page at /index/, on every build', async () => {
    const model = buildSiteModel(
      makeSite({
        spaces: [
          {
            id: 'docs',
            path: '',
            default: true,
            // The first page is the home page, at /; the second is at /index/.
            pages: [doc('readme', 'Home'), doc('index', 'A page named index')],
          },
        ],
      }),
    );
    const byPath = model.pages.map((page) => [page.url, page.title]);
    expect(byPath).toContainEqual(['/index/', 'A page named index']);
    for (let build = 0; build < 5; build++) {
      dir = await mkdtemp(path.join(tmpdir(), 'offprint-copies-'));
      const result = await writeHostingFiles({
        model,
        dir,
        indexed: true,
        markdownOf: async (page) => `body of ${page.title}\n`,
        descriptions: new Map(),
      });
      const home = model.pages.find((page) => page.url === '/');
      expect(await readFile(path.join(dir, 'index.md'), 'utf8')).toBe(
        `# ${home?.title}\n\nbody of ${home?.title}\n`,
      );
      expect(result.warnings).toContain('/index/: no .md copy, index.md is taken by another page');
      // llms-full.txt holds each copy once.
      const full = await readFile(path.join(dir, 'llms-full.txt'), 'utf8');
      expect(full.split(`body of ${home?.title}`).length).toBe(2);
      await rm(dir, { recursive: true, force: true });
    }
  });
});
