import { sanitizeSvg } from '../markdown/svg.ts';
import type { DiagramCache, StoredDrawing } from './cache.ts';
import { type BrowserDrawing, DRAWING_ID, MermaidBrowser, type Scheme } from './mermaid-browser.ts';
import { scopeIds } from './svg-ids.ts';

/**
 * Draws diagrams for a whole render with one Chromium: pages ask for their diagrams one by one
 * as they stream through the pages stage, the requests that arrive while a batch is drawn wait
 * for the next one, and each batch is drawn in one round trip per scheme. The browser starts
 * on the first diagram the cache does not hold, so a render with nothing new starts none. When
 * there is no Chromium, or it does not start, nothing is drawn: the page draws its diagrams
 * itself (`stages/diagrams.ts`). A source asked for again while it is queued or being drawn
 * waits for that drawing: one drawer may serve a pull drawing ahead and then the render that
 * follows it in one run (src/pull/early), never drawing one source twice at once.
 */

export type Drawn = { light: DrawnScheme; dark: DrawnScheme };
export type DrawnScheme = Extract<StoredDrawing, { svg: string }>;

export type DrawOutcome =
  | { drawn: Drawn }
  /** Mermaid refused the source (a parse error, an unknown diagram type). */
  | { error: string }
  /** No browser to draw with. */
  | { notDrawn: true };

/** How a requester's diagrams were answered; each request is counted once. */
export interface DrawCounts {
  /** Diagrams drawn (in Chromium for this request, or found ready). */
  drawn: number;
  /**
   * Of those, the ones found ready: in the cache, or drawn once for the same source asked for
   * while it was under way (so `drawn - cached` is what Chromium drew for this requester).
   */
  cached: number;
  /** Diagrams mermaid refused (now or in the render that cached the refusal). */
  failed: number;
  /** Diagrams left to the reader's browser. */
  notDrawn: number;
}

export interface DrawerStats extends DrawCounts {
  /** Milliseconds to start Chromium and load mermaid (0 when it never started). */
  startMs: number;
  /** Milliseconds spent drawing batches. */
  drawMs: number;
}

export function noDrawCounts(): DrawCounts {
  return { drawn: 0, cached: 0, failed: 0, notDrawn: 0 };
}

const SCHEMES: readonly Scheme[] = ['light', 'dark'];
const NOT_DRAWN: DrawOutcome = Object.freeze({ notDrawn: true as const });

export class DiagramDrawer {
  /** Every request's counts, and the time Chromium took. */
  readonly stats: DrawerStats = { ...noDrawCounts(), startMs: 0, drawMs: 0 };
  /** Why nothing could be drawn, once the browser failed to start. */
  unavailable: string | undefined;
  #browser: Promise<MermaidBrowser | undefined> | undefined;
  #queue = new Map<string, (outcome: DrawOutcome) => void>();
  /** What each source queued or being drawn will come to. */
  readonly #pending = new Map<string, Promise<DrawOutcome>>();
  #drawing: Promise<void> | undefined;

  private readonly cache: DiagramCache;
  /** The Chromium to draw with; undefined: none was found (`reason` says why). */
  private readonly chromium: string | undefined;

  constructor(cache: DiagramCache, chromium: string | undefined, reason = 'no Chromium found') {
    this.cache = cache;
    this.chromium = chromium;
    if (!chromium) this.unavailable = reason;
  }

  /**
   * A source's drawing, counted in `counts` (a render's or a pull's own) and in `stats`. Counted
   * per request, by how it was answered, so the counts do not hang on which of two requests for
   * one source came first.
   */
  async draw(source: string, counts?: DrawCounts): Promise<DrawOutcome> {
    const { outcome, ready } = await this.#answer(source);
    for (const tally of counts ? [counts, this.stats] : [this.stats]) {
      if ('error' in outcome) tally.failed++;
      else if ('notDrawn' in outcome) tally.notDrawn++;
      else {
        tally.drawn++;
        if (ready) tally.cached++;
      }
    }
    return outcome;
  }

  /** `ready`: not drawn for this request (the cache held it, or another request drew it). */
  async #answer(source: string): Promise<{ outcome: DrawOutcome; ready: boolean }> {
    const drawing = this.#pending.get(source);
    if (drawing) return { outcome: await drawing, ready: true };
    const stored = await Promise.all(SCHEMES.map((scheme) => this.cache.get(source, scheme)));
    const cached = outcomeOf(stored[0], stored[1]);
    if (cached) return { outcome: cached, ready: true };
    if (this.unavailable) return { outcome: NOT_DRAWN, ready: false };
    // Asked for by another request while this one read the cache.
    const queued = this.#pending.get(source);
    if (queued) return { outcome: await queued, ready: true };
    const pending = new Promise<DrawOutcome>((resolve) => {
      this.#queue.set(source, resolve);
      this.#schedule();
    }).finally(() => this.#pending.delete(source));
    this.#pending.set(source, pending);
    return { outcome: await pending, ready: false };
  }

  /** Waits for the drawing under way and stops Chromium; a second call finds nothing to stop. */
  async close(): Promise<void> {
    await this.#drawing;
    const browser = await this.#browser;
    this.#browser = undefined;
    await browser?.close();
  }

  #schedule(): void {
    if (this.#drawing) return;
    // After this turn, so the pages that arrive together are drawn together.
    this.#drawing = new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => this.#drawQueued())
      .finally(() => {
        this.#drawing = undefined;
        if (this.#queue.size > 0) this.#schedule();
      });
  }

  async #drawQueued(): Promise<void> {
    const batch = [...this.#queue];
    this.#queue.clear();
    const browser = await this.#start();
    const settle = (index: number, outcome: DrawOutcome) => batch[index]?.[1](outcome);
    if (!browser) {
      for (let index = 0; index < batch.length; index++) settle(index, NOT_DRAWN);
      return;
    }
    const sources = batch.map(([source]) => source);
    const started = performance.now();
    let drawings: BrowserDrawing[][];
    try {
      // One scheme after the other: mermaid's settings are global to the page.
      drawings = [];
      for (const scheme of SCHEMES) drawings.push(await browser.draw(sources, scheme));
    } catch (error) {
      // The browser died mid-batch: these pages draw their diagrams themselves.
      this.unavailable = `Chromium failed (${error instanceof Error ? error.message : String(error)})`;
      for (let index = 0; index < batch.length; index++) settle(index, NOT_DRAWN);
      return;
    } finally {
      this.stats.drawMs += performance.now() - started;
    }
    await Promise.all(
      sources.map(async (source, index) => {
        const stored = SCHEMES.map((_, s) => toStored(drawings[s]?.[index]));
        await Promise.all(
          SCHEMES.map((scheme, s) => this.cache.set(source, scheme, stored[s] as StoredDrawing)),
        );
        settle(index, outcomeOf(stored[0], stored[1]) as DrawOutcome);
      }),
    );
  }

  #start(): Promise<MermaidBrowser | undefined> {
    if (!this.#browser) {
      const started = performance.now();
      this.#browser = MermaidBrowser.launch(this.chromium as string).then(
        (browser) => {
          this.stats.startMs = performance.now() - started;
          return browser;
        },
        (error: unknown) => {
          this.unavailable = `Chromium did not start (${firstLine(error)})`;
          return undefined;
        },
      );
    }
    return this.#browser;
  }
}

/** A drawing as it is stored: sanitized like every SVG, its ids under `DRAWING_ID`. */
function toStored(drawing: BrowserDrawing | undefined): StoredDrawing {
  if (!drawing) return { error: 'not drawn' };
  if ('error' in drawing) return { error: errorSummary(drawing.error) };
  try {
    return { ...drawing, svg: scopeIds(sanitizeSvg(declareXlink(drawing.svg)), DRAWING_ID) };
  } catch (error) {
    return { error: `the drawing is not well-formed SVG (${firstLine(error)})` };
  }
}

/**
 * The browser serializes a link as `xlink:href` without declaring the prefix (HTML does not
 * need it); as XML, for the sanitizer, the SVG must.
 */
function declareXlink(svg: string): string {
  if (!svg.includes('xlink:') || /^<svg[^>]*\sxmlns:xlink=/.test(svg)) return svg;
  return svg.replace(/^<svg/, '<svg xmlns:xlink="http://www.w3.org/1999/xlink"');
}

/** Both schemes' drawings as one outcome; undefined unless both are known. */
function outcomeOf(
  light: StoredDrawing | undefined,
  dark: StoredDrawing | undefined,
): DrawOutcome | undefined {
  if (!light || !dark) return undefined;
  if ('error' in light) return { error: light.error };
  if ('error' in dark) return { error: dark.error };
  return { drawn: { light, dark } };
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (
    text
      .split('\n')
      .find((line) => line.trim())
      ?.trim() ?? text
  );
}

/**
 * Mermaid's parse errors run over several lines (the line, an excerpt, a caret, what it
 * expected): the first and the expectation are what a warning needs.
 */
function errorSummary(message: string): string {
  const lines = message
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const first = lines[0] ?? message;
  const expecting = lines.find((line) => line.startsWith('Expecting'));
  if (!expecting) return first;
  return `${first} ${expecting.length > 120 ? `${expecting.slice(0, 119)}…` : expecting}`;
}
