import path from 'node:path';
import type { PrepareStats } from '../openapi/library.ts';
import type { PdfResult } from '../pdf/index.ts';
import type { RenderSummary } from '../records/last-build.ts';
import type { SearchIndexStats } from '../search/index-site.ts';
import type { SitePart } from '../shard/part.ts';
import type { SiteModel } from '../site/index.ts';
import type { PagesReport } from './stages/pages.ts';
import type { PreparedSite } from './stages/site-view.ts';

/** What `render()` reports. */
export interface RenderResult {
  outDir: string;
  pages: number;
  aliases: number;
  assets: number;
  markdownCache: { hits: number; misses: number };
  /**
   * Image variants this render made, those it found in the cache, and the wall seconds during
   * which some image was being made (beside the pages: not a phase of its own).
   */
  images: { made: number; reused: number; seconds: number };
  /** Share cards this render drew, and those it found in the cache (absent: cards off). */
  cards?: { drawn: number; reused: number };
  /** OpenAPI specs of the snapshot: loaded in this render, or reused from the last. */
  openapi?: PrepareStats;
  brokenLinks: { page: string; target: string; line?: number }[];
  /** Every broken link found: the crawl of the output, markdown, the platform's reports. */
  linkReport: { total: number; file: string; summary: string };
  warnings: { page: string; message: string; line?: number }[];
  /** What the build chose not to do and why (customizations a static site cannot back). */
  notes: string[];
  /** A change-request preview: what `changes.json` lists, as lines to print. */
  changes?: string[];
  /** The Pagefind index written to `<outDir>/pagefind/`; absent when the output was unchanged. */
  search?: SearchIndexStats;
  /** The PDFs written to `<outDir>/pdf/`; absent without `pdf` or when the output was unchanged. */
  pdf?: PdfResult;
  /** Nothing would differ from the last render into `outDir`: it was left as it was. */
  unchanged: boolean;
  /** Pages (and aliases) whose view had not changed since the last render: copied from its
   * output instead of built by Astro again. */
  reusedPages?: number;
  seconds: number;
  /** Seconds spent in each phase of `PHASES`, and in printing the PDFs (`pdf`) when it did. */
  phases: Record<(typeof PHASES)[number], number> & { pdf?: number };
}

/**
 * The phases of every render, in the order they end (docs/architecture.md, "The stages of a
 * render"): `images` is what was left to make of the variants once Astro was done, `hosting`
 * robots.txt, sitemap.xml, llms.txt, `.md` copies and `_headers`, `search` what the index took
 * past Astro, assets and hosting (it runs beside them), `links` the broken-link check past the
 * part of the crawl that overlaps search. A render with PDFs adds `pdf` before `links`.
 */
export const PHASES = [
  'model',
  'images',
  'markdown',
  'astro',
  'assets',
  'hosting',
  'search',
  'links',
] as const;

export type Phase = keyof RenderResult['phases'];

/** Every phase at zero seconds. */
export function noPhases(): RenderResult['phases'] {
  return Object.fromEntries(PHASES.map((phase) => [phase, 0])) as RenderResult['phases'];
}

/** What the build record keeps of a result, to report again when a render has nothing to do. */
export function summaryOf(result: RenderSummary): RenderSummary {
  const { pages, aliases, assets, brokenLinks, warnings, notes } = result;
  return { pages, aliases, assets, brokenLinks, warnings, notes };
}

/** Times the phases of a render: each `lap` ends one and starts the next. */
export class PhaseClock {
  readonly phases: RenderResult['phases'];
  #mark = Date.now();

  readonly started: number;

  constructor(started: number) {
    this.started = started;
    this.phases = { ...noPhases(), model: (this.#mark - started) / 1000 };
  }

  lap(phase: Exclude<Phase, 'model'>): void {
    const now = Date.now();
    this.phases[phase] = (now - this.#mark) / 1000;
    this.#mark = now;
  }

  /** Seconds since the render started. */
  seconds(): number {
    return (Date.now() - this.started) / 1000;
  }
}

/** The result as the pages stage leaves it: later phases add their warnings and notes. */
export function resultOf(input: {
  outDir: string;
  model: SiteModel;
  part: SitePart;
  site: PreparedSite;
  pages: Omit<PagesReport, 'math'>;
  clock: PhaseClock;
  openapiStats: PrepareStats;
}): Omit<RenderResult, 'linkReport' | 'unchanged' | 'seconds'> {
  const { model, part, site, pages } = input;
  return {
    outDir: path.resolve(input.outDir),
    pages: part.pages.length,
    aliases: part.aliases.length,
    assets: part.assets.length,
    markdownCache: pages.markdownCache,
    // The image stage's figures and warnings are added once its variants are made.
    images: { made: 0, reused: 0, seconds: 0 },
    ...(input.openapiStats.specs > 0 ? { openapi: input.openapiStats } : {}),
    brokenLinks: pages.brokenLinks,
    warnings: [
      ...site.warnings,
      ...model.warnings.map((message) => ({ page: 'structure', message })),
      ...pages.warnings,
    ],
    notes: [...site.notes, ...pages.notes],
    phases: input.clock.phases,
  };
}
