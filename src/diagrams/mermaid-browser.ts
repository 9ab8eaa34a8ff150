import { createRequire } from 'node:module';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../pdf/chromium.ts';
import { onInterrupt } from '../utils/interrupt.ts';

/**
 * Mermaid in one headless Chromium page: mermaid needs a DOM to measure text and lay out, so
 * the drawing happens in a real browser, loaded once per render with mermaid's own browser
 * bundle from node_modules (nothing is fetched; the page may reach no host at all). A batch of
 * sources is drawn in one round trip, in one scheme.
 */

const require = createRequire(import.meta.url);
const MERMAID_ROOT = path.dirname(require.resolve('mermaid/package.json'));

/** Mermaid's browser bundle (an IIFE that defines `window.mermaid`). */
export const MERMAID_BUNDLE = path.join(MERMAID_ROOT, 'dist', 'mermaid.min.js');
export const MERMAID_VERSION = (require('mermaid/package.json') as { version: string }).version;

export type Scheme = 'light' | 'dark';

/** What the browser gives back for one source in one scheme. */
export type BrowserDrawing =
  | {
      svg: string;
      /** The diagram's kind as mermaid names it (`flowchart-v2`, `sequence`, …). */
      kind: string;
      /** Its text labels in document order, each once. */
      labels: string[];
      /** `accTitle`, when the source gives one. */
      accTitle?: string;
    }
  | { error: string };

/**
 * The id mermaid draws every diagram under. Each drawn SVG is then given ids of its own per
 * page (`svg-ids.ts`), so the token only has to be a word no diagram contains.
 */
export const DRAWING_ID = 'opdiagramtoken';

/**
 * Mermaid's settings for build-time drawing: labels as SVG `<text>` (the default HTML labels
 * are `<foreignObject>`, which every SVG loses when sanitized), strict security (no click
 * handlers, no HTML in labels), and no animation.
 */
function mermaidConfig(scheme: Scheme): Record<string, unknown> {
  return {
    startOnLoad: false,
    securityLevel: 'strict',
    theme: scheme === 'dark' ? 'dark' : 'default',
    // The dark theme's edge labels are #ccc on #585858 (4.4:1): darker behind them, 4.5:1 is met.
    ...(scheme === 'dark' ? { themeVariables: { edgeLabelBackground: '#333333' } } : {}),
    htmlLabels: false,
    flowchart: { htmlLabels: false },
    deterministicIds: true,
    // The hand-drawn look strokes with random jitter unless seeded.
    handDrawnSeed: 1,
  };
}

export class MermaidBrowser {
  private readonly browser: Browser;
  private readonly page: Page;
  private readonly forget: () => void;

  private constructor(browser: Browser, page: Page, forget: () => void) {
    this.browser = browser;
    this.page = page;
    this.forget = forget;
  }

  /** Chromium at `executablePath` with mermaid loaded; throws when it cannot start. */
  static async launch(executablePath: string): Promise<MermaidBrowser> {
    const { chromium } = await import('playwright-core');
    const browser = await chromium.launch({
      executablePath,
      headless: true,
      args: [...CHROMIUM_ARGS],
      // Offprint's own handlers stop Chromium on a signal, after which the run cleans up.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    const forget = onInterrupt(() => browser.close());
    try {
      const page = await browser.newPage();
      // The page may load nothing: mermaid comes from node_modules, the rest is drawn locally.
      await page.route('**/*', (route) => route.abort());
      await page.setContent('<!doctype html><html><head></head><body></body></html>');
      await page.addScriptTag({ path: MERMAID_BUNDLE });
      return new MermaidBrowser(browser, page, forget);
    } catch (error) {
      forget();
      await browser.close();
      throw error;
    }
  }

  /** Each source drawn in `scheme`; a source mermaid cannot parse gives its error. */
  async draw(sources: readonly string[], scheme: Scheme): Promise<BrowserDrawing[]> {
    return this.page.evaluate(drawInPage, {
      sources: [...sources],
      config: mermaidConfig(scheme),
      id: DRAWING_ID,
    });
  }

  async close(): Promise<void> {
    this.forget();
    await this.browser.close();
  }
}

/** Runs in the page (serialized by Playwright: it may use nothing from this module). */
async function drawInPage(input: {
  sources: string[];
  config: Record<string, unknown>;
  id: string;
}): Promise<BrowserDrawing[]> {
  type Mermaid = {
    initialize(config: unknown): void;
    parse(source: string): Promise<unknown>;
    render(id: string, source: string): Promise<{ svg: string }>;
  };
  const mermaid = (globalThis as unknown as { mermaid: Mermaid }).mermaid;
  const results: BrowserDrawing[] = [];
  for (const source of input.sources) {
    // Initialized again for each diagram: mermaid's id counters otherwise run on across the
    // diagrams of a batch, so a drawing would depend on what was drawn before it.
    mermaid.initialize(input.config);
    try {
      await mermaid.parse(source);
      let { svg } = await mermaid.render(input.id, source);
      const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
      const root = doc.documentElement;
      // A gantt chart's "today" line would mark the day of the build on every later visit (and
      // make two builds of one source differ): a drawing made ahead of time has no today.
      const todays = Array.from(doc.querySelectorAll('g.today'));
      if (todays.length > 0) {
        for (const today of todays) today.remove();
        svg = new XMLSerializer().serializeToString(root);
      }
      const labels: string[] = [];
      for (const text of Array.from(doc.querySelectorAll('text'))) {
        // A wrapped label is a tspan per line (placed by `x`/`dy`), with no space between lines;
        // text within a line may be split into tspans anywhere, even inside a word.
        let label = '';
        let line: Element | null = null;
        const walker = doc.createTreeWalker(text, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const placed = node.parentElement?.closest('tspan[x], tspan[dy]') ?? null;
          if (placed !== line && label) label += ' ';
          line = placed;
          label += node.textContent ?? '';
        }
        label = label.replace(/\s+/g, ' ').trim();
        if (label && !labels.includes(label)) labels.push(label);
      }
      const accTitle = root.querySelector(':scope > title')?.textContent?.trim();
      results.push({
        svg,
        kind: root.getAttribute('aria-roledescription') ?? 'diagram',
        labels,
        ...(accTitle ? { accTitle } : {}),
      });
    } catch (error) {
      results.push({ error: error instanceof Error ? error.message : String(error) });
    } finally {
      // A failed render can leave its scratch element behind.
      for (const node of Array.from(document.body.children)) node.remove();
    }
  }
  return results;
}
