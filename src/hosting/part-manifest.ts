import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { LinkScan } from './check-links.ts';
import type { MarkdownBrokenLink, PlatformBrokenLink } from './link-report.ts';
import type { ListedPage, SiteHosting } from './site-files.ts';

/**
 * A part's manifest (`<part>/_offprint/part/manifest.json`): what the merge needs of a part of
 * a sharded render beyond its files. Which snapshot and options it was rendered from (the
 * identity every part of one site shares), which part it is, the site's hosting facts and the
 * part's listed pages (sitemap.xml, llms.txt; their llms-full.txt entries are in
 * `llms-full.data`, at the offsets given), the link scan of its HTML and its unresolved
 * references (the merge checks links across every part), and its pages' count.
 *
 * `_offprint/` is Offprint's own folder of every output, so no page can sit where this does; the
 * merge copies everything of a part but `_offprint/part/`.
 */

/** The part's own folder, relative to the part's directory. */
export const PART_DIR = '_offprint/part';
export const MANIFEST_FILE = 'manifest.json';
/** The part's llms-full.txt entries, one after another (`ListedPage` + `full` says where). */
export const LLMS_FULL_DATA = 'llms-full.data';

/** Bumped when the manifest's shape changes: a merge refuses parts of another version. */
export const MANIFEST_VERSION = 1;

export interface PartManifest {
  version: typeof MANIFEST_VERSION;
  /** The digest of the snapshot, code and options every part rendered from (not the part). */
  identity: string;
  index: number;
  count: number;
  site: SiteHosting;
  /** The part's listed pages in site order, each with where its llms-full.txt entry is. */
  listed: (ListedPage & { full?: { offset: number; length: number } })[];
  pages: number;
  aliases: number;
  links: {
    /** The part's HTML files' ids and links (src/hosting/check-links.ts), pages as pairs. */
    scan: Omit<LinkScan, 'pages'> & { pages: [file: string, ids: string, links: number[]][] };
    /** The part's pages' unresolved references, each with its page's site position. */
    markdown: [position: number, link: MarkdownBrokenLink][];
    /** The platform's stored reports (the same in every part: the merge takes part 1's). */
    platform: PlatformBrokenLink[];
  };
}

export class PartError extends Error {
  override readonly name = 'PartError';
}

const ListedSchema = z.looseObject({
  position: z.number().int().nonnegative(),
  siteSpaceId: z.string(),
  heading: z.string(),
  title: z.string(),
  copyUrl: z.string(),
  description: z.string().optional(),
  loc: z.string().optional(),
  lastmod: z.string().optional(),
  feeds: z.object({ rss: z.string(), atom: z.string() }).optional(),
  alternates: z.array(z.object({ hreflang: z.string(), href: z.string() })).optional(),
  full: z
    .object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() })
    .optional(),
});

const ManifestSchema = z.object({
  version: z.literal(MANIFEST_VERSION),
  identity: z.string().regex(/^[0-9a-f]{64}$/),
  index: z.number().int().nonnegative(),
  count: z.number().int().positive(),
  site: z.looseObject({
    title: z.string(),
    base: z.string().startsWith('/'),
    origin: z.string().optional(),
    indexed: z.boolean(),
    homeDescription: z.string().optional(),
  }),
  listed: z.array(ListedSchema),
  pages: z.number().int().nonnegative(),
  aliases: z.number().int().nonnegative(),
  links: z.object({
    scan: z.object({
      base: z.string(),
      origin: z.string().optional(),
      targets: z.array(z.string()),
      pages: z.array(z.tuple([z.string(), z.string(), z.array(z.number().int().nonnegative())])),
    }),
    markdown: z.array(
      z.tuple([z.number().int(), z.looseObject({ page: z.string(), target: z.string() })]),
    ),
    platform: z.array(z.looseObject({ spaceId: z.string(), target: z.string() })),
  }),
});

/** The manifest as its text: the scan's pages as pairs, so the file is plain JSON. */
export function manifestText(manifest: PartManifest): string {
  return JSON.stringify(manifest);
}

/** The scan as a manifest keeps it. */
export function scanForManifest(scan: LinkScan): PartManifest['links']['scan'] {
  return {
    base: scan.base,
    ...(scan.origin !== undefined ? { origin: scan.origin } : {}),
    targets: scan.targets,
    pages: [...scan.pages].map(([file, { ids, links }]) => [file, ids, links]),
  };
}

/** Reads and checks the manifest of the part in `dir`; a folder that is no part says so. */
export async function readManifest(dir: string): Promise<PartManifest> {
  const file = path.join(dir, PART_DIR, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    throw new PartError(
      `${dir} is not a part of a sharded render (no ${PART_DIR}/${MANIFEST_FILE}): render it with offprint render --shard K/N`,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new PartError(`${file} is not JSON: the part is damaged; render it again`);
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (version !== MANIFEST_VERSION)
    throw new PartError(
      `${dir} was rendered by another version of Offprint (part manifest ${String(version)}, this one reads ${MANIFEST_VERSION}): render every part with the version that merges`,
    );
  const parsed = ManifestSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new PartError(
      `${file} is damaged (${issue?.path.join('.') || 'manifest'}: ${issue?.message}): render the part again`,
    );
  }
  return parsed.data as unknown as PartManifest;
}
