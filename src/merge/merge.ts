import { constants } from 'node:fs';
import { copyFile, mkdir, open, readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import {
  type BrokenLinkReport,
  buildReport,
  checkLinks,
  type LinkScan,
  writeReport,
} from '../hosting/index.ts';
import {
  LLMS_FULL_DATA,
  PART_DIR,
  PartError,
  type PartManifest,
  readManifest,
} from '../hosting/part-manifest.ts';
import { writeSiteFiles } from '../hosting/site-files.ts';
import { discardOutput, stageOutput, swapOutput } from '../render/output.ts';
import { OUTPUT_MARKER } from '../render/output-folder.ts';
import { BUNDLE_DIR } from '../search/index-site.ts';
import { MERGE_FILE, readMergeList, writeMergeList } from '../search/merge-list.ts';
import { mergeVocabularies } from '../search/vocabulary-files.ts';
import { VOCABULARY_DIR } from '../search/vocabulary-format.ts';
import { dirMaker } from '../utils/dir-maker.ts';
import { removeOnInterrupt } from '../utils/interrupt.ts';

/**
 * `offprint merge PART… --out DIR`: the parts of a sharded render joined into one site. It
 * renders nothing: it copies each part's files into a staged output (a file two parts both
 * wrote, such as the stylesheets or the not-found page, must be the same bytes and is copied
 * once), places the parts' search bundles side by side, writes the site's own hosting files
 * (sitemap.xml, llms.txt, llms-full.txt, robots.txt, _headers) from the parts' manifests with
 * the same functions as an unsharded render, checks every link across the parts, and swaps the
 * output in. Memory holds the manifests, never a page.
 */

export interface MergeOptions {
  parts: readonly string[];
  outDir: string;
  /** Where the broken-link report goes (`<cache>/broken-links.json`). */
  reportFile: string;
  /** `--fail-on-broken-links`: a broken link fails the merge; the output stays as it was. */
  failOnBrokenLinks?: boolean;
}

export interface MergeResult {
  outDir: string;
  parts: number;
  pages: number;
  aliases: number;
  /** Files copied from the parts (each once). */
  files: number;
  report: BrokenLinkReport;
  seconds: number;
}

/** Where part K's (1-based) search bundle goes, under the site's bundle for part 1. */
export function partBundleDir(index: number): string {
  return `parts/${index + 1}/`;
}

export async function mergeParts(options: MergeOptions): Promise<MergeResult> {
  const started = Date.now();
  const parts = await readParts(options.parts);
  const staged = await stageOutput(options.outDir);
  const forget = removeOnInterrupt(staged);
  try {
    const files = await copyParts(parts, staged);
    await placeBundles(parts, staged);
    await writeHosting(parts, staged);
    const report = await checkAcross(parts, staged, options);
    await writeReport(options.reportFile, report);
    if (options.failOnBrokenLinks && report.total > 0)
      throw new MergeError(
        `${report.total} broken link${report.total === 1 ? '' : 's'} across the parts (report in ${options.reportFile}): ${options.outDir} left as it was`,
      );
    await swapOutput(staged, options.outDir);
    return {
      outDir: path.resolve(options.outDir),
      parts: parts.length,
      pages: parts.reduce((sum, part) => sum + part.manifest.pages, 0),
      aliases: parts.reduce((sum, part) => sum + part.manifest.aliases, 0),
      files,
      report,
      seconds: (Date.now() - started) / 1000,
    };
  } catch (error) {
    await discardOutput(staged);
    throw error;
  } finally {
    forget();
  }
}

export class MergeError extends Error {
  override readonly name = 'MergeError';
}

interface Part {
  dir: string;
  manifest: PartManifest;
}

/**
 * Every part's manifest, in part order, once each check holds: all of one render (same
 * identity and count), each part once, none missing.
 */
async function readParts(dirs: readonly string[]): Promise<Part[]> {
  if (dirs.length === 0) throw new PartError('no parts to merge: name the parts’ folders');
  const parts = await Promise.all(
    dirs.map(async (dir) => ({ dir, manifest: await readManifest(dir) })),
  );
  const first = parts[0] as Part;
  for (const part of parts) {
    if (
      part.manifest.identity !== first.manifest.identity ||
      part.manifest.count !== first.manifest.count
    )
      throw new PartError(
        `${part.dir} and ${first.dir} are parts of different renders (another snapshot, Offprint or render options, or another N): render every part from one snapshot with the same flags`,
      );
  }
  const { count } = first.manifest;
  const byIndex = new Map<number, Part>();
  for (const part of parts) {
    const twin = byIndex.get(part.manifest.index);
    if (twin)
      throw new PartError(
        `part ${part.manifest.index + 1} of ${count} is given twice (${twin.dir} and ${part.dir})`,
      );
    byIndex.set(part.manifest.index, part);
  }
  const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !byIndex.has(i));
  if (missing.length > 0)
    throw new PartError(
      `missing part${missing.length === 1 ? '' : 's'} ${missing.map((i) => i + 1).join(', ')} of ${count}: merge needs every part`,
    );
  return [...byIndex.values()].sort((a, b) => a.manifest.index - b.manifest.index);
}

/** Files of a part the merge does not copy as they are. */
function ownFile(relative: string): boolean {
  return (
    relative === OUTPUT_MARKER ||
    relative.startsWith(`${PART_DIR}/`) ||
    relative === BUNDLE_DIR ||
    relative.startsWith(`${BUNDLE_DIR}/`)
  );
}

/**
 * Copies every part's files into `staged`. A file more than one part holds is copied once, and
 * must be the same bytes in each: parts of one render write shared files alike, so a difference
 * means a part was changed after its render.
 */
async function copyParts(parts: readonly Part[], staged: string): Promise<number> {
  const seen = new Map<string, string>();
  const limit = pLimit(16);
  const copies: Promise<void>[] = [];
  const makeDir = dirMaker();
  for (const part of parts) {
    for (const relative of await filesOf(part.dir)) {
      if (ownFile(relative)) continue;
      const from = path.join(part.dir, relative);
      const other = seen.get(relative);
      if (other !== undefined) {
        copies.push(limit(() => sameBytes(path.join(other, relative), from, relative)));
        continue;
      }
      seen.set(relative, part.dir);
      const to = path.join(staged, relative);
      copies.push(
        limit(async () => {
          await makeDir(path.dirname(to));
          // A reflink where the file system has them: a copy that costs no bytes.
          await copyFile(from, to, constants.COPYFILE_FICLONE);
        }),
      );
    }
  }
  await Promise.all(copies);
  return seen.size;
}

async function sameBytes(a: string, b: string, relative: string): Promise<void> {
  const [sa, sb] = await Promise.all([stat(a), stat(b)]);
  if (sa.size === sb.size && (await readFile(a)).equals(await readFile(b))) return;
  throw new PartError(
    `${a} and ${b} differ: parts of one render write ${relative} alike; render the parts again`,
  );
}

/** Every file under `dir`, relative and `/`-separated, in a stable order. */
async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) =>
      path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'),
    )
    .sort();
}

/**
 * Part 1's search bundle is the site's (`pagefind/`); each other part's goes whole under it
 * (`pagefind/parts/K/`), and the site's list of bundles to merge names them: the search dialog
 * and the MCP server search them all as one. The parts' vocabularies (src/search/vocabulary-files.ts)
 * become one, the site's, in `pagefind/`.
 */
async function placeBundles(parts: readonly Part[], staged: string): Promise<void> {
  const limit = pLimit(16);
  const copies: Promise<void>[] = [];
  for (const part of parts) {
    const from = path.join(part.dir, BUNDLE_DIR);
    const into =
      part.manifest.index === 0
        ? path.join(staged, BUNDLE_DIR)
        : path.join(staged, BUNDLE_DIR, partBundleDir(part.manifest.index));
    for (const relative of await filesOf(from)) {
      // Both are written for the whole site below.
      if (relative === MERGE_FILE || relative.startsWith(VOCABULARY_DIR)) continue;
      copies.push(
        limit(async () => {
          const to = path.join(into, relative);
          await mkdir(path.dirname(to), { recursive: true });
          await copyFile(path.join(from, relative), to, constants.COPYFILE_FICLONE);
        }),
      );
    }
  }
  await Promise.all(copies);
  // A part written as several bundles lists its others relative to its own: under part K's
  // place they are `parts/K/bundles/2/`…
  const merge: string[] = [];
  for (const part of parts) {
    const place = part.manifest.index === 0 ? '' : partBundleDir(part.manifest.index);
    if (place) merge.push(place);
    for (const entry of await readMergeList(path.join(part.dir, BUNDLE_DIR)))
      merge.push(`${place}${entry}`);
  }
  await writeMergeList(path.join(staged, BUNDLE_DIR), merge);
  // The site's vocabulary is every part's added up (a page is in one part): what the site
  // rendered whole ships.
  await mergeVocabularies(
    parts.map((part) => path.join(part.dir, BUNDLE_DIR)),
    path.join(staged, BUNDLE_DIR),
  );
}

/**
 * sitemap.xml, llms.txt, llms-full.txt, robots.txt and _headers from the parts' manifests: the
 * listed pages in site order, each page's llms-full.txt entry read from its part as it comes.
 */
async function writeHosting(parts: readonly Part[], staged: string): Promise<void> {
  const site = { ...(parts[0] as Part).manifest.site };
  // The home page's description is known to the part that rendered it.
  const homeDescription = parts.find((part) => part.manifest.site.homeDescription)?.manifest.site
    .homeDescription;
  if (homeDescription) site.homeDescription = homeDescription;
  const listed = parts
    .flatMap((part) => part.manifest.listed.map((page) => ({ page, part })))
    .sort((a, b) => a.page.position - b.page.position);
  const handles = new Map<Part, Awaited<ReturnType<typeof open>>>();
  try {
    for (const part of parts)
      handles.set(part, await open(path.join(part.dir, PART_DIR, LLMS_FULL_DATA), 'r'));
    async function* entries() {
      for (const { page, part } of listed) {
        if (!page.full) continue;
        const bytes = Buffer.alloc(page.full.length);
        await handles.get(part)?.read(bytes, 0, bytes.length, page.full.offset);
        yield bytes.toString('utf8');
      }
    }
    await writeSiteFiles(
      staged,
      site,
      listed.map(({ page }) => page),
      entries(),
    );
  } finally {
    for (const handle of handles.values()) await handle.close();
  }
}

/**
 * The broken-link report of the merged site, as an unsharded render makes it: every part's
 * scan joined (each HTML file once) and checked against the merged output, the parts'
 * unresolved references in site order, and the platform's reports.
 */
async function checkAcross(
  parts: readonly Part[],
  staged: string,
  options: MergeOptions,
): Promise<BrokenLinkReport> {
  const first = (parts[0] as Part).manifest;
  const targets: string[] = [];
  const indexOf = new Map<string, number>();
  const pages: LinkScan['pages'] = new Map();
  for (const part of parts) {
    const { scan } = part.manifest.links;
    const mapped = scan.targets.map((target) => {
      let index = indexOf.get(target);
      if (index === undefined) {
        index = targets.push(target) - 1;
        indexOf.set(target, index);
      }
      return index;
    });
    for (const [file, ids, links] of scan.pages) {
      if (!pages.has(file)) pages.set(file, { ids, links: links.map((i) => mapped[i] as number) });
    }
  }
  const scan: LinkScan = {
    base: first.links.scan.base,
    ...(first.links.scan.origin !== undefined ? { origin: first.links.scan.origin } : {}),
    targets,
    pages: new Map([...pages].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
  };
  const { broken } = await checkLinks(scan, staged);
  const markdown = parts
    .flatMap((part) => part.manifest.links.markdown)
    .sort((a, b) => a[0] - b[0])
    .map(([, link]) => link);
  return buildReport({
    outDir: path.resolve(options.outDir),
    fingerprint: first.identity,
    output: broken,
    markdown,
    platform: first.links.platform,
  });
}
