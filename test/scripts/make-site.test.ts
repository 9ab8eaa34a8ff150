import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeSite } from '../../scripts/lib/make-site.ts';
import {
  checkSiteFolder,
  existingPages,
  folderDigest,
  listFiles,
  readSummary,
  readYaml,
  SpaceView,
} from './site-folder.ts';

const work = mkdtempSync(join(tmpdir(), 'offprint-make-site-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function spaceIds(dir: string): string[] {
  const site = readYaml(join(dir, 'sites/docs.yaml')) as {
    sections: { siteSpaces: { space: string }[] }[];
  };
  return site.sections.flatMap((section) => section.siteSpaces.map((siteSpace) => siteSpace.space));
}

describe('makeSite', () => {
  const out = join(work, 'site-1200');
  let result: ReturnType<typeof makeSite>;
  beforeAll(() => {
    result = makeSite({ pages: 1200, out, seed: 7 });
  });

  it('writes exactly the requested number of pages, all listed in a SUMMARY', () => {
    const pages = spaceIds(out).map(
      (id) => existingPages(new SpaceView([join(out, 'spaces', id)])).length,
    );
    expect(pages.reduce((sum, count) => sum + count, 0)).toBe(1200);
    const files = listFiles(join(out, 'spaces')).filter(
      (path) => path.endsWith('.md') && !path.endsWith('/SUMMARY.md'),
    );
    expect(files).toHaveLength(1200);
    expect(result).toMatchObject({ pages: 1200, sections: 3, spaces: 4 });
  });

  it('produces a self-consistent folder: ids, site spaces, SUMMARY entries, links and anchors', () => {
    expect(checkSiteFolder(out)).toEqual([]);
  });

  it('mixes nesting up to 3 deep, group headings, a section group and a variant pair', () => {
    const summaries = spaceIds(out).map((id) =>
      readSummary(readFileSync(join(out, 'spaces', id, 'SUMMARY.md'), 'utf8')),
    );
    const depths = summaries.flatMap((summary) => summary.entries.map((entry) => entry.depth));
    expect(Math.max(...depths)).toBe(3);
    expect(summaries.every((summary) => summary.groups.length > 0)).toBe(true);

    const site = readYaml(join(out, 'sites/docs.yaml')) as {
      sectionGroups: unknown[];
      sections: { group?: string; siteSpaces: { path: string; space: string }[] }[];
    };
    expect(site.sectionGroups).toHaveLength(1);
    expect(site.sections.some((section) => section.group)).toBe(true);
    const [v2, v1] = site.sections[0]?.siteSpaces ?? [];
    expect([v2?.path, v1?.path]).toEqual(['v2', 'v1']);
    const paths = (space = '') =>
      readSummary(readFileSync(join(out, 'spaces', space, 'SUMMARY.md'), 'utf8')).entries.map(
        (e) => e.target,
      );
    const v1Paths = paths(v1?.space);
    expect(paths(v2?.space).slice(0, v1Paths.length)).toEqual(v1Paths);
  });

  it('uses the varied Git Sync blocks and averages around 5 KB of markdown a page', () => {
    const pages = listFiles(out).filter(
      (path) => path.endsWith('.md') && !path.endsWith('SUMMARY.md'),
    );
    const all = pages.map((path) => readFileSync(join(out, path), 'utf8')).join('\n');
    for (const marker of [
      '{% hint',
      '{% tabs %}',
      '{% code title=',
      '| --- |',
      '<figure>',
      '```go',
      '```python',
      '### ',
    ]) {
      expect(all).toContain(marker);
    }
    const average =
      pages.reduce((sum, path) => sum + statSync(join(out, path)).size, 0) / pages.length;
    expect(average).toBeGreaterThan(4000);
    expect(average).toBeLessThan(6500);
  });

  it('is deterministic for a seed and varies with it', () => {
    const again = join(work, 'again');
    const other = join(work, 'other');
    makeSite({ pages: 1200, out: again, seed: 7 });
    makeSite({ pages: 1200, out: other, seed: 8 });
    expect(folderDigest(again)).toBe(folderDigest(out));
    expect(folderDigest(other)).not.toBe(folderDigest(out));
  });

  it('replaces an earlier site folder but refuses to wipe an unrelated folder', () => {
    const reused = join(work, 'reused');
    makeSite({ pages: 400, out: reused, seed: 1 });
    makeSite({ pages: 30, out: reused, seed: 1 });
    expect(listFiles(reused).filter((path) => path.endsWith('.md'))).toHaveLength(30 + 3);

    const unrelated = join(work, 'unrelated');
    mkdirSync(unrelated);
    writeFileSync(join(unrelated, 'notes.txt'), 'keep me');
    expect(() => makeSite({ pages: 30, out: unrelated })).toThrow(/refusing to overwrite/);
    expect(readFileSync(join(unrelated, 'notes.txt'), 'utf8')).toBe('keep me');
  });

  it('rejects fewer pages than spaces', () => {
    expect(() => makeSite({ pages: 2, out: join(work, 'tiny') })).toThrow(/at least 3/);
    expect(() => makeSite({ pages: 10, out: join(work, 'tiny'), spaces: 11 })).toThrow(
      /spaces must be a whole number from 3 to the pages \(10\)/,
    );
    expect(() => makeSite({ pages: 10, out: join(work, 'tiny'), spaces: 2 })).toThrow(/spaces/);
  });

  it('shares the pages evenly over the number of site spaces asked for', () => {
    const eight = join(work, 'eight');
    expect(makeSite({ pages: 803, out: eight, seed: 2, spaces: 8 })).toMatchObject({
      pages: 803,
      spaces: 8,
      sections: 7,
    });
    const pages = spaceIds(eight).map(
      (id) => existingPages(new SpaceView([join(eight, 'spaces', id)])).length,
    );
    expect(pages).toEqual([101, 101, 101, 100, 100, 100, 100, 100]);
    expect(checkSiteFolder(eight)).toEqual([]);
  });
});
