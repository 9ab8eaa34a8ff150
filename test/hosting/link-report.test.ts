import { describe, expect, it } from 'vitest';
import {
  buildReport,
  describeBroken,
  platformBrokenLinks,
  summarize,
} from '../../src/hosting/link-report.ts';

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
      { spaceId: 's1', page: '/docs/a/', target: 'gone.md', reason: 'platform-reported' },
      { spaceId: 's1', target: 'gone.md', reason: 'platform-reported' },
      { spaceId: 's1', target: 'anchor p2#x', reason: 'platform-reported' },
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

  it('says for each link why it is broken', () => {
    const all = buildReport({
      outDir: '/out',
      fingerprint: 'f',
      output: [
        { page: '/a/', target: '/gone/', reason: 'missing' },
        { page: '/a/', target: '/b/#x', reason: 'no-anchor' },
      ],
      markdown: [
        { page: '/a/', target: 'gone.md', line: 2, reason: 'no-page' },
        { page: '/a/', target: 'https://app.gitbook.com/s/x/y', reason: 'no-space' },
        { page: '/a/', target: 'x.png', reason: 'no-file' },
        { page: '/a/', target: '/reusable-content/r', reason: 'no-content' },
        // A report kept from before reasons were given.
        { page: '/a/', target: 'old.md' },
      ],
      platform: [{ spaceId: 's', target: 'lost.md', reason: 'platform-reported' }],
    });
    expect(describeBroken(all)).toEqual([
      '/a/ → /gone/ (not in the output)',
      '/a/ → /b/#x (no such anchor)',
      '/a/:2 → gone.md (no such page)',
      '/a/ → https://app.gitbook.com/s/x/y (no such space)',
      '/a/ → x.png (no such file)',
      '/a/ → /reusable-content/r (no such reusable content)',
      '/a/ → old.md (unresolved reference)',
      'space s → lost.md (reported by the platform)',
    ]);
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
