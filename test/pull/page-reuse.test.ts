import { appendFile, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PAGE_DEPTH } from '../../src/api/depth.ts';
import type { Page } from '../../src/api/schemas/index.ts';
import type { RefStyle } from '../../src/local-platform/index.ts';
import { pull } from '../../src/pull/index.ts';
import { PageReuse } from '../../src/pull/page-reuse.ts';
import { copyFolder, tempDir } from '../helpers/fs.ts';
import { EXAMPLE_DIR, type LocalPlatform, startPlatform } from '../helpers/platform.ts';
import { comparable, pullOptions, siteIds, snapshotOf } from '../helpers/pull.ts';

/**
 * Page-level reuse: after each change to the site folder, a pull that reuses the previous
 * snapshot's pages must give exactly the snapshot a fresh pull gives.
 */

type Step = { name: string; change: (space: string) => Promise<void> };

async function editFile(file: string, edit: (text: string) => string): Promise<void> {
  await writeFile(file, edit(await readFile(file, 'utf8')));
}

const steps: Step[] = [
  {
    name: 'one page edited',
    change: (space) =>
      appendFile(path.join(space, 'operations/scrubs.md'), '\nA sentence added by the test.\n'),
  },
  {
    name: 'a page renamed (its file and its id change, links to it break)',
    change: async (space) => {
      await rename(
        path.join(space, 'operations/telemetry.md'),
        path.join(space, 'operations/telemetry-streaming.md'),
      );
      await editFile(path.join(space, 'SUMMARY.md'), (t) =>
        t.replace('(operations/telemetry.md)', '(operations/telemetry-streaming.md)'),
      );
    },
  },
  {
    name: 'a page moved to another folder and parent (relative links change meaning)',
    change: async (space) => {
      await rename(
        path.join(space, 'concepts/payloads.md'),
        path.join(space, 'operations/payloads.md'),
      );
      await editFile(path.join(space, 'SUMMARY.md'), (t) =>
        t
          .replace('  * [Payloads](concepts/payloads.md)\n', '')
          .replace(
            '* [Release notes](operations/release-notes.md)\n',
            '* [Release notes](operations/release-notes.md)\n  * [Payloads](operations/payloads.md)\n',
          ),
      );
    },
  },
  {
    name: 'a page deleted',
    change: async (space) => {
      await rm(path.join(space, 'operations/migrating-from-v1.md'));
      await editFile(path.join(space, 'SUMMARY.md'), (t) =>
        t.replace('* [Migrating from v1](operations/migrating-from-v1.md)\n', ''),
      );
    },
  },
  {
    name: 'a new page that links to others, and a link now resolving',
    change: async (space) => {
      await writeFile(
        path.join(space, 'operations/telemetry.md'),
        '# Telemetry\n\nSee [missions](../concepts/missions.md) and ![](../.gitbook/assets/acme-logo.png).\n',
      );
      await editFile(path.join(space, 'SUMMARY.md'), (t) =>
        t.replace(
          '* [Scrubs and holds](operations/scrubs.md)\n',
          '* [Scrubs and holds](operations/scrubs.md)\n* [Telemetry](operations/telemetry.md)\n',
        ),
      );
    },
  },
  {
    name: 'reusable content changed',
    change: (space) =>
      appendFile(
        path.join(space, '.gitbook/includes/range-safety-notice.md'),
        '\nA line added to the include.\n',
      ),
  },
  {
    name: 'an image replaced by other bytes',
    change: async (space) => {
      const logo = path.join(space, '.gitbook/assets/acme-logo.png');
      await writeFile(logo, await readFile(path.join(space, '.gitbook/assets/favicon.png')));
    },
  },
];

describe.each<RefStyle>(['download-url', 'stable-ref'])(
  'incremental pull (%s markdown)',
  (refStyle) => {
    let platform: LocalPlatform;
    let ids: Awaited<ReturnType<typeof siteIds>>;
    let root: { dir: string; cleanup: () => Promise<void> };
    let space: string;
    let incremental: string;

    beforeAll(async () => {
      root = await tempDir();
      const folder = await copyFolder(EXAMPLE_DIR, path.join(root.dir, 'site'));
      space = path.join(folder, 'spaces/guides-v2');
      platform = await startPlatform({ dir: folder, refStyle });
      ids = await siteIds(platform);
      incremental = path.join(root.dir, 'incremental');
      await pull(pullOptions(platform, ids, incremental));
    });
    afterAll(async () => {
      await platform?.close();
      await root?.cleanup();
    });

    it.each(steps.map((step, i) => [step.name, i] as const))('%s', async (_name, i) => {
      await (steps[i] as Step).change(space);
      await platform.reload();
      platform.requests.length = 0;
      const result = await pull(pullOptions(platform, ids, incremental));
      const pageRequests = platform.requests.filter((r) => /\/pages?\//.test(r.path)).length;

      const fresh = path.join(root.dir, `fresh-${i}`);
      const full = await pull(pullOptions(platform, ids, fresh));
      expect(await comparable(snapshotOf(incremental))).toEqual(
        await comparable(snapshotOf(fresh)),
      );
      // The changed space was fetched, yet most of its pages came from the previous snapshot.
      expect(result.stats.spacesFetched).toBe(1);
      expect(result.stats.pagesReused).toBeGreaterThan(0);
      expect(pageRequests).toBeLessThan(full.stats.pages);
    });
  },
);

describe('page reuse in a deep tree', () => {
  /** A chain of `depth` group pages, a document page at its bottom. */
  const chain = (depth: number, rename = ''): Page[] => {
    let pages: Page[] = [{ id: 'leaf', title: 'Leaf', type: 'document', path: 'leaf' }];
    for (let level = depth; level >= 1; level--) {
      const path = level === 1 ? `level-1${rename}` : `level-${level}`;
      pages = [{ id: `deep-${level}`, title: `Level ${level}`, type: 'group', path, pages }];
    }
    return pages;
  };
  const markdown = '# Leaf\n\nNothing it points at.\n';

  // As deep as the API layer lets a tree be (MAX_PAGE_DEPTH): each level's key once held its
  // parent's escaped again, 2^depth characters, so that reuse gave up past 27 levels.
  it(`keeps a page ${MAX_PAGE_DEPTH} levels down, unless an ancestor moved`, () => {
    const before = { pages: chain(MAX_PAGE_DEPTH), files: [] };
    const same = new PageReuse(before, { pages: chain(MAX_PAGE_DEPTH), files: [] });
    expect(same.reusedMarkdown('leaf', markdown)).toBe(markdown);
    const moved = new PageReuse(before, { pages: chain(MAX_PAGE_DEPTH, '-renamed'), files: [] });
    expect(moved.reusedMarkdown('leaf', markdown)).toBeUndefined();
  });
});
