import path from 'node:path';
import {
  DiagramCache,
  DiagramDrawer,
  markdownDiagrams,
  noDrawCounts,
} from '../../diagrams/index.ts';

/**
 * Mermaid diagrams drawn while the pull waits on the platform: each fetched page's markdown is
 * read for its diagrams (`markdownDiagrams`), and those the render's cache lacks are drawn into
 * it, one at a time, by the drawer the render will then use (its Chromium started on the first
 * diagram the cache lacks, as the render's is). The pull never waits on this: pages are queued
 * and the queue is worked beside it. Once the pull ends the queue is dropped (the render draws
 * what is left); the drawing under way finishes, and the render, drawing with the same drawer,
 * waits for it rather than drawing it again.
 */
export class EarlyDiagrams {
  /** None when no Chromium was found: nothing is drawn ahead. */
  readonly drawer: DiagramDrawer | undefined;
  #pages: string[] = [];
  readonly #asked = new Set<string>();
  #working: Promise<void> | undefined;
  #ended = false;

  /** `chromium`: the one the render will draw with. */
  constructor(renderDir: string, chromium: string | undefined) {
    this.drawer = chromium
      ? new DiagramDrawer(new DiagramCache(path.join(renderDir, 'diagrams')), chromium)
      : undefined;
  }

  /** Diagrams drawn ahead (the cache lacked them). */
  get drawn(): number {
    return this.#counts.drawn - this.#counts.cached;
  }
  readonly #counts = noDrawCounts();

  /** A page's markdown as the pull stored it. */
  page(markdown: string): void {
    if (this.#ended || !this.drawer || !/mermaid/i.test(markdown)) return;
    this.#pages.push(markdown);
    this.#working ??= this.#work(this.drawer).finally(() => {
      this.#working = undefined;
    });
  }

  /** The pull ended: what is queued is dropped; what is under way goes on in the drawer. */
  end(): void {
    this.#ended = true;
    this.#pages = [];
  }

  /** Ends, and stops Chromium once the drawing under way is done. */
  async close(): Promise<void> {
    this.end();
    await this.#working;
    await this.drawer?.close();
  }

  async #work(drawer: DiagramDrawer): Promise<void> {
    for (let markdown = this.#pages.shift(); markdown; markdown = this.#pages.shift()) {
      for (const source of markdownDiagrams(markdown)) {
        if (this.#ended || drawer.unavailable) return;
        if (this.#asked.has(source)) continue;
        this.#asked.add(source);
        await drawer.draw(source, this.#counts);
      }
    }
  }
}
