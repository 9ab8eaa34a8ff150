import { appendFile, copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PageIndexEntry } from '../../src/render/build-data.ts';

/**
 * Build data for measuring Astro on API pages against prose pages of the same HTML size, made
 * from a render's kept build data (src/render/build-data.ts): each API page (its HTML holds an
 * OpenAPI block) and a prose twin of it, the same view with its HTML replaced by the prose pages'
 * HTML put end to end until it is as long, so that the two differ only in what their HTML is.
 * Each pair is repeated `copies` times, API and prose in turn, each under a slug of its own.
 */

const PAGES_FILE = 'pages.data';
const OPENAPI = 'class="op-openapi';

export interface TwinPage {
  slug: string;
  /** The API page this page is, or is the twin of. */
  source: string;
  kind: 'api' | 'prose';
  /** Bytes of the page's HTML (its body's, as the markdown stage made it). */
  htmlBytes: number;
}

export async function makeTwins(
  from: string,
  to: string,
  copies: number,
  sizes: readonly number[] = [],
): Promise<TwinPage[]> {
  await mkdir(to, { recursive: true });
  for (const name of ['site.json', 'shapes.json', PAGES_FILE]) {
    await copyFile(path.join(from, name), path.join(to, name));
  }
  const data = await readFile(path.join(from, PAGES_FILE));
  const index = JSON.parse(
    await readFile(path.join(from, 'pages.json'), 'utf8'),
  ) as PageIndexEntry[];
  const records = index.map((entry) => {
    const bytes = data.subarray(entry.at.offset, entry.at.offset + entry.at.length);
    const end = bytes.indexOf(0x0a);
    return { entry, json: bytes.toString('utf8', 0, end), html: bytes.toString('utf8', end + 1) };
  });
  let end = data.length;
  const api = records.filter((record) => record.html.includes(OPENAPI));
  // Larger API pages than the example has: its API pages' HTML end to end, as one page.
  const largest = api.reduce((a, b) => (b.html.length > a.html.length ? b : a));
  const allApi = api.map((record) => record.html).join('\n');
  for (const size of sizes) {
    const html = proseOfLength(allApi, size);
    const bytes = Buffer.from(`${largest.json}\n${html}`);
    await appendFile(path.join(to, PAGES_FILE), bytes);
    api.push({
      entry: { slug: `large-${size}`, at: { offset: end, length: bytes.length } },
      json: largest.json,
      html,
    });
    end += bytes.length;
  }
  const prose = records
    .filter((record) => !record.html.includes(OPENAPI) && !record.json.includes('"redirectTo"'))
    .map((record) => record.html)
    .join('\n');
  const out: PageIndexEntry[] = [];
  const pages: TwinPage[] = [];
  for (const record of api) {
    const html = proseOfLength(prose, Buffer.byteLength(record.html));
    const bytes = Buffer.from(`${record.json}\n${html}`);
    await appendFile(path.join(to, PAGES_FILE), bytes);
    const twin = { offset: end, length: bytes.length };
    end += bytes.length;
    for (let copy = 0; copy < copies; copy++) {
      const slug = record.entry.slug ?? 'index';
      out.push({ slug: `${slug}-api-${copy}`, at: record.entry.at });
      pages.push({
        slug: `${slug}-api-${copy}`,
        source: slug,
        kind: 'api',
        htmlBytes: Buffer.byteLength(record.html),
      });
      out.push({ slug: `${slug}-prose-${copy}`, at: twin });
      pages.push({
        slug: `${slug}-prose-${copy}`,
        source: slug,
        kind: 'prose',
        htmlBytes: Buffer.byteLength(html),
      });
    }
  }
  await writeFile(path.join(to, 'pages.json'), JSON.stringify(out));
  return pages;
}

/** The prose HTML repeated and cut at a tag's start, at least `bytes` long. */
function proseOfLength(prose: string, bytes: number): string {
  let html = '';
  while (Buffer.byteLength(html) < bytes) html += prose;
  const cut = html.indexOf('\n<', bytes);
  return cut < 0 ? html : html.slice(0, cut);
}
