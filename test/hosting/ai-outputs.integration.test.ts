import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, runCli } from '../helpers/cli.ts';
import { copyFolder, tempDir } from '../helpers/fs.ts';
import { type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';

/**
 * The outputs an AI assistant reads (`.md` copies, llms.txt, llms-full.txt) of a public site
 * whose files have the names uploads get on the platform, each referenced in every form its
 * markdown writes; built by `offprint build` over the local platform (test/fixtures/hosting
 * plus a "Field photos" page written here, since some of the names cannot be checked in).
 */
const FIXTURE = fileURLToPath(new URL('../fixtures/hosting', import.meta.url));
const ORIGIN = 'https://docs.hostco.example';

const NAMES = [
  'image (1).png',
  'CleanShot 2024-03-12 at 12.23.01@2x (1).png',
  '100% done.png',
  'ünïcødé 图.png',
  'it\'s "quoted".png',
];
const [IMAGE, CLEANSHOT, PERCENT, UNICODE, QUOTED] = NAMES.map(
  (name) => `.gitbook/assets/${name}`,
) as [string, string, string, string, string];

/** Each name in each form the platform's markdown writes; the local platform serves it with download URLs. */
const PHOTOS = `---
description: The field team's pictures.
---

# Field photos

![The dish](<${IMAGE}> "Our first station")

![The waterfall](<${CLEANSHOT}>)

<figure><img src="${encodeURI(PERCENT)}" alt="Done"><figcaption><p>Done</p></figcaption></figure>

{% file src="${UNICODE}" %}
The unicode file
{% endfile %}

{% embed url="${IMAGE}" %}

<table data-view="cards"><thead><tr><th></th><th data-hidden data-card-cover data-type="files"></th></tr></thead><tbody><tr><td>Quoted</td><td><a href="${encodeURI(QUOTED).replace(/'/g, '%27')}">quoted</a></td></tr></tbody></table>

The [close-up][dish] of the feed.

[dish]: <${CLEANSHOT}> "The feed"
`;
/** Markdown references above that name a file: each must become the site's own. */
const REFERENCES = 7;

let platform: LocalPlatform;
let temp: Awaited<ReturnType<typeof tempDir>>;
let out: string;
let result: CliResult;

const read = (file: string) => readFile(path.join(out, file), 'utf8');

beforeAll(async () => {
  temp = await tempDir();
  const site = await copyFolder(FIXTURE, path.join(temp.dir, 'site'));
  const space = path.join(site, 'spaces', 'docs');
  const png = await readFile(path.join(space, '.gitbook', 'assets', 'cover.png'));
  // One byte apart, so each name is its own file.
  for (const [i, name] of NAMES.entries())
    await writeFile(
      path.join(space, '.gitbook', 'assets', name),
      Buffer.concat([png, Buffer.from([i])]),
    );
  await writeFile(path.join(space, 'photos.md'), PHOTOS);
  const summary = await readFile(path.join(space, 'SUMMARY.md'), 'utf8');
  await writeFile(
    path.join(space, 'SUMMARY.md'),
    summary.replace('* [Guide](guide.md)\n', '* [Guide](guide.md)\n* [Field photos](photos.md)\n'),
  );
  platform = await startPlatform({ dir: site });
  out = path.join(temp.dir, 'dist');
  result = await runCli(
    [
      'build',
      ...['--api-url', platform.url, '--org', 'hostco', '--site', 'public'],
      ...['--cache', path.join(temp.dir, 'cache'), '--out', out],
    ],
    { env: { OFFPRINT_TOKEN: TOKEN } },
  ).done;
  if (result.code !== 0) throw new Error(`build failed:\n${result.stderr}`);
}, 240_000);

afterAll(async () => {
  await platform?.close();
  await temp?.cleanup();
});

describe('the AI outputs of a site whose files have real-world names', () => {
  it('point every file reference of a copy at the site’s own file, in every form', async () => {
    const copy = await read('photos.md');
    const ours = [
      ...copy.matchAll(/https:\/\/docs\.hostco\.example(\/docs\/assets\/[^\s"'<>)]+)/g),
    ];
    expect(ours).toHaveLength(REFERENCES);
    // Each names a file the site serves, and all five files are reached.
    const files = new Set<string>();
    for (const [, url] of ours) {
      const file = decodeURIComponent((url as string).slice('/docs/'.length));
      expect((await stat(path.join(out, file))).isFile(), file).toBe(true);
      files.add(file);
    }
    expect(files.size).toBe(NAMES.length);
  });

  it('leave no URL of the platform in any .md copy, llms.txt or llms-full.txt', async () => {
    const origin = new URL(platform.url).origin;
    const texts = (await readdir(out, { recursive: true })).filter(
      (f) => f.endsWith('.md') || /^llms(-full)?\.txt$/.test(f),
    );
    expect(texts).toEqual(expect.arrayContaining(['llms.txt', 'llms-full.txt', 'photos.md']));
    for (const file of texts) {
      const text = await read(file);
      expect(text, file).not.toContain(origin);
      expect(text, file).not.toMatch(/\/_files\/|alt=media/);
    }
  });

  it('write llms-full.txt: each listed page once, in navigation order, as its copy under its URL', async () => {
    const full = await read('llms-full.txt');
    const sources = [...full.matchAll(/^Source: (.+)$/gm)].map((m) => m[1]);
    // Hidden, noIndex and noRobotsIndex pages are left out, as from llms.txt.
    expect(sources).toEqual([`${ORIGIN}/docs/`, `${ORIGIN}/docs/guide/`, `${ORIGIN}/docs/photos/`]);
    for (const [url, file] of [
      [`${ORIGIN}/docs/`, 'index.md'],
      [`${ORIGIN}/docs/photos/`, 'photos.md'],
    ] as const) {
      const copy = await read(file);
      const [heading, ...body] = copy.split('\n\n');
      expect(full).toContain(`${heading}\n\nSource: ${url}\n\n${body.join('\n\n')}`);
    }
    expect(full).not.toMatch(/Hidden page|Not in search|Not for robots/);
    expect(await read('llms.txt')).toContain(
      `The text of every page below, in one file: [llms-full.txt](${ORIGIN}/docs/llms-full.txt)`,
    );
  });

  it('give llms-full.txt’s size in the build’s summary line', async () => {
    const { size } = await stat(path.join(out, 'llms-full.txt'));
    expect(size).toBeGreaterThan(1024);
    const kib = (size / 1024).toFixed(1).replace('.', '\\.');
    expect(result.stdout).toMatch(new RegExp(`rendered .*; llms-full\\.txt ${kib} KiB\\n`));
  });
});
