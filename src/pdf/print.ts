import type { Browser } from 'playwright-core';
import { serveStatic } from '../serve/static.ts';
import { onInterrupt } from '../utils/interrupt.ts';
import { CHROMIUM_ARGS } from './chromium.ts';

/**
 * Chromium prints assembled documents against the rendered site: the site is served as it is
 * (the document's stylesheets, fonts and images load from it), and each document answers at a
 * URL under the base that no file has, so the output directory is never written to.
 */
export interface PdfPrinter {
  print(documentHtml: string): Promise<Buffer>;
  close(): Promise<void>;
}

export async function openPrinter(options: {
  chromium: string;
  outDir: string;
  base: string;
  /** How long loading one document may take; a long document takes long (0: no limit). */
  timeoutMs?: number;
}): Promise<PdfPrinter> {
  // Loaded on use: only PDF output needs playwright-core.
  const { chromium } = await import('playwright-core');
  const server = await serveStatic({ dir: options.outDir, base: options.base });
  let browser: Browser;
  try {
    browser = await chromium.launch({
      executablePath: options.chromium,
      headless: true,
      args: [...CHROMIUM_ARGS],
      // Offprint's own handlers stop Chromium on a signal, after which the run cleans up.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
  } catch (error) {
    await server.close();
    throw error;
  }
  const forget = onInterrupt(() => browser.close());
  const documentUrl = new URL(`${options.base}__offprint-pdf__/document.html`, server.url).href;
  const siteOrigin = new URL(server.url).origin;
  return {
    async print(documentHtml) {
      const context = await browser.newContext({ colorScheme: 'light', javaScriptEnabled: false });
      try {
        const page = await context.newPage();
        page.setDefaultTimeout(options.timeoutMs ?? 120_000);
        // Only the served site is reachable: a remote image or font in the content does not
        // make the build depend on the network.
        await page.route('**/*', (route) => {
          const url = route.request().url();
          if (url === documentUrl)
            return route.fulfill({ contentType: 'text/html; charset=utf-8', body: documentHtml });
          if (url.startsWith(`${siteOrigin}/`) || url.startsWith('data:')) return route.continue();
          return route.abort();
        });
        await page.goto(documentUrl, { waitUntil: 'load' });
        await page.emulateMedia({ media: 'print', colorScheme: 'light' });
        // Fonts load on first use: the document is printed once they have.
        await page.evaluate(() => document.fonts.ready.then(() => undefined));
        return await page.pdf({
          format: 'A4',
          printBackground: true,
          preferCSSPageSize: true,
          outline: true,
          tagged: true,
        });
      } finally {
        await context.close();
      }
    },
    async close() {
      forget();
      await browser.close();
      await server.close();
    },
  };
}
