import path from 'node:path';
import type { PublishedContentSite } from '../../api/schemas/index.ts';
import type { LandedFile } from '../../images/early.ts';
import { findChromium } from '../../pdf/chromium.ts';
import type { AheadOfRender } from '../../render/options.ts';
import { diagramChromium } from '../../render/stages/diagrams.ts';
import type { SpaceEntry, Structure } from '../../snapshot/format.ts';
import type { OpenapiSources } from '../../snapshot/openapi.ts';
import { EarlyCards, type EarlyCardsOptions } from './cards.ts';
import { EarlyDiagrams } from './diagrams.ts';
import { EarlySpecs } from './specs.ts';

/**
 * The render's work a pull can do while it waits on the platform (docs/architecture.md, "Work
 * ahead of the render"): mermaid diagrams drawn, OpenAPI specs loaded and share cards drawn into
 * the render's caches under the keys the render will look for, so that it finds them done. One
 * object per run: `pull` tells it what has landed (`PullOptions.early`), the command ends it when
 * the pull does, and in `build` the render is given it too (`RenderOptions.early`), to wait for
 * the work under way rather than do it again at once. Nothing here changes what a render writes.
 *
 * Diagrams are drawn ahead only in `build`, where the render draws with the same Chromium: a
 * pull alone would start a Chromium for drawings no render of this run asks for and wait for it
 * at its end. Share cards too (unless `--no-share-cards`). Specs are loaded ahead by either (no
 * process to start).
 */
/** Where the render's caches are, and how the render will draw diagrams (`build` only). */
export interface EarlyWorkOptions {
  cacheDir: string;
  diagrams?: { pdf: boolean; chromium?: string };
  /** Draw share cards ahead (`build`, unless `--no-share-cards`), with `--site-url`, `--base`. */
  cards?: EarlyCardsOptions;
}

export class EarlyWork implements AheadOfRender {
  readonly #diagrams: EarlyDiagrams;
  readonly #specs: EarlySpecs;
  readonly #cards: EarlyCards | undefined;

  /**
   * `diagrams`: draw them ahead (`build`), with the Chromium the render will draw with: the
   * one PDFs print with (`--pdf`, `--chromium`), else OFFPRINT_CHROMIUM, else the first on PATH.
   */
  constructor(options: EarlyWorkOptions) {
    this.#diagrams = new EarlyDiagrams(
      path.resolve(options.cacheDir, 'render'),
      options.diagrams ? renderChromium(options.diagrams) : undefined,
    );
    this.#specs = new EarlySpecs(options.cacheDir);
    this.#cards = options.cards
      ? new EarlyCards(path.resolve(options.cacheDir, 'render'), options.cards)
      : undefined;
  }

  /** The site, its structure and the spaces whose content the pull fetches. */
  siteKnown(published: PublishedContentSite, structure: Structure, spaceIds: string[]): void {
    this.#cards?.siteKnown(published, structure, spaceIds);
  }

  /** A space's revision, as the pull stores it in the staging snapshot. */
  revision(spaceId: string, revision: unknown): void {
    this.#cards?.revision(spaceId, revision);
  }

  /** A file's bytes landed in the staging snapshot. */
  fileLanded(file: LandedFile): void {
    this.#cards?.fileLanded(file);
  }

  /** A page's markdown landed in the staging snapshot. */
  page(markdown: string): void {
    this.#diagrams.page(markdown);
  }

  /** Every space landed in the staging snapshot `staged`. */
  spacesPulled(staged: string, spaces: readonly SpaceEntry[]): void {
    this.#specs.spacesPulled(staged, spaces);
  }

  /** `openapi.json` landed in `staged`. */
  specsPulled(staged: string, openapi: OpenapiSources): void {
    this.#specs.specsPulled(staged, openapi);
  }

  /** The pull ended, done or failed: what is queued is dropped, what is under way finishes. */
  pullEnded(): void {
    this.#diagrams.end();
    void this.#specs.end();
    void this.#cards?.end();
  }

  specsSettled(): Promise<void> {
    return this.#specs.end();
  }

  async cardsSettled(): Promise<void> {
    await this.#cards?.end();
  }

  get drawer() {
    return this.#diagrams.drawer;
  }

  /** What was done ahead, for `-v`. */
  summary(): string {
    const cards = this.#cards
      ? `, ${this.#cards.drawn} of ${this.#cards.named} share card(s) drawn`
      : '';
    return `ahead of the render: ${this.#diagrams.drawn} diagram(s) drawn, ${this.#specs.loaded} OpenAPI spec(s) loaded${cards}`;
  }

  /** Waits for the work under way and stops Chromium. */
  async close(): Promise<void> {
    this.pullEnded();
    await Promise.all([this.#diagrams.close(), this.#specs.end(), this.#cards?.end()]);
  }
}

/** The Chromium the render's diagram stage will draw with (a `--pdf` build: the printing one). */
function renderChromium({ pdf, chromium }: { pdf: boolean; chromium?: string }) {
  return diagramChromium(pdf ? findChromium(chromium) : undefined).found;
}
