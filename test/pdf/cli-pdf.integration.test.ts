import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { INSTALL_HINT } from '../../src/pdf/index.ts';
import { CHROMIUM, requireChromium } from '../helpers/browser.ts';
import { runCli } from '../helpers/cli.ts';
import { readTree, tempDir } from '../helpers/fs.ts';
import { smallCopy } from '../helpers/small-site.ts';

// `offprint pdf` as a user runs it, on a copy of the small site the global setup built
// (`smallBuild`: 10 pages in three section variants): what the command does is the same for
// any site, and its prints take seconds. What the example's PDFs hold is asserted on the prints
// of it that test/pdf/printed-example.ts shares (example-pdf and site-pdf tests).
const small = inject('smallBuild');
let temp: Awaited<ReturnType<typeof tempDir>>;
let cache: string;
let out: string;
const siteArgs = () => ['--cache', cache, '--out', out];

async function offprint(args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = await runCli([...args, ...siteArgs()], { env }).done;
  if (result.code !== 0) throw new Error(`offprint ${args.join(' ')} failed:\n${result.stderr}`);
  return result;
}

/** The PDFs llms.txt lists, in its order (`pdf/compute.pdf`). */
async function listedPdfs(): Promise<string[]> {
  const llms = await readFile(path.join(out, 'llms.txt'), 'utf8');
  return [...llms.matchAll(/\]\(https:\/\/[^/]+\/(pdf\/[^)]+)\)/g)].map((m) => m[1] as string);
}

/** The output's files but the PDFs. */
async function site(): Promise<Map<string, Buffer>> {
  const tree = await readTree(out);
  for (const file of tree.keys()) if (file.startsWith(`pdf${path.sep}`)) tree.delete(file);
  return tree;
}

beforeAll(async () => {
  requireChromium();
  temp = await tempDir('offprint-cli-pdf-');
  ({ cache, out } = await smallCopy(temp.dir));
  expect(small.pages).toBe(10);
}, 180_000);

afterAll(async () => {
  await temp?.cleanup();
});

describe('offprint pdf without Chromium', () => {
  it.each([
    ['--chromium names no file', ['--chromium', '/nonexistent/chromium'], {}],
    ['none on PATH', [], { PATH: path.dirname(process.execPath) }],
  ])(
    '%s: one line on how to install it, exit 0, the rendered site byte for byte as it was',
    async (_, args, env) => {
      const before = await readTree(out);
      const result = await offprint(['pdf', ...args], env);
      // One line about Chromium, whatever else the render says.
      const lines = result.stderr.split('\n');
      expect(lines.filter((line) => /chromium/i.test(line))).toEqual([`warning: ${INSTALL_HINT}`]);
      expect(result.stdout).toContain('nothing changed since the last render');
      expect(await readTree(out)).toEqual(before);
    },
    120_000,
  );
});

describe('offprint pdf with Chromium', () => {
  it('prints a PDF per section variant, one plain line each in CI, listed where they exist', async () => {
    const before = await site();
    const result = await offprint(['pdf', '--chromium', CHROMIUM]);
    const lines = result.stdout.split('\n').filter((line) => line.startsWith('pdf '));
    expect(lines.map((line) => line.split(':')[0])).toEqual([
      'pdf index.pdf',
      'pdf platform-v1.pdf',
      'pdf compute.pdf',
    ]);
    expect(lines[0]).toMatch(/^pdf index\.pdf: \d+ pages, [\d.]+ MiB, [\d.]+ s$/);
    expect(result.stdout).toContain(`3 PDFs into ${path.join(out, 'pdf')}`);
    const listed = await listedPdfs();
    expect(listed).toEqual(['pdf/index.pdf', 'pdf/platform-v1.pdf', 'pdf/compute.pdf']);
    // Printing wrote nothing but the PDFs into the output's pdf/.
    expect((await readdir(path.join(out, 'pdf'))).sort()).toEqual([
      'compute.pdf',
      'index.pdf',
      'platform-v1.pdf',
    ]);
    const sitemap = await readFile(path.join(out, 'sitemap.xml'), 'utf8');
    for (const file of listed) {
      expect((await readFile(path.join(out, file as string))).subarray(0, 5).toString()).toBe(
        '%PDF-',
      );
      expect(sitemap).toContain(`/${file}</loc>`);
    }
    // The site's pdf.enabled is unset: no page changes, none offers a download.
    const after = await site();
    for (const [file, bytes] of before) {
      if (file.endsWith('.html')) expect(after.get(file), file).toEqual(bytes);
    }
    expect([...after.values()].some((bytes) => bytes.includes('data-op-pdf-download'))).toBe(false);
  }, 180_000);

  it('an unchanged site keeps its PDFs', async () => {
    const pdf = path.join(out, 'pdf', 'index.pdf');
    const printed = (await stat(pdf)).mtimeMs;
    const again = await offprint(['pdf', '--chromium', CHROMIUM]);
    expect(again.stdout).toContain('nothing changed since the last render');
    expect((await stat(pdf)).mtimeMs).toBe(printed);
  }, 180_000);

  it('a PDF missing from the output is printed again, the others copied', async () => {
    await rm(path.join(out, 'pdf', 'compute.pdf'));
    const result = await offprint(['pdf', '--chromium', CHROMIUM]);
    const lines = result.stdout.split('\n').filter((line) => line.startsWith('pdf '));
    expect(lines.filter((line) => line.endsWith('unchanged, copied'))).toHaveLength(2);
    expect(lines.find((line) => line.startsWith('pdf compute.pdf'))).toMatch(/ s$/);
    expect((await readFile(path.join(out, 'pdf', 'compute.pdf'))).subarray(0, 5).toString()).toBe(
      '%PDF-',
    );
  }, 180_000);

  it('--pdf-scope site prints site.pdf alone, and the output lists it in their stead', async () => {
    const result = await offprint(['pdf', '--pdf-scope', 'site', '--chromium', CHROMIUM]);
    const lines = result.stdout.split('\n').filter((line) => line.startsWith('pdf '));
    expect(lines.map((line) => line.split(':')[0])).toEqual(['pdf site.pdf']);
    expect(await readdir(path.join(out, 'pdf'))).toEqual(['site.pdf']);
    expect(await listedPdfs()).toEqual(['pdf/site.pdf']);
  }, 180_000);

  it('--pdf-scope takes section or site, nothing else', async () => {
    const { code, stderr } = await runCli(['pdf', '--pdf-scope', 'book', ...siteArgs()]).done;
    expect(code).toBe(2);
    expect(stderr.trim()).toBe('offprint: --pdf-scope: expected one of section, site, got "book"');
  });

  it('a render without PDFs drops them, and their listing', async () => {
    const render = await offprint(['render']);
    expect(render.stdout).toContain('note: the PDFs of the last output (pdf/) are left out');
    await expect(stat(path.join(out, 'pdf'))).rejects.toThrow('ENOENT');
    expect(await readFile(path.join(out, 'llms.txt'), 'utf8')).not.toContain('/pdf/');
  }, 180_000);
});
