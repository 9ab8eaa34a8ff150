import path from 'node:path';
import {
  DiagramCache,
  DiagramDrawer,
  drawPageDiagrams,
  noDrawCounts,
  type PageDiagrams,
  writeMermaidBundle,
} from '../../diagrams/index.ts';
import { findChromium } from '../../pdf/chromium.ts';
import type { RenderOptions } from '../options.ts';

/**
 * Mermaid diagrams for a render (docs/diagrams.md). The pages stage hands each page's HTML to
 * `page()`, which puts the drawings in (one Chromium for the whole render, started on the first
 * diagram the cache does not hold); the assets stage writes mermaid's bundle if some page has
 * to draw its diagrams itself; the render's notes say once which way it went.
 *
 * The Chromium is the one PDFs print with (`--chromium`), else `OFFPRINT_CHROMIUM`, else the
 * first on PATH. None found: every page with a diagram loads mermaid and draws it there.
 */
export class DiagramStage {
  readonly drawer: DiagramDrawer;
  #pagesWithScript = 0;
  /** This render's own requests (a pull may have drawn ahead with the same drawer, `early`). */
  readonly #counts = noDrawCounts();

  constructor(options: Pick<RenderOptions, 'pdf' | 'early'>, renderDir: string) {
    const { asked, found } = diagramChromium(options.pdf?.chromium);
    this.drawer =
      options.early?.drawer ??
      new DiagramDrawer(
        new DiagramCache(path.join(renderDir, 'diagrams')),
        found,
        asked ? `no Chromium at ${asked}` : 'no Chromium found on PATH',
      );
  }

  async page(html: string): Promise<PageDiagrams> {
    const result = await drawPageDiagrams(html, this.drawer, this.#counts);
    if (result.needsScript) this.#pagesWithScript++;
    return result;
  }

  /** Mermaid's bundle, when some page draws its diagrams in the reader's browser. */
  async writeBundle(outDir: string): Promise<void> {
    if (this.#pagesWithScript > 0) await writeMermaidBundle(outDir);
  }

  /** One line on how the diagrams were drawn; none when the site has none. */
  notes(): string[] {
    const { drawn, cached, failed, notDrawn } = this.#counts;
    if (drawn + failed + notDrawn === 0) return [];
    const parts: string[] = [];
    if (drawn > 0) parts.push(`${drawn} drawn at build time (${cached} from the cache)`);
    if (failed > 0) parts.push(`${failed} not parsed (shown as source)`);
    if (notDrawn > 0) {
      parts.push(
        `${notDrawn} left to the reader's browser on ${this.#pagesWithScript} page(s), which load mermaid (${this.drawer.unavailable})`,
      );
    }
    return [`mermaid diagrams: ${parts.join('; ')}`];
  }

  close(): Promise<void> {
    return this.drawer.close();
  }
}

/**
 * The Chromium diagrams are drawn with, by the render or by a pull drawing ahead of it: the one
 * PDFs print with (`printing`, already found), else `OFFPRINT_CHROMIUM`, else the first on PATH.
 */
export function diagramChromium(printing: string | undefined): {
  asked: string | undefined;
  found: string | undefined;
} {
  const asked = printing ?? process.env.OFFPRINT_CHROMIUM;
  return { asked, found: findChromium(asked) };
}
