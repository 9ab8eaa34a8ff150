import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { stringify } from 'yaml';
import { blockDiagram, consoleScreenshot, lineChart, skyBanner } from './images.ts';
import { Random, seedOf } from './prng.ts';
import {
  anchorOf,
  firstHeading,
  type PageLink,
  pageMarkdown,
  SHARED_IMAGES,
} from './synth-markdown.ts';
import { planTree, summaryMarkdown, type TreePage } from './synth-tree.ts';

/**
 * Synthetic site folders in the layout of docs/site-folder.md, for benchmarks and scale tests:
 * N pages spread over several sections, one of them with a v2/v1 variant pair.
 */

export interface MakeSiteOptions {
  pages: number;
  out: string;
  seed?: number;
  /** Site spaces in all (at least 3: the variant pair and one more section), the pages shared
   * evenly; by default one section per 500 pages. */
  spaces?: number;
}

export interface MakeSiteResult {
  pages: number;
  spaces: number;
  sections: number;
  bytes: number;
  seconds: number;
}

interface SpacePlan {
  id: string;
  /** Title of the space itself (space.yaml). */
  title: string;
  /** Title of its site space: the version label for a variant. */
  label: string;
  path: string;
  pages: number;
  /** Seed of the page tree; shared by a variant pair so their paths coincide. */
  treeSeed: number;
}

interface SectionPlan {
  id: string;
  title: string;
  spaces: SpacePlan[];
}

const PAGES_PER_SECTION = 500;
/** Two sections make three spaces (one variant pair), and each space needs a page. */
const MIN_PAGES = 3;
const AREAS = [
  'Platform',
  'Compute',
  'Storage',
  'Networking',
  'Identity',
  'Observability',
  'Data',
  'Messaging',
  'Security',
  'Billing',
  'Integrations',
  'Developer tools',
];

/** Sections and their spaces: the first section holds the variant pair (v2 default, v1). */
function planSections(pages: number, seed: number, spaces?: number): SectionPlan[] {
  const count = spaces ? spaces - 1 : Math.max(2, Math.ceil(pages / PAGES_PER_SECTION));
  const shares = split(pages, count + 1);
  const width = String(count).length;
  const sections: SectionPlan[] = [];
  for (let k = 0; k < count; k++) {
    const id = `s${String(k + 1).padStart(width, '0')}`;
    const round = Math.floor(k / AREAS.length);
    const title = `${AREAS[k % AREAS.length]}${round > 0 ? ` ${round + 1}` : ''}`;
    const treeSeed = seedOf(seed, id, 'tree');
    const space = (suffix: string, share: number): SpacePlan => ({
      id: suffix ? `${id}-${suffix}` : id,
      title: suffix ? `${title} ${suffix}` : title,
      label: suffix || title,
      path: suffix || id,
      pages: shares[share] ?? 0,
      treeSeed,
    });
    const spaces = k === 0 ? [space('v2', 0), space('v1', 1)] : [space('', k + 1)];
    sections.push({ id, title, spaces });
  }
  return sections;
}

/** `total` split into `parts` near-equal integers, larger ones first. */
function split(total: number, parts: number): number[] {
  const base = Math.floor(total / parts);
  return Array.from({ length: parts }, (_, i) => base + (i < total % parts ? 1 : 0));
}

export function makeSite({
  pages,
  out,
  seed = 1,
  spaces: spaceCount,
}: MakeSiteOptions): MakeSiteResult {
  const started = performance.now();
  if (!Number.isInteger(pages) || pages < MIN_PAGES) {
    throw new Error(`pages must be a whole number of at least ${MIN_PAGES}, got ${pages}`);
  }
  const fits = (count: number) => Number.isInteger(count) && count >= MIN_PAGES && count <= pages;
  if (spaceCount !== undefined && !fits(spaceCount)) {
    throw new Error(
      `spaces must be a whole number from ${MIN_PAGES} to the pages (${pages}), got ${spaceCount}`,
    );
  }
  const sections = planSections(pages, seed, spaceCount);
  const spaces = sections.flatMap((section) => section.spaces);
  prepareOut(out);
  const writer = new Writer(out);
  writer.text('organization.yaml', stringify({ id: 'synth', title: 'Synthetic Docs Inc.' }));
  writer.text('sites/docs.yaml', stringify(siteFile(sections)));
  const images = sharedImages();
  let ordinal = 0;
  for (const space of spaces) ordinal = writeSpace(writer, space, seed, images, ordinal);
  const seconds = (performance.now() - started) / 1000;
  return {
    pages,
    spaces: spaces.length,
    sections: sections.length,
    bytes: writer.written,
    seconds,
  };
}

/** Regenerating must not leave stale pages behind, but must never wipe an unrelated folder. */
function prepareOut(out: string): void {
  if (!existsSync(out) || readdirSync(out).length === 0) return;
  if (!existsSync(join(out, 'organization.yaml'))) {
    throw new Error(`${out} is not empty and is not a site folder; refusing to overwrite it`);
  }
  rmSync(out, { recursive: true, force: true });
}

function siteFile(sections: readonly SectionPlan[]) {
  const grouped = sections.length >= 3;
  return {
    title: 'Synthetic Docs',
    visibility: 'public',
    customizations: {
      title: 'Synthetic Docs',
      styling: { theme: 'clean', primaryColor: { light: '#346DDB', dark: '#6A9BFF' } },
      internationalization: { locale: 'en' },
      header: {
        links: [{ title: 'Status', to: { kind: 'url', url: 'https://status.synth.example' } }],
      },
      footer: { copyright: '© Synthetic Docs Inc.' },
    },
    sectionGroups: grouped ? [{ id: 'more', title: 'More products' }] : undefined,
    sections: sections.map((section, k) => ({
      id: section.id,
      title: section.title,
      path: section.title.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      default: k === 0,
      group: grouped && k >= 2 ? 'more' : undefined,
      siteSpaces: section.spaces.map((space, i) => ({
        id: space.id,
        space: space.id,
        title: space.label,
        path: space.path,
        default: i === 0,
      })),
    })),
  };
}

function sharedImages(): Map<string, Buffer> {
  const [architecture, dashboard, latency, banner] = SHARED_IMAGES as [
    string,
    string,
    string,
    string,
  ];
  return new Map([
    [architecture, blockDiagram(320, 140, '#4F86C6')],
    [dashboard, consoleScreenshot(320, 180, '#346DDB')],
    [latency, lineChart(320, 160, '#D1495B')],
    [banner, skyBanner(640, 160, '#1B2A49', '#346DDB')],
  ]);
}

/** Writes one space and returns the next free page ordinal. */
function writeSpace(
  writer: Writer,
  space: SpacePlan,
  seed: number,
  images: ReadonlyMap<string, Buffer>,
  ordinal: number,
): number {
  const root = `spaces/${space.id}`;
  const tree = planTree(new Random(space.treeSeed), space.pages);
  writer.text(`${root}/space.yaml`, stringify({ title: space.title }));
  writer.text(`${root}/SUMMARY.md`, summaryMarkdown(tree));
  for (const [name, bytes] of images) writer.file(`${root}/.gitbook/assets/${name}`, bytes);
  const seeds = tree.map((_, i) => seedOf(seed, space.id, i));
  const linkRng = new Random(seedOf(seed, space.id, 'links'));
  let next = ordinal;
  tree.forEach((page, i) => {
    const folder = posix.dirname(page.file);
    const markdown = pageMarkdown({
      title: page.title,
      seed: seeds[i] as number,
      ordinal: next++,
      assets: posix.relative(folder, '.gitbook/assets'),
      links: pickLinks(linkRng, tree, seeds, i),
    });
    writer.text(`${root}/${page.file}`, markdown);
  });
  return next;
}

/** A few links from page `from` to other pages of its space, mostly near it in the tree. */
function pickLinks(
  rng: Random,
  tree: readonly TreePage[],
  seeds: readonly number[],
  from: number,
): PageLink[] {
  const folder = posix.dirname((tree[from] as TreePage).file);
  const links: PageLink[] = [];
  const count = rng.int(2, 6);
  for (let n = 0; n < count; n++) {
    const to = rng.chance(0.6)
      ? Math.min(tree.length - 1, Math.max(0, from + rng.int(-8, 8)))
      : rng.int(0, tree.length - 1);
    const target = tree[to];
    if (to === from || !target) continue;
    const anchor = rng.chance(0.5) ? `#${anchorOf(firstHeading(seeds[to] as number))}` : '';
    links.push({ title: target.title, href: `${posix.relative(folder, target.file)}${anchor}` });
  }
  return links;
}

/** Writes files under one root, creating each folder once and counting bytes. */
class Writer {
  written = 0;
  private readonly folders = new Set<string>();

  private readonly root: string;

  constructor(root: string) {
    this.root = root;
  }

  text(path: string, content: string): void {
    this.file(path, Buffer.from(content));
  }

  file(path: string, content: Buffer): void {
    const file = join(this.root, path);
    const folder = posix.dirname(path);
    if (!this.folders.has(folder)) {
      mkdirSync(join(this.root, folder), { recursive: true });
      this.folders.add(folder);
    }
    writeFileSync(file, content);
    this.written += content.length;
  }
}
