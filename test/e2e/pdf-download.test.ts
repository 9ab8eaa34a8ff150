import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, launchBrowser, requireChromium, shown } from '../helpers/browser.ts';
import { serveExample } from '../helpers/built-site.ts';
import { buildCustomized, type CustomizedBuild } from '../helpers/customized-build.ts';

/**
 * "Download PDF" beside "Print or save as PDF": offered when the site has `pdf.enabled` and the
 * build prints the PDFs (`--pdf`), linking the page's section variant's PDF, which exists.
 */
describe('the Download PDF link', () => {
  let build: CustomizedBuild;
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    requireChromium();
    build = await buildCustomized(
      (site) => site.setIn(['customizations', 'pdf', 'enabled'], true),
      { pdf: { chromium: CHROMIUM } },
    );
    browser = await launchBrowser();
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await build?.close();
  });

  async function open(url: string): Promise<Page> {
    await page?.context().close();
    const context = await browser.newContext();
    page = await context.newPage();
    page.setDefaultTimeout(8000);
    await page.goto(url);
    return page;
  }

  it.each([
    ['getting-started/', '/docs/pdf/index.pdf'],
    ['guides/v1/getting-started/', '/docs/pdf/guides-v1.pdf'],
    ['api/', '/docs/pdf/api.pdf'],
  ])('%s links %s beside the print button, and the PDF is there', async (url, pdf) => {
    await open(build.at(url));
    const link = page.getByRole('link', { name: 'Download PDF' });
    await shown(link);
    await expect(link.getAttribute('href')).resolves.toBe(pdf);
    // Side by side: the print button (shown by its script) in the same group.
    await shown(
      page.locator('.op-print-actions').getByRole('button', { name: 'Print or save as PDF' }),
    );
    await expect(page.locator('.op-print-actions [data-op-pdf-download]').count()).resolves.toBe(1);
    const answer = await page.request.get(new URL(pdf, page.url()).href);
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toBe('application/pdf');
    expect((await answer.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('is absent when pdf.enabled is false (the example as built)', async () => {
    const served = await serveExample();
    try {
      await open(new URL('getting-started/', served.server.url).href);
      // The page has loaded its actions: the feedback-less page shows its pagination.
      await shown(page.locator('.op-pagination'));
      await expect(page.locator('[data-op-pdf-download]').count()).resolves.toBe(0);
    } finally {
      await served.server.close();
    }
  });
});
