import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { PublishedContentSite, parseTolerantly, Revision } from '../../api/schemas/index.ts';
import type { LogoFile, ShareCards } from '../../cards/index.ts';
import { siteOrigin } from '../../hosting/site-url.ts';
import type { LandedFile } from '../../images/early.ts';
import {
  cardContent,
  logoUrlOf,
  siteShareCards,
  socialPreviewOf,
} from '../../render/stages/share-cards.ts';
import { pathOf } from '../../site/assets.ts';
import { buildSiteModel, modelSite } from '../../site/index.ts';
import { Structure } from '../../snapshot/format.ts';
import { stringsFor } from '../../view/i18n/index.ts';

/** What the render's origin and base come from: `--site-url` and `--base`. */
export interface EarlyCardsOptions {
  siteUrl?: string | undefined;
  base?: string | undefined;
}

/**
 * Share cards drawn while the pull waits on the platform (`build`), into the render's card cache
 * under the keys the render will look for. A card needs only the site's structure, its
 * customization, each space's page tree and the header logo's bytes: once every shown space's
 * revision is in (a space's first request) and the logo's file has landed, a site model is built
 * from them as the render will build it (the same inputs, read back through the snapshot's
 * schemas), and each page's card is named and drawn on the cards' own thread, one at a time.
 * Anything that keeps the cards from being known ahead (a space reused from the last snapshot, a
 * logo whose file does not land) leaves them to the render. When the pull ends, the cards not
 * begun are dropped and the one under way finishes, before the render looks.
 */
export class EarlyCards {
  readonly #renderDir: string;
  readonly #options: EarlyCardsOptions;
  #site: { published: PublishedContentSite; structure: Structure; spaceIds: string[] } | undefined;
  readonly #revisions = new Map<string, Revision>();
  /** The logo's file, once landed: undefined until it has, null for a site drawing none. */
  #logo: LogoFile | null | undefined;
  #cards: ShareCards | undefined;
  #ended = false;
  #stopped: Promise<void> | undefined;

  /** `renderDir`: `<cache>/render`. */
  constructor(renderDir: string, options: EarlyCardsOptions = {}) {
    this.#renderDir = renderDir;
    this.#options = options;
  }

  /** Cards drawn ahead (the cache lacked them). */
  get drawn(): number {
    return this.#cards?.stats.drawn ?? 0;
  }

  /** Cards named ahead: the site's, once it was known. */
  get named(): number {
    return this.#cards?.named ?? 0;
  }

  /** Their output files, as the render names them. */
  namedFiles(): string[] {
    return this.#cards?.namedFiles() ?? [];
  }

  /** The site and its structure are known, and which spaces' revisions will come. */
  siteKnown(published: PublishedContentSite, structure: Structure, spaceIds: string[]): void {
    this.#aside(() => {
      this.#site = {
        published: asStored(PublishedContentSite, published),
        structure: asStored(Structure, structure),
        spaceIds,
      };
    });
  }

  /** A space's revision, as the pull stores it. */
  revision(spaceId: string, revision: unknown): void {
    if (this.#ended || !this.#site) return;
    this.#aside(() => {
      this.#revisions.set(spaceId, asStored(Revision, revision));
      this.#start();
    });
  }

  /** A file's bytes landed in the staging snapshot: the logo's, perhaps. */
  fileLanded(file: LandedFile): void {
    if (this.#ended || this.#logo !== undefined) return;
    const url = logoUrlOf(this.#site?.published.customizations?.site);
    if (!url || !sameDownload(url, file.downloadURL)) return;
    readFile(file.file).then(
      (bytes) => {
        this.#logo = {
          bytes,
          name: file.name,
          ...(file.contentType ? { contentType: file.contentType } : {}),
        };
        this.#aside(() => this.#start());
      },
      () => {},
    );
  }

  /** The pull ended: no card is begun; the one under way finishes into the cache. */
  end(): Promise<void> {
    this.#ended = true;
    this.#stopped ??= this.#cards?.stop() ?? Promise.resolve();
    return this.#stopped;
  }

  /** Work ahead is a saving, never a failure: what throws here leaves the cards to the render. */
  #aside(work: () => void): void {
    try {
      work();
    } catch {
      void this.end();
    }
  }

  /** Draws once every shown space's revision and the logo (if the site has one) are in. */
  #start(): void {
    const site = this.#site;
    if (this.#cards || this.#ended || !site) return;
    if (site.spaceIds.some((id) => !this.#revisions.has(id))) return;
    const customizations = site.published.customizations?.site;
    const logoUrl = logoUrlOf(customizations);
    if (this.#logo === undefined) {
      // Known now: every revision lists its files. A logo no file is, the render draws none of.
      const isFile =
        logoUrl !== undefined &&
        [...this.#revisions.values()].some((revision) =>
          revision.files.some((file) => sameDownload(logoUrl, file.downloadURL)),
        );
      if (isFile) return;
      this.#logo = null;
    }
    const { base, siteUrl } = this.#options;
    const model = buildSiteModel({
      site: modelSite(site.published),
      structure: site.structure,
      manifest: { spaces: [] },
      revisions: this.#revisions,
      ...(base !== undefined ? { base } : {}),
    });
    // A page's og:image is absolute: without the site's URL the render draws no card.
    const origin = siteOrigin({
      ...(siteUrl !== undefined ? { flag: siteUrl } : {}),
      hostname: site.published.site.hostname,
      published: site.published.site.urls.published,
      base: model.base,
    });
    if (!origin || socialPreviewOf(model, customizations)) return;
    const locale = stringsFor(customizations?.internationalization?.locale);
    const cards = siteShareCards({
      customizations,
      lang: locale.lang,
      logo: this.#logo ?? undefined,
      renderDir: this.#renderDir,
    });
    for (const page of model.pages) cards.card(cardContent(model, page, locale));
    cards.draw();
    this.#cards = cards;
  }
}

/** A value as the render reads it back from the snapshot: through JSON and the same schema. */
function asStored<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = parseTolerantly(schema, JSON.parse(JSON.stringify(value)));
  if (!result.success) throw result.error;
  return result.data;
}

/** The same platform download, as the model matches a logo URL to a file (host may differ). */
function sameDownload(url: string, downloadURL: string): boolean {
  if (url === downloadURL) return true;
  const wanted = pathOf(url);
  return wanted !== undefined && wanted === pathOf(downloadURL);
}
