import { describe, expect, it } from 'vitest';
import { buildReport, platformBrokenLinks, summarize } from '../../src/hosting/link-report.ts';

describe('the platform link reports', () => {
  it('keep broken items only, one per page holding the link, with the page URL when known', () => {
    const urls = new Map([['p1', '/docs/a/']]);
    const items = [
      {
        status: 'broken',
        targetReference: { kind: 'url', url: 'gone.md' },
        locationReferences: [
          { kind: 'page', page: 'p1' },
          { kind: 'page', page: 'p-unknown' },
        ],
      },
      { status: 'ok', targetReference: { kind: 'page', page: 'p2' }, locationReferences: [] },
      { status: 'broken', targetReference: { kind: 'anchor', page: 'p2', anchor: 'x' } },
    ];
    expect(platformBrokenLinks('s1', items, (id) => urls.get(id))).toEqual([
      { spaceId: 's1', page: '/docs/a/', target: 'gone.md' },
      { spaceId: 's1', target: 'gone.md' },
      { spaceId: 's1', target: 'anchor p2#x' },
    ]);
  });
});

describe('the summary line', () => {
  const report = (output: number) =>
    buildReport({
      outDir: '/out',
      fingerprint: 'f',
      output: Array.from({ length: output }, (_, i) => ({
        page: `/p${i}/`,
        target: `/missing${i}/`,
        reason: 'missing' as const,
      })),
      markdown: [{ page: '/p/', target: 'x.md', line: 4 }],
      platform: [],
    });

  it('counts by source and shows the first few', () => {
    const line = summarize(report(4), '.offprint/broken-links.json');
    expect(line).toBe(
      '5 broken links (4 in the output, 1 unresolved in markdown): /p0/ → /missing0/ (not in the output); /p1/ → /missing1/ (not in the output); /p2/ → /missing2/ (not in the output), and 2 more; full report in .offprint/broken-links.json',
    );
    expect(line.split('\n')).toHaveLength(1);
  });

  it('says so when there is none', () => {
    const empty = buildReport({
      outDir: '/o',
      fingerprint: 'f',
      output: [],
      markdown: [],
      platform: [],
    });
    expect(empty.total).toBe(0);
    expect(summarize(empty, 'r.json')).toBe('no broken links');
  });
});
