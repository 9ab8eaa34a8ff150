/**
 * Would one Pagefind index per site section search as well as one index for the site? Issue
 * 35's condition for shipping search by section, checked on a built site:
 *
 *   node scripts/search-by-section.ts --site DIST [--queries 60] [--seed 1] [--out FILE.json]
 *
 * From the site's pages (each page's `<main data-pagefind-body>`, its scope span naming its
 * section and site space) it writes two sets of bundles with the render's own indexer: one index
 * of every page, and one index per section. It then runs the queries (words, phrases,
 * identifiers and typos, each taken from one page of the site, seeded) through the site's own
 * Pagefind worker script in Node (src/mcp/pagefind-sandbox.ts, the script browsers run), as the
 * search dialog runs them:
 *
 * - own scope: the reader is on the query's page and searches its site space. One index: the
 *   whole index, filtered by space. By section: the section's index alone (filtered by space
 *   when the section has several, its variants).
 * - all scope: the whole site. One index: unfiltered. By section: the reader's section's index,
 *   every other section's merged into it with Pagefind's `mergeIndex`.
 *
 * Each search runs in a fresh sandbox, so the bytes it reads are those of a reader's first search
 * (entry file, wasm, metadata, index chunks, filters, and the fragments of the first 8 results
 * the dialog shows). It compares each query's top 5 between the two, and whether the page the
 * query came from is in them. Prints a summary; `--out` writes every query's results as JSON
 * (`npx biome format --write FILE` before committing it, as `bench/search-by-section-*.json`).
 */
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PagefindSandbox } from '../src/mcp/pagefind-sandbox.ts';
import type { SiteReader } from '../src/mcp/site-reader.ts';
import { SearchIndexer } from '../src/search/index-site.ts';
import { Random } from './lib/prng.ts';

const USAGE =
  'usage: node scripts/search-by-section.ts --site DIST [--queries 60] [--seed 1] [--out FILE]';
const TOP = 5;
/** Results whose fragments the dialog loads (MAX_PAGES of themes/default/scripts/search.ts). */
const SHOWN = 8;
/** Pages outside any section (a site without sections) form one group of this name. */
const NO_SECTION = '_';

interface SitePage {
  url: string;
  file: string;
  space: string;
  section: string;
  /** The search document handed to Pagefind: the page's search body in a bare document. */
  html: string;
  text: string;
  code: string;
}

type Kind = 'word' | 'phrase' | 'identifier' | 'typo';

interface Query {
  kind: Kind;
  term: string;
  /** The page it was taken from: the reader is there. */
  from: SitePage;
}

interface Searched {
  top: string[];
  total: number;
  bytes: number;
}

interface Compared {
  kind: Kind;
  term: string;
  from: string;
  own: { one: Searched; bySection: Searched };
  all: { one: Searched; bySection: Searched };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      site: { type: 'string' },
      queries: { type: 'string', default: '60' },
      seed: { type: 'string', default: '1' },
      out: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) return console.log(USAGE);
  if (!values.site) throw new Error(`--site is required (${USAGE})`);
  const pages = await sitePages(path.resolve(values.site));
  if (pages.length === 0) throw new Error(`${values.site}: no indexable page`);
  const queries = makeQueries(pages, Number(values.queries), Number(values.seed));
  const work = await mkdtemp(path.join(os.tmpdir(), 'offprint-search-by-section-'));
  try {
    const built = await buildBundles(pages, work);
    const compared: Compared[] = [];
    for (const query of queries) compared.push(await compare(query, built));
    const summary = summarize(compared, built, pages.length);
    console.log(JSON.stringify(summary, null, 2));
    if (values.out) {
      await mkdir(path.dirname(values.out), { recursive: true });
      await writeFile(values.out, `${JSON.stringify({ summary, queries: compared }, null, 2)}\n`);
    }
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** The indexable pages of a built site, with their scope read from the scope span. */
async function sitePages(dir: string): Promise<SitePage[]> {
  const pages: SitePage[] = [];
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const full = path.join(entry.parentPath, entry.name);
    const html = await readFile(full, 'utf8');
    const start = html.indexOf('<main');
    const end = html.indexOf('</main>', start);
    if (
      start < 0 ||
      end < 0 ||
      !html.slice(start, html.indexOf('>', start)).includes('data-pagefind-body')
    )
      continue;
    const main = html.slice(start, end + '</main>'.length);
    const span = /<span hidden data-op-search-scope[^>]*>/.exec(main)?.[0] ?? '';
    const attr = (name: string) => new RegExp(` ${name}="([^"]*)"`).exec(span)?.[1];
    const lang = /<html[^>]*\slang="([^"]*)"/.exec(html)?.[1] ?? 'en';
    const file = path.relative(dir, full).split(path.sep).join('/');
    // Queries come from the article's content: what the theme leaves out of the index
    // (breadcrumbs, pagination, the last-updated line) is outside it.
    const content = main.slice(main.indexOf('<article'), main.indexOf('</article>'));
    const code = [...content.matchAll(/<code[^>]*>([\s\S]*?)<\/code>/g)].map((m) => m[1]).join(' ');
    pages.push({
      url: `/${file.replace(/index\.html$/, '')}`,
      file,
      space: attr('data-space') ?? '',
      section: attr('data-section') ?? NO_SECTION,
      html: `<html lang="${lang}"><body>${main}</body></html>`,
      text: plain(content.replace(/<pre[\s\S]*?<\/pre>/g, ' ')),
      code: plain(code),
    });
  }
  return pages.sort((a, b) => (a.file < b.file ? -1 : 1));
}

function plain(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ');
}

const WORD = /\p{L}{7,}/gu;
const IDENTIFIER =
  /\b(?:[a-z]+(?:_[a-z0-9]+)+|[a-z]+[A-Z][A-Za-z0-9]+|[A-Za-z]+(?:\.[A-Za-z]+)+)\b/g;

/** Equal numbers of each kind, each taken from a page chosen at random. */
function makeQueries(pages: SitePage[], count: number, seed: number): Query[] {
  const random = new Random(seed);
  const pick = <T>(items: readonly T[]): T | undefined =>
    items.length ? items[Math.floor(random.next() * items.length)] : undefined;
  const kinds: Kind[] = ['word', 'phrase', 'identifier', 'typo'];
  const queries: Query[] = [];
  const seen = new Set<string>();
  for (let attempt = 0; queries.length < count && attempt < count * 50; attempt++) {
    const kind = kinds[queries.length % kinds.length] as Kind;
    const from = pick(pages) as SitePage;
    const words = from.text.match(WORD) ?? [];
    let term: string | undefined;
    if (kind === 'word') term = pick(words);
    else if (kind === 'typo') term = typo(pick(words), random);
    else if (kind === 'identifier') term = pick(from.code.match(IDENTIFIER) ?? []);
    else {
      const all = from.text.split(' ').filter((w) => /^\p{L}+$/u.test(w));
      const at = Math.floor(random.next() * Math.max(0, all.length - 3));
      const phrase = all.slice(at, at + 3);
      term = phrase.length === 3 ? phrase.join(' ') : undefined;
    }
    if (!term || seen.has(`${kind}:${term.toLowerCase()}`)) continue;
    seen.add(`${kind}:${term.toLowerCase()}`);
    queries.push({ kind, term, from });
  }
  return queries;
}

/** Two neighbouring letters swapped inside the word (never the first). */
function typo(word: string | undefined, random: Random): string | undefined {
  if (!word || word.length < 4) return undefined;
  const at = 1 + Math.floor(random.next() * (word.length - 2));
  const swapped = `${word.slice(0, at)}${word[at + 1]}${word[at]}${word.slice(at + 2)}`;
  return swapped === word ? undefined : swapped;
}

interface Bundles {
  /** The folder holding `one/` and `sections/<n>/`, each a Pagefind bundle. */
  root: string;
  /** Section id → its bundle folder's name, and the spaces it holds. */
  sections: Map<string, { name: string; spaces: Set<string>; pages: number; indexSeconds: number }>;
  oneIndexSeconds: number;
  bytes: { one: number; bySection: number };
}

async function buildBundles(pages: SitePage[], root: string): Promise<Bundles> {
  const bySection = new Map<string, SitePage[]>();
  for (const page of pages)
    bySection.set(page.section, [...(bySection.get(page.section) ?? []), page]);
  const oneIndexSeconds = await writeBundle(pages, path.join(root, 'one'));
  const sections: Bundles['sections'] = new Map();
  for (const [index, [section, members]] of [...bySection].entries()) {
    const name = `s${index}`;
    const indexSeconds = await writeBundle(members, path.join(root, 'sections', name));
    sections.set(section, {
      name,
      spaces: new Set(members.map((page) => page.space)),
      pages: members.length,
      indexSeconds,
    });
  }
  return {
    root,
    sections,
    oneIndexSeconds,
    bytes: {
      one: await folderBytes(path.join(root, 'one', 'pagefind'), true),
      bySection: await folderBytes(path.join(root, 'sections'), true),
    },
  };
}

/** One bundle of `pages` in `<dir>/pagefind/`; the seconds Pagefind took (index and write). */
async function writeBundle(pages: SitePage[], dir: string): Promise<number> {
  const began = performance.now();
  const indexer = await SearchIndexer.open();
  await Promise.all(pages.map((page) => indexer.add(page.file, page.html)));
  await indexer.write(dir);
  return (performance.now() - began) / 1000;
}

/** Bytes of the index files under `dir`: without Pagefind's scripts, UI and wasm, which one copy serves. */
async function folderBytes(dir: string, indexOnly: boolean): Promise<number> {
  let bytes = 0;
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    if (indexOnly && (/\.(js|css)$/.test(entry.name) || entry.name.startsWith('wasm.'))) continue;
    bytes += (await readFile(path.join(entry.parentPath, entry.name))).byteLength;
  }
  return bytes;
}

async function compare(query: Query, bundles: Bundles): Promise<Compared> {
  const section = bundles.sections.get(query.from.section);
  if (!section) throw new Error(`no bundle for section ${query.from.section}`);
  const one = path.join(bundles.root, 'one', 'pagefind');
  const own = path.join(bundles.root, 'sections', section.name, 'pagefind');
  const others = [...bundles.sections.values()]
    .filter((other) => other !== section)
    .map((other) => other.name);
  const space = { space: query.from.space };
  return {
    kind: query.kind,
    term: query.term,
    from: query.from.url,
    own: {
      one: await search(query.term, one, {}, space),
      bySection: await search(query.term, own, {}, section.spaces.size > 1 ? space : {}),
    },
    all: {
      one: await search(query.term, one, {}, {}),
      bySection: await search(
        query.term,
        own,
        Object.fromEntries(
          others.map((name) => [name, path.join(bundles.root, 'sections', name, 'pagefind')]),
        ),
        {},
      ),
    },
  };
}

/**
 * One first search in a fresh sandbox: `primary` served at `/pagefind/`, each of `merged` at
 * `/pagefind/merged/<name>/` and merged into it. The top results' URLs and the bytes read.
 */
async function search(
  term: string,
  primary: string,
  merged: Record<string, string>,
  filters: Record<string, string>,
): Promise<Searched> {
  const reader = bundleReader(primary, merged);
  const sandbox = await PagefindSandbox.start(reader, () => {});
  try {
    await sandbox.call('site', 'init', [
      { basePath: '/pagefind/', baseUrl: '/', excerptLength: 24 },
    ]);
    for (const name of Object.keys(merged))
      await sandbox.call('site', 'mergeIndex', [`/pagefind/merged/${name}/`, {}]);
    const found = (await sandbox.call('site', 'search', [term, { filters }])) as {
      results: { data: string }[];
    };
    const urls: string[] = [];
    for (const result of found.results.slice(0, SHOWN)) {
      const data = (await sandbox.call('site', 'getData', [result.data])) as { url: string };
      urls.push(data.url);
    }
    return { top: urls.slice(0, TOP), total: found.results.length, bytes: sandbox.bytesServed };
  } finally {
    sandbox.close();
  }
}

/** Serves `pagefind/…` from `primary` and `pagefind/merged/<name>/…` from `merged[name]`. */
function bundleReader(primary: string, merged: Record<string, string>): SiteReader {
  return {
    root: new URL('file:///'),
    async get(sitePath) {
      const rest = sitePath.replace(/^pagefind\//, '');
      const match = /^merged\/([^/]+)\/(.+)$/.exec(rest);
      const dir = match ? merged[match[1] as string] : primary;
      if (!dir) return undefined;
      try {
        return new Uint8Array(await readFile(path.join(dir, match ? (match[2] as string) : rest)));
      } catch {
        return undefined;
      }
    },
  };
}

function summarize(compared: Compared[], bundles: Bundles, pages: number) {
  const scope = (which: 'own' | 'all') => {
    const rows = compared.map((c) => c[which]);
    const sameOrder = rows.filter((r) => r.one.top.join() === r.bySection.top.join()).length;
    const sameSet = rows.filter(
      (r) => [...r.one.top].sort().join() === [...r.bySection.top].sort().join(),
    ).length;
    const found = (key: 'one' | 'bySection') =>
      compared.filter((c) => c[which][key].top.includes(c.from)).length;
    const overlap =
      rows.reduce((sum, r) => {
        const denominator = Math.max(r.one.top.length, r.bySection.top.length);
        return (
          sum +
          (denominator
            ? r.one.top.filter((u) => r.bySection.top.includes(u)).length / denominator
            : 1)
        );
      }, 0) / rows.length;
    const bytes = (key: 'one' | 'bySection') => median(rows.map((r) => r[key].bytes));
    const worse = compared.filter(
      (c) => c[which].one.top.includes(c.from) && !c[which].bySection.top.includes(c.from),
    );
    // A section's index that lacks one of the query's words leaves that word out (Pagefind
    // drops words its index does not hold), so merged sections can list looser matches.
    const moreResults = rows.filter((r) => r.bySection.total > r.one.total).length;
    const fewerResults = rows.filter((r) => r.bySection.total < r.one.total).length;
    return {
      queries: rows.length,
      resultCount: { higherBySection: moreResults, lowerBySection: fewerResults },
      top5SameOrder: sameOrder,
      top5SameSet: sameSet,
      top5MeanOverlap: Number(overlap.toFixed(3)),
      sourcePageInTop5: { one: found('one'), bySection: found('bySection') },
      sourcePageLostBySection: worse.map((c) => `${c.kind} "${c.term}"`),
      firstSearchBytesMedian: { one: bytes('one'), bySection: bytes('bySection') },
      firstSearchBytesMax: {
        one: Math.max(...rows.map((r) => r.one.bytes)),
        bySection: Math.max(...rows.map((r) => r.bySection.bytes)),
      },
    };
  };
  const kinds: Record<string, number> = {};
  for (const c of compared) kinds[c.kind] = (kinds[c.kind] ?? 0) + 1;
  return {
    pages,
    sections: [...bundles.sections].map(([id, s]) => ({
      id,
      pages: s.pages,
      spaces: s.spaces.size,
      indexSeconds: Number(s.indexSeconds.toFixed(2)),
    })),
    oneIndexSeconds: Number(bundles.oneIndexSeconds.toFixed(2)),
    indexBytes: bundles.bytes,
    kinds,
    own: scope('own'),
    all: scope('all'),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

try {
  await main();
} catch (error) {
  console.error(`search-by-section: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
