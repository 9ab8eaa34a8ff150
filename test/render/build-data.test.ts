import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  BuildDataWriter,
  closePageViews,
  readPageIndex,
  readPageView,
} from '../../src/render/build-data.ts';
import { aliasView } from '../../src/render/stages/page-views.ts';
import type { SidebarItem } from '../../src/site/types.ts';
import type { PageView } from '../../src/view/view.ts';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) {
    closePageViews(dir);
    await rm(dir, { recursive: true, force: true });
  }
});

async function buildDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'offprint-build-data-'));
  dirs.push(dir);
  return dir;
}

/** The sidebar of a guide with three pages under a group, `current` marking one (or none). */
function sidebar(current?: 'install' | 'deploy' | 'faq'): SidebarItem[] {
  const page = (key: 'install' | 'deploy' | 'faq'): SidebarItem => ({
    kind: 'page',
    key,
    title: key,
    url: `/guide/${key}/`,
    ...(current === key ? { current: true as const } : {}),
  });
  return [
    { kind: 'page', key: 'home', title: 'Home', url: '/' },
    {
      kind: 'group',
      title: 'Guide',
      open: true,
      children: [
        {
          kind: 'page',
          key: 'guide',
          title: 'Guide',
          url: '/guide/',
          open: true,
          children: [page('install'), page('deploy'), page('faq')],
        },
      ],
    },
    { kind: 'more', count: 4 },
  ];
}

function pageOf(key: string, items: SidebarItem[]): PageView {
  return {
    ...aliasView(`/guide/${key}/`, `guide/${key}/index.html`, '/', key),
    key,
    redirectTo: undefined,
    html: `<p>${key}</p>`,
    sidebar: items,
  };
}

const pages = [
  pageOf('install', sidebar('install')),
  pageOf('deploy', sidebar('deploy')),
  pageOf('faq', sidebar('faq')),
  // A hidden page: its nearest ancestor in navigation is open, nothing is current.
  pageOf('hidden', sidebar()),
  aliasView('/old/', 'old/index.html', '/guide/install/', 'Install'),
];

async function write(dir: string, order: number[]): Promise<BuildDataWriter> {
  const data = new BuildDataWriter(dir);
  await data.site({ title: 'Site' } as never);
  await Promise.all(order.map((position) => data.page(pages[position] as PageView, '/', position)));
  await data.finish();
  return data;
}

describe('build data', () => {
  it('gives every page its view back, sidebar included', async () => {
    const dir = await buildDir();
    const data = await write(dir, [0, 1, 2, 3, 4]);
    const index = readPageIndex(dir);
    expect(index.map((entry) => entry.slug)).toEqual([
      'guide/install',
      'guide/deploy',
      'guide/faq',
      'guide/hidden',
      'old',
    ]);
    for (const [position, { at }] of index.entries()) {
      expect(readPageView(dir, at)).toEqual(pages[position]);
      expect(await data.readPageAt(position)).toEqual(pages[position]);
    }
    await data.close();
  });

  it('stores a sidebar shared by pages but for their current entry once', async () => {
    const dir = await buildDir();
    const data = await write(dir, [0, 1, 2, 3, 4]);
    // The guide's pages (current or hidden) share one shape; the alias has an empty sidebar.
    const shapes = JSON.parse(await readFile(path.join(dir, 'shapes.json'), 'utf8'));
    expect(Object.keys(shapes)).toHaveLength(2);
    await data.close();
  });

  it('shares shapes between pages read-only', async () => {
    const dir = await buildDir();
    const data = await write(dir, [0, 1, 2, 3, 4]);
    const [install, deploy] = readPageIndex(dir).map(({ at }) => readPageView(dir, at));
    const home = install?.sidebar[0] as SidebarItem & { title: string };
    expect(() => {
      home.title = 'Changed';
    }).toThrow(TypeError);
    expect(deploy?.sidebar[0]).toMatchObject({ title: 'Home' });
    await data.close();
  });

  it('digests content, not the order pages were written in', async () => {
    const first = await write(await buildDir(), [0, 1, 2, 3, 4]);
    const second = await write(await buildDir(), [4, 2, 3, 0, 1]);
    expect(second.digest()).toBe(first.digest());
    expect(second.pageDigests).toEqual(first.pageDigests);
    // A page whose sidebar changed has a new digest.
    const changed = new BuildDataWriter(await buildDir());
    await changed.site({ title: 'Site' } as never);
    const items = sidebar('install');
    items.push({ kind: 'page', key: 'new', title: 'New', url: '/new/' });
    await changed.page(pageOf('install', items), '/', 0);
    expect(changed.pageDigests.get('guide/install/index.html')).not.toBe(
      first.pageDigests.get('guide/install/index.html'),
    );
    await Promise.all([first.close(), second.close(), changed.close()]);
  });

  it('reads pages in any order, one larger than the reading window among them', async () => {
    const dir = await buildDir();
    const data = new BuildDataWriter(dir);
    await data.site({ title: 'Site' } as never);
    // HTML with what a JSON string would escape, and one page of 1.5 MiB.
    const views = ['install', 'deploy', 'faq'].map((key, position) => ({
      ...pageOf(key, sidebar()),
      html: `<p class="${key}">"${key}"\n${'x'.repeat(position === 1 ? 1.5 * 2 ** 20 : 10)}</p>`,
    }));
    await Promise.all(views.map((view, position) => data.page(view, '/', position)));
    await data.finish();
    const places = readPageIndex(dir).map((entry) => entry.at);
    for (const position of [2, 0, 1, 2, 1, 0]) {
      const at = places[position];
      expect(at && readPageView(dir, at)).toEqual(views[position]);
    }
    await data.close();
  });
});
