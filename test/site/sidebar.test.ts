import { describe, expect, it } from 'vitest';
import type { Page } from '../../src/api/schemas/index.ts';
import {
  buildSiteModel,
  countEntries,
  SIDEBAR_LIMITS,
  type SidebarItem,
} from '../../src/site/index.ts';
import { doc, group, guidesSite, makeSite } from './helpers.ts';

/** 5,000 pages: 20 top-level groups × 10 pages × 12 children, the first page, a long tail. */
function bigTree(): Page[] {
  const pages: Page[] = [doc('home', 'Home')];
  for (let g = 0; g < 20; g++) {
    const members: Page[] = [];
    for (let p = 0; p < 10; p++) {
      const children: Page[] = [];
      for (let c = 0; c < 12; c++) children.push(doc(`g${g}/p${p}/c${c}`, `C ${g}.${p}.${c}`));
      members.push(doc(`g${g}/p${p}`, `P ${g}.${p}`, {}, children));
    }
    pages.push(group(`Group ${g}`, members));
  }
  // Pad to exactly 5,000 pages with a long flat tail under the last page.
  const last = (pages[20] as Page).pages?.[9] as Page;
  for (let i = 0; i < 5000 - 1 - 20 * 10 * 13; i++) last.pages?.push(doc(`tail/${i}`, `Tail ${i}`));
  return pages;
}

function find(items: readonly SidebarItem[], title: string): SidebarItem | undefined {
  for (const item of items) {
    if ('title' in item && item.title === title) return item;
    const inner = 'children' in item && item.children ? find(item.children, title) : undefined;
    if (inner) return inner;
  }
  return undefined;
}

describe('the sidebar', () => {
  it('shows the tree with groups, the current page and its open ancestors', () => {
    const model = buildSiteModel(guidesSite());
    const sidebar = model.sidebarFor('guides-v2:p-getting-started_first-launch_checklist');
    expect(sidebar).toEqual([
      { kind: 'page', key: 'guides-v2:p-readme', title: 'Welcome', url: '/' },
      {
        kind: 'page',
        key: 'guides-v2:p-getting-started',
        title: 'Getting started',
        url: '/getting-started/',
        open: true,
        children: [
          {
            kind: 'page',
            key: 'guides-v2:p-getting-started_install',
            title: 'Install v2',
            url: '/getting-started/install/',
          },
          {
            kind: 'page',
            key: 'guides-v2:p-getting-started_first-launch',
            title: 'First launch',
            url: '/getting-started/first-launch/',
            open: true,
            children: [
              {
                kind: 'page',
                key: 'guides-v2:p-getting-started_first-launch_checklist',
                title: 'Checklist',
                url: '/getting-started/first-launch/checklist/',
                current: true,
              },
            ],
          },
        ],
      },
      {
        kind: 'group',
        title: 'Operations',
        children: [
          {
            kind: 'page',
            key: 'guides-v2:p-operations_telemetry',
            title: 'Telemetry',
            url: '/operations/telemetry/',
          },
          { kind: 'link', title: 'Status', url: 'https://status.example', external: true },
        ],
      },
    ]);
    // Another variant's sidebar is its own tree only.
    expect(JSON.stringify(model.sidebarFor('guides-v1:p-readme'))).not.toContain('Telemetry');
  });

  it('stays bounded for a 5,000-page space', () => {
    const pages = bigTree();
    const model = buildSiteModel(makeSite({ spaces: [{ id: 's', path: 's', pages }] }));
    expect(model.pages).toHaveLength(5000);
    const { budget, window } = SIDEBAR_LIMITS;

    // A page deep in the middle: root list, its group, its parent's children, itself.
    const key = 's:p-g7_p3_c5';
    const sidebar = model.sidebarFor(key);
    const total = countEntries(sidebar);
    // Active branch: group 7's 10 pages and p3's 12 children; the rest within the budget, plus
    // one `more` marker per group left collapsed.
    expect(total).toBeLessThanOrEqual(budget + 10 + 12 + 20);
    expect(total).toBeGreaterThan(budget / 2);
    expect(find(sidebar, 'C 7.3.5')).toMatchObject({ current: true });
    expect(find(sidebar, 'P 7.3')).toMatchObject({ open: true });
    expect(find(sidebar, 'Group 7')).toMatchObject({ open: true });
    // Collapsed elsewhere: a page of another group keeps a closed toggle.
    expect(find(sidebar, 'P 1.1')).toMatchObject({ hasChildren: true });
    expect(find(sidebar, 'P 1.1')).not.toHaveProperty('children');

    // A page in the 2,399-page tail: its siblings are windowed, with markers.
    const tail = model.sidebarFor('s:p-tail_1500');
    expect(countEntries(tail)).toBeLessThanOrEqual(budget + 10 + window + 2 + 2);
    expect(find(tail, 'Tail 1500')).toMatchObject({ current: true });
    const parent = find(tail, 'P 19.9') as Extract<SidebarItem, { kind: 'page' }>;
    const markers = (parent.children ?? []).filter((i) => i.kind === 'more');
    expect(markers.map((m) => (m as { count: number }).count).reduce((a, b) => a + b)).toBe(
      12 + 2399 - window,
    );
  });

  it('stays bounded for a flat space of 5,000 pages', () => {
    const pages = Array.from({ length: 5000 }, (_, i) => doc(`p${i}`, `Page ${i}`));
    const model = buildSiteModel(makeSite({ spaces: [{ id: 's', path: 's', pages }] }));
    const sidebar = model.sidebarFor('s:p-p4000');
    const { budget } = SIDEBAR_LIMITS;
    expect(countEntries(sidebar)).toBeLessThanOrEqual(budget + 2);
    expect(find(sidebar, 'Page 4000')).toMatchObject({ current: true });
    // The budget's worth of pages around the current one, half of it before.
    const before = 4000 - budget / 2;
    expect(sidebar[0]).toEqual({ kind: 'more', count: before });
    expect(sidebar.at(-1)).toEqual({ kind: 'more', count: 5000 - before - budget });
  });

  it('keeps small spaces whole', () => {
    const pages = Array.from({ length: 30 }, (_, i) =>
      doc(`p${i}`, `Page ${i}`, {}, [doc(`p${i}/c`, `Child ${i}`)]),
    );
    const model = buildSiteModel(makeSite({ spaces: [{ id: 's', path: 's', pages }] }));
    expect(countEntries(model.sidebarFor('s:p-p0'))).toBe(60);
  });
});
