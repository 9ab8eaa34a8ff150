import { mkdir, open, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrokenLinkReport, LinkScan } from '../../hosting/index.ts';
import {
  LLMS_FULL_DATA,
  MANIFEST_FILE,
  MANIFEST_VERSION,
  manifestText,
  PART_DIR,
  type PartManifest,
  scanForManifest,
} from '../../hosting/part-manifest.ts';
import { type ListedPage, siteHosting, writePartHosting } from '../../hosting/write-outputs.ts';
import type { LocalPage } from '../../local-pages/index.ts';
import type { SpecProvider } from '../../openapi/types.ts';
import { type ShardOption, type SitePart, sitePart, wholeSite } from '../../shard/part.ts';
import type { ReviewModel, SiteModel } from '../../site/index.ts';
import type { Snapshot } from '../../snapshot/read.ts';
import { RenderError } from '../errors.ts';
import { hostingInput } from './hosting.ts';
import type { PagesReport } from './pages.ts';

/**
 * What a render writes of the site (src/shard/part.ts): all of it, or with `--shard K/N` one
 * part, whose own files (`_offprint/part/`: the manifest and the llms-full.txt entries) are
 * written here for `offprint merge`.
 */

/** The part of the site this render writes. */
export function chooseSitePart(input: {
  shard: ShardOption | undefined;
  snapshot: Snapshot;
  model: SiteModel;
  review: ReviewModel | undefined;
}): SitePart {
  if (!input.shard) return wholeSite(input.model);
  // The changes page lists the blocks of every edited page, which no one part renders.
  if (input.review)
    throw new RenderError(
      'a change-request preview is rendered whole: drop --shard (previews are one request, not a large site)',
    );
  return sitePart(input.model, input.snapshot, input.shard);
}

/**
 * The hosting phase of a part: its pages' `.md` copies, and its listed pages' llms-full.txt
 * entries into `_offprint/part/llms-full.data`, in site order; returns the listed pages with
 * where each entry is, for the manifest.
 */
export async function writePartFiles(input: {
  snapshot: Snapshot;
  model: SiteModel;
  part: SitePart;
  staged: string;
  origin: string | undefined;
  localPages: readonly LocalPage[];
  pages: Pick<PagesReport, 'descriptions' | 'copyLinks' | 'feeds'>;
  openapi: SpecProvider;
}): Promise<{ listed: PartManifest['listed']; warnings: { page: string; message: string }[] }> {
  const { part, staged } = input;
  const dir = path.join(staged, PART_DIR);
  await mkdir(dir, { recursive: true });
  const data = await open(path.join(dir, LLMS_FULL_DATA), 'w');
  const where = new Map<number, { offset: number; length: number }>();
  let offset = 0;
  try {
    const hosting = await writePartHosting({
      ...hostingInput(input),
      pages: part.pages,
      positionOf: (page) => part.sitePosition(page),
      entry: async (page: ListedPage, text: string) => {
        const bytes = Buffer.from(text, 'utf8');
        await data.write(bytes, 0, bytes.length, offset);
        where.set(page.position, { offset, length: bytes.length });
        offset += bytes.length;
      },
    });
    const listed = hosting.listed.map((page) => {
      const full = where.get(page.position);
      return full ? { ...page, full } : page;
    });
    return { listed, warnings: hosting.warnings.map((message) => ({ page: 'hosting', message })) };
  } finally {
    await data.close();
  }
}

/** The part's manifest, the last of its files (src/shard/manifest.ts). */
export async function writePartManifest(input: {
  staged: string;
  identity: string;
  part: SitePart;
  model: SiteModel;
  origin: string | undefined;
  descriptions: ReadonlyMap<string, string>;
  listed: PartManifest['listed'];
  /** The site's Content-Security-Policy: the merge writes `_headers` with it. */
  csp?: string | undefined;
  scan: LinkScan;
  report: BrokenLinkReport;
}): Promise<void> {
  const { part, model, report } = input;
  const positionOfUrl = new Map(part.pages.map((page) => [page.url, part.sitePosition(page)]));
  const manifest: PartManifest = {
    version: MANIFEST_VERSION,
    identity: input.identity,
    index: part.index,
    count: part.count,
    site: siteHosting({
      model,
      origin: input.origin,
      indexed: !model.noIndex,
      descriptions: input.descriptions,
      ...(input.csp ? { csp: input.csp } : {}),
    }),
    listed: input.listed,
    pages: part.pages.length,
    aliases: part.aliases.length,
    links: {
      scan: scanForManifest(input.scan),
      markdown: report.markdown.map((link) => [positionOfUrl.get(link.page) ?? -1, link]),
      platform: report.platform,
    },
  };
  await writeFile(path.join(input.staged, PART_DIR, MANIFEST_FILE), manifestText(manifest));
}
