import { appendFile, cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { DocumentPage } from '../../src/local-platform/model.ts';
import { bombPng } from '../helpers/bomb-png.ts';
import type { LocalPlatform } from '../helpers/platform.ts';

/** The committed part of the hostile site folder (docs/security.md). */
export const HOSTILE_DIR = fileURLToPath(new URL('../fixtures/hostile', import.meta.url));

export const HOSTILE = {
  org: 'hostile',
  site: 'evil',
  /** The change request the build previews (`reserved`'s, fixtures/hostile/spaces/reserved). */
  changeRequest: 'reserved:1',
  /** The share link's key in sites/evil.yaml: it must never appear in any output. */
  shareKey: 'SHARE-KEY-4a1d8e0c7f9b2e6d',
  token: 'TOKEN-7e2c9a41d05b8f36',
  /** Depth of the generated nesting (markdown blocks and the page tree). */
  depth: 10_000,
  /** Size of the generated large page. */
  bigPageBytes: 5 * 1024 * 1024,
  /** Depth of the generated OpenAPI schemas (deep-openapi.json). */
  specDepth: 1_000,
};

/**
 * An OpenAPI spec whose two schemas nest `specDepth` levels deep, one through `properties`, one
 * through `allOf`, with a payload in every title; hostile-openapi.yaml `$ref`s it as a sibling.
 * Written as a string, like the deep page tree, rather than built as nested objects.
 */
export function deepOpenapiSpec(depth: number = HOSTILE.specDepth): string {
  const title = (kind: string, level: number) =>
    JSON.stringify(`${kind} ${level} <img src=x onerror=alert('deep-${kind}')>`);
  let properties = '{"type":"string","example":"</script><script>alert(\'deepest\')</script>"}';
  let allOf = '{"type":"object"}';
  for (let level = depth; level >= 1; level--) {
    properties = `{"type":"object","title":${title('properties', level)},"properties":{"child":${properties}}}`;
    allOf = `{"title":${title('allOf', level)},"allOf":[${allOf}]}`;
  }
  const ok =
    '{"200":{"description":"Deep","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Deep"}}}}}';
  return (
    '{"openapi":"3.0.3","info":{"title":"Deep <script>alert(\'deep\')</script>","version":"1"},' +
    `"paths":{"/deep":{"get":{"responses":${ok}}}},` +
    `"components":{"schemas":{"Deep":${properties},"DeepAllOf":${allOf}}}}`
  );
}

/**
 * Copies the fixture into `dir` and adds what is too large to commit: a 5 MB page, a page
 * nested 10,000 levels deep (blockquotes, HTML elements, list items, brackets) and an OpenAPI
 * spec whose schemas nest 1,000 levels deep.
 */
export async function writeHostileFolder(dir: string): Promise<string> {
  await cp(HOSTILE_DIR, dir, { recursive: true });
  const space = path.join(dir, 'spaces', 'evil');
  const paragraph =
    'Lorem ipsum <b onmouseover="alert(1)">dolor</b> sit amet, consectetur adipiscing elit, ' +
    'sed do eiusmod tempor incididunt ut labore et dolore magna aliqua.\n\n';
  // Git keeps no empty folders: the generated pages' folder is made here.
  await mkdir(path.join(space, 'deep'), { recursive: true });
  await writeFile(
    path.join(space, 'deep', 'big.md'),
    `# Big page\n\n${paragraph.repeat(Math.ceil(HOSTILE.bigPageBytes / paragraph.length))}`,
  );
  const d = HOSTILE.depth;
  await writeFile(
    path.join(space, 'deep', 'nested.md'),
    [
      '# Deep nesting',
      '',
      `${'> '.repeat(d)}quoted`,
      '',
      `${'<div>'.repeat(d)}divs${'</div>'.repeat(d)}`,
      '',
      `${'<svg><g>'.repeat(d / 10)}<script>alert('deep')</script>`,
      '',
      `${'['.repeat(d)}brackets${']'.repeat(d)}`,
      '',
      `${'*'.repeat(d)}stars${'*'.repeat(d)}`,
      '',
      `${'- '.repeat(d)}list`,
      '',
    ].join('\n'),
  );
  await writeFile(path.join(space, '.gitbook', 'assets', 'deep-openapi.json'), deepOpenapiSpec());
  await writeHostileImages(space);
  await appendFile(
    path.join(space, 'SUMMARY.md'),
    '* [Big page](deep/big.md)\n* [Deep nesting](deep/nested.md)\n* [Images](deep/images.md)\n',
  );
  return dir;
}

/**
 * What a site folder cannot express, set on the running platform's records: paths with `..`,
 * NUL, backslashes, absolute and percent-encoded traversal; reserved names; a page tree with a
 * cycle, duplicate ids and 10,000 levels; files whose name, size or type lies.
 */
export function applyHostileOverrides(platform: LocalPlatform): void {
  const model = platform.model;
  model.mutateSection(HOSTILE.site, 'astro', { path: '_astro' });
  model.mutateSiteSpace(HOSTILE.site, 'variant-two', { path: '%2e%2e%2f%2E%2E\\..\\etc' });

  const evil = model.space('evil');
  if (!evil) throw new Error('hostile fixture: no space evil');
  const content = evil.content;
  const page = (file: string): DocumentPage => {
    const id = content.pageIdByFile.get(file);
    const node = id ? content.pagesById.get(id) : undefined;
    if (node?.type !== 'document') throw new Error(`hostile fixture: no page ${file}`);
    return node;
  };
  const paths: Record<string, string> = {
    'titles.md': '../../../../../tmp/offprint-escape',
    'blocks.md': '/etc/passwd',
    'index.md': 'index',
    'files.md': 'a\\..\\..\\..\\b\u0000c',
    'deep/big.md': '%2e%2e%2f%2e%2e%2fpwn',
    'deep/nested.md': '..%5c..%5cnested',
    '404.md': '404',
    'pagefind.md': 'pagefind',
  };
  for (const [file, value] of Object.entries(paths))
    model.mutatePage('evil', page(file).id, { path: value, slug: value });

  // A cycle as a JSON tree can carry it: a page whose child repeats the page's own id, and a
  // page listed twice (its id duplicated elsewhere in the tree).
  const files = page('files.md');
  const readme = page('README.md');
  model.mutatePage('evil', files.id, {
    children: [
      { ...files, children: [] },
      { ...readme, children: [] },
    ],
  });
  const file = (name: string) => {
    const found = content.filesByPath.get(`.gitbook/assets/${name}`);
    if (!found) throw new Error(`hostile fixture: no file ${name}`);
    return found;
  };
  // Declared larger than the 256 MiB download limit (size and Content-Length both say so).
  model.mutateFile('evil', file('huge.bin').id, { size: 300 * 2 ** 20 });
  // An SVG declared as a PNG, under a traversal name.
  model.mutateFile('evil', file('liar.svg').id, {
    contentType: 'image/png',
    name: '../../../liar.svg',
  });
  model.mutateFile('evil', file('fake.png').id, { name: '..\\..\\C:\\fake\u0000.png' });
  model.mutateFile('evil', file('evil.svg').id, { name: '/etc/evil.svg' });

  // The change request moves a page to a traversal path (a slug in a folder can hold no `/`).
  const request = model.space('reserved')?.changeRequests.find((cr) => cr.number === 1);
  const movedId = request?.content.pageIdByFile.get('_astro.md');
  const moved = movedId ? request?.content.pagesById.get(movedId) : undefined;
  if (moved?.type !== 'document')
    throw new Error('hostile fixture: no change request page _astro.md');
  Object.assign(moved, { path: '../../../cr-escape', slug: '../../../cr-escape' });
}

/**
 * Serves the evil space's revision with a chain of 10,000 nested group pages added: deeper than
 * `JSON.stringify` (and so the platform's own serializer) can go, hence written as a string.
 */
export async function serveDeepPageTree(platform: LocalPlatform): Promise<void> {
  const pathname = '/v1/spaces/evil/content';
  platform.respondRaw(pathname, undefined);
  const response = await fetch(`${platform.url}${pathname}`, {
    headers: { authorization: `Bearer ${HOSTILE.token}` },
  });
  if (!response.ok) throw new Error(`hostile fixture: ${pathname} answered ${response.status}`);
  const revision = (await response.json()) as { pages: unknown[] };
  const marker = '"__deep_tree__"';
  revision.pages.push('__deep_tree__');
  const group = (level: number) =>
    `{"object":"page","type":"group","kind":"group","id":"deep-${level}",` +
    `"title":"Level ${level} <script>alert('level')</script>","path":"level-${level}",` +
    `"slug":"level-${level}","pages":[`;
  let opening = '';
  for (let level = 1; level <= HOSTILE.depth; level++) opening += group(level);
  const chain = `${opening}${']}'.repeat(HOSTILE.depth)}`;
  platform.respondRaw(pathname, JSON.stringify(revision).replace(marker, chain));
}

/**
 * Images the image stage must refuse without harm, each large enough for it to look at (24 KB):
 * a decompression bomb (a header declaring 30,000 × 30,000 pixels), a PNG cut in half, bytes
 * that are no image, an SVG with a script named `.png`; and one real photo, which gets variants.
 */
async function writeHostileImages(space: string): Promise<void> {
  const assets = path.join(space, '.gitbook', 'assets');
  const noisy = await sharp({
    create: {
      width: 1600,
      height: 900,
      channels: 3,
      background: '#336699',
      noise: { type: 'gaussian', mean: 120, sigma: 30 },
    },
  })
    .png()
    .toBuffer();
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert('svg-png')</script><desc>${'x'.repeat(30_000)}</desc></svg>`;
  const files: [string, Buffer][] = [
    ['bomb.png', bombPng(30_000, 30_000)],
    ['truncated.png', noisy.subarray(0, Math.floor(noisy.length / 2))],
    ['malformed.png', Buffer.alloc(40_000, 'not an image ')],
    ['svg-script.png', Buffer.from(svg)],
    ['photo.png', noisy],
  ];
  for (const [name, bytes] of files) await writeFile(path.join(assets, name), bytes);
  await writeFile(
    path.join(space, 'deep', 'images.md'),
    `# Images\n\n${files.map(([name]) => `![${name}](../.gitbook/assets/${name})`).join('\n\n')}\n`,
  );
}
