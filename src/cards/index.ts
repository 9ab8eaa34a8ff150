/**
 * Share cards: a 1200 × 630 PNG per page for `og:image`, drawn at build time without a browser
 * (docs/share-cards.md). A card is named by the hash of all it shows and of the code that draws
 * it, and kept in `<cache>/render/cards/`: a card the cache holds is the one wanted, so an
 * unchanged page is never drawn again, and a part of a sharded render draws only its pages'.
 */
import { createHash, randomUUID } from 'node:crypto';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import pLimit from 'p-limit';
import { markUsed } from '../utils/cache-use.ts';
import { canonicalJson } from '../utils/canonical-json.ts';
import { fileExists } from '../utils/file-exists.ts';
import { removeOnInterrupt } from '../utils/interrupt.ts';
import { CARD_DRAWING_VERSION } from './draw.ts';
import { CardDrawer } from './drawer.ts';
import type { CardFonts } from './fonts.ts';
import type { SiteLook } from './look.ts';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  type CardContent,
  type CardElement,
  cardTree,
  treeText,
} from './tree.ts';

export { CARD_DRAWING_VERSION, cardPng, cardSvg } from './draw.ts';
export { type CardFontSource, CardFonts } from './fonts.ts';
export { type LogoFile, type SiteLook, siteFontPackage, siteLook } from './look.ts';
export { CARD_HEIGHT, CARD_WIDTH, type CardContent, cardTree, clip, treeText } from './tree.ts';

/** Where the cards go in the output, under the theme's folder. */
export const CARDS_DIR = '_offprint/cards';

export interface ShareCardRef {
  /** The card's file, relative to the output directory. */
  outputFile: string;
  width: number;
  height: number;
  /** The card's text, for `og:image:alt`. */
  alt: string;
}

export interface CardStats {
  /** Cards drawn by this render. */
  drawn: number;
  /** Cards found in the cache. */
  reused: number;
}

const nodeRequire = createRequire(import.meta.url);
const versionOf = (name: string) =>
  (nodeRequire(`${name}/package.json`) as { version: string }).version;
/** The drawing code's version: ours, and the libraries' that lay out and rasterize. */
const DRAWER = `${CARD_DRAWING_VERSION} satori@${versionOf('satori')} resvg@${versionOf('@resvg/resvg-js')}`;

/**
 * A render's cards: `card` names a page's card at once (its view needs the URL); `draw` starts
 * drawing the cards named, on a thread of their own (drawer.ts), once the pages no longer need
 * every core; `finish` waits for them and copies them into the output.
 */
export class ShareCards {
  readonly #dir: string;
  readonly #look: SiteLook;
  readonly #fonts: CardFonts;
  /** Draws the cards: at the lowest priority, until the render waits for them (`settled`). */
  #drawer: CardDrawer;
  /** Every drawer started, for `close`. */
  readonly #drawers: CardDrawer[] = [];
  readonly #limit: ReturnType<typeof pLimit>;
  readonly #waitingConcurrency: number;
  /** Every card named, by key: what it shows. */
  readonly #named = new Map<string, CardContent>();
  /** The cards whose drawing (or finding in the cache) has started. */
  readonly #drawing = new Map<string, Promise<void>>();
  #started = false;
  /** The cards that could not be drawn, by key: their pages show the stand-in instead. */
  readonly #failed = new Map<string, { content: CardContent; message: string }>();
  /** The stand-in's key, once drawn (or found). */
  #standIn: string | undefined;
  readonly stats: CardStats = { drawn: 0, reused: 0 };
  /** Cards not drawn for want of a font: the package that would draw them, and how many. */
  readonly lacking = new Map<string, number>();

  constructor(options: {
    /** `<cache>/render/cards`. */
    cacheDir: string;
    look: SiteLook;
    fonts: CardFonts;
    /** Cards drawn at once while the render goes on. */
    concurrency: number;
    /** Cards drawn at once while the render waits for them (`settled`, `finish`). */
    waitingConcurrency: number;
  }) {
    this.#dir = options.cacheDir;
    this.#look = options.look;
    this.#fonts = options.fonts;
    this.#drawer = this.#newDrawer(true);
    // Cleared (a render that failed) rejects, so nothing waits for a card never drawn.
    this.#limit = pLimit({ concurrency: options.concurrency, rejectOnClear: true });
    this.#waitingConcurrency = options.waitingConcurrency;
  }

  /**
   * The card of `content`: its output file, drawn (after `draw`) unless the cache has it. None
   * when its text needs a font that is not installed (a card of boxes shares nothing): the
   * page keeps the image it had without cards, and `lacking` says which package would draw it.
   */
  card(content: CardContent): ShareCardRef | undefined {
    const missing = this.#fonts.lacking(treeText(cardTree(content, this.#look.look)).join(' '));
    if (missing) {
      this.lacking.set(missing, (this.lacking.get(missing) ?? 0) + 1);
      return undefined;
    }
    const key = this.#keyOf(content, this.#look.digest);
    if (!this.#named.has(key)) {
      this.#named.set(key, content);
      if (this.#started) this.#queue(key, content);
    }
    const alt = [content.title, content.description].filter(Boolean).join(': ');
    return { outputFile: outputFileOf(key), width: CARD_WIDTH, height: CARD_HEIGHT, alt };
  }

  /** How many cards are named (pages showing the same card share one). */
  get named(): number {
    return this.#named.size;
  }

  /** The output files of the cards named, as `card` gave them. */
  namedFiles(): string[] {
    return [...this.#named.keys()].map(outputFileOf);
  }

  /** Starts drawing the cards named so far, and those named from now on as they are. */
  draw(): void {
    this.#started = true;
    for (const [key, content] of this.#named) this.#queue(key, content);
  }

  /** Every card named is in the cache (or could not be drawn); the drawing thread ended. */
  async settled(): Promise<void> {
    this.draw();
    // The render only waits for them now: the cards not begun are drawn at its priority, on a
    // thread of its own (a busy machine gives the idle one next to no time), as many at once as
    // keep the cores busy; the idle thread finishes the card it has.
    if (this.#limit.pendingCount > 0) this.#drawer = this.#newDrawer(false);
    this.#limit.concurrency = this.#waitingConcurrency;
    await Promise.all(this.#drawing.values());
    await this.#drawStandIn();
    await this.close();
  }

  /**
   * Every card drawn or found, copied into `outDir` (a card that could not be drawn as the
   * stand-in, since its page already names the file); the cards that could not be drawn.
   */
  async finish(outDir: string): Promise<{ title: string; message: string }[]> {
    await this.settled();
    if (this.#named.size > 0) await mkdir(path.join(outDir, CARDS_DIR), { recursive: true });
    const copy = pLimit(16);
    await Promise.all(
      [...this.#named.keys()].map((key) =>
        copy(async () => {
          const drawn = this.#failed.has(key) ? this.#standIn : key;
          const cached = drawn && this.#cacheFile(drawn);
          if (cached && (await fileExists(cached)))
            await copyFile(cached, path.join(outDir, outputFileOf(key)));
        }),
      ),
    );
    return [...this.#failed.values()].map(({ content, message }) => ({
      title: content.title,
      message,
    }));
  }

  /**
   * Draws no more: the cards not begun are dropped, those under way finish into the cache, and
   * the thread ends (work ahead of a render, stopped when the pull ends).
   */
  async stop(): Promise<void> {
    this.#limit.clearQueue();
    await Promise.allSettled(this.#drawing.values());
    await this.close();
  }

  /** Ends the drawing threads (a render that fails ends them here); cards not drawn stay so. */
  async close(): Promise<void> {
    this.#limit.clearQueue();
    await Promise.all(this.#drawers.map((drawer) => drawer.close()));
  }

  #newDrawer(idle: boolean): CardDrawer {
    const drawer = new CardDrawer(this.#fonts.source, { idle });
    this.#drawers.push(drawer);
    return drawer;
  }

  #queue(key: string, content: CardContent): void {
    if (this.#drawing.has(key)) return;
    const drawn = this.#limit(() => this.#draw(key, content));
    drawn.catch(() => {});
    this.#drawing.set(key, drawn);
  }

  async #draw(key: string, content: CardContent): Promise<void> {
    try {
      this.stats[await this.#drawInto(key, cardTree(content, this.#look.look))]++;
    } catch (error) {
      this.#failed.set(key, {
        content,
        message: error instanceof Error ? error.message : String(error),
      });
    }
  }

  /**
   * A page whose card failed already names its file: it gets the site's own card (its title,
   * no logo, for a logo that cannot be drawn fails every card), drawn once, if that draws.
   */
  async #drawStandIn(): Promise<void> {
    const first = this.#failed.values().next().value;
    if (!first) return;
    const { siteTitle, dir, lang } = first.content;
    const content: CardContent = { title: siteTitle, siteTitle, dir, lang };
    const { logo: _, ...look } = this.#look.look;
    const key = this.#keyOf(content, `${this.#look.digest} stand-in`);
    try {
      await this.#drawInto(key, cardTree(content, look));
      this.#standIn = key;
    } catch {
      // Its pages' og:image names a file that is not there; the warnings say which.
    }
  }

  /** Draws `tree` into the cache as `key`, unless it is there already. */
  async #drawInto(key: string, tree: CardElement): Promise<keyof CardStats> {
    const file = this.#cacheFile(key);
    if (await markUsed(file)) return 'reused';
    const png = await this.#drawer.draw(tree);
    await mkdir(path.dirname(file), { recursive: true });
    // Of this drawing alone: the pull's cards ahead and the render's may meet on one key.
    const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
    const kept = removeOnInterrupt(temporary);
    try {
      await writeFile(temporary, png);
      await rename(temporary, file);
    } finally {
      kept();
      await rm(temporary, { force: true });
    }
    return 'drawn';
  }

  #keyOf(content: CardContent, look: string): string {
    return createHash('sha256')
      .update(canonicalJson({ drawer: DRAWER, fonts: this.#fonts.id, look, content }))
      .digest('hex');
  }

  #cacheFile(key: string): string {
    return path.join(this.#dir, key.slice(0, 2), `${key}.png`);
  }
}

/** `_offprint/cards/<first 20 of the key>.png`: a card's URL changes with what it shows. */
function outputFileOf(key: string): string {
  return `${CARDS_DIR}/${key.slice(0, 20)}.png`;
}
