import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MERMAID_JS } from '../../src/diagrams/bundle.ts';
import { MERMAID_BUNDLE } from '../../src/diagrams/mermaid-browser.ts';
import { type StaticServer, serveStatic } from '../../src/serve/static.ts';
import { openBuiltFile } from '../helpers/aliases.ts';
import { launchBrowser, requireChromium, searchSettled, shown } from '../helpers/browser.ts';
import { serveExample } from '../helpers/built-site.ts';
import { recordViolations, violations } from '../helpers/csp-browser.ts';

/**
 * The example as a host serves it with its `_headers` (src/serve/static.ts `headers`): every
 * page under the Content-Security-Policy with no violation, and the parts that stretch it at
 * work: the search dialog (Pagefind's worker and WebAssembly), the "Test it" console calling an
 * API on another origin, mermaid drawing in the browser, embedded frames.
 */

describe("the example under its _headers' Content-Security-Policy", () => {
  let browser: Browser;
  let server: StaticServer;
  let outDir: string;

  beforeAll(async () => {
    requireChromium();
    const example = await serveExample();
    await example.server.close();
    outDir = example.outDir;
    server = await serveStatic({ dir: outDir, base: example.base, headers: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(pathname: string): Promise<Page> {
    const context = await browser.newContext();
    await recordViolations(context);
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const response = await page.goto(new URL(pathname, server.url).href);
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'/);
    return page;
  }

  it('serves every page with the policy, and no page breaks it', async () => {
    const pages = (await readdir(outDir, { recursive: true }))
      .filter((file) => file.endsWith('index.html') && !file.startsWith('_'))
      .map((file) => file.slice(0, -'index.html'.length).split(path.sep).join('/'));
    expect(pages.length).toBeGreaterThan(40);
    const context = await browser.newContext();
    await recordViolations(context);
    const page = await context.newPage();
    const found: string[] = [];
    for (const pathname of pages) {
      const html = await readFile(path.join(outDir, pathname, 'index.html'), 'utf8');
      const { response } = await openBuiltFile(page, new URL(pathname, server.url).href, html);
      expect(response?.headers()['content-security-policy'], pathname).toContain(
        "object-src 'none'",
      );
      // The theme's scripts ran: the stored-choice script (by hash) and the bundles (files).
      await page.waitForFunction(() => document.readyState === 'complete');
      for (const violation of await violations(page)) found.push(`${pathname}: ${violation}`);
    }
    await context.close();
    expect(found).toEqual([]);
    // Every page in turn, in one browser: the per-test budget of the other whole-site walks.
  }, 180_000);

  it('runs the head script by its hash: a stored dark choice applies before paint', async () => {
    const context = await browser.newContext();
    await recordViolations(context);
    await context.addInitScript(() => localStorage.setItem('op-theme', 'dark'));
    const page = await context.newPage();
    await page.goto(server.url);
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await violations(page)).toEqual([]);
    await context.close();
  });

  it('searches with Pagefind (its worker and WebAssembly) under the policy', async () => {
    const page = await open('');
    await page.keyboard.press('Control+k');
    const input = page.locator('#op-search-input');
    await shown(input);
    await input.fill('launch');
    await searchSettled(page, 'launch');
    await shown(page.locator('[data-op-search] [role="option"]').first());
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  });

  it('lets the "Test it" console call an API on another origin', async () => {
    const page = await open('api/reference/missions/');
    let called = '';
    await page.route('http://api.elsewhere.test/**', (route) => {
      called = route.request().url();
      return route.fulfill({
        status: 200,
        headers: { 'access-control-allow-origin': '*', 'content-type': 'application/json' },
        body: '{"missions":[]}',
      });
    });
    const list = page.locator('.op-openapi').filter({
      has: page.getByRole('heading', { name: 'List missions', exact: true }),
    });
    await list.getByRole('button', { name: 'Test it' }).click();
    const dialog = page.getByRole('dialog', { name: /List missions/ });
    await shown(dialog);
    await dialog.getByLabel('URL', { exact: true }).fill('http://api.elsewhere.test');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await shown(dialog.getByRole('region', { name: 'Response' }).getByText('200'));
    expect(called).toMatch(/^http:\/\/api\.elsewhere\.test\//);
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  });

  it('lets mermaid draw in the browser, as a page whose diagrams the build could not draw does', async () => {
    const page = await open('concepts/mission-lifecycle/');
    // The site's own copy of mermaid (MermaidScript.astro), written only when a page needs it:
    // answered here from the bundle the render would copy.
    const bundleUrl = new URL(MERMAID_JS, server.url).href;
    await page.route(bundleUrl, async (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: await readFile(MERMAID_BUNDLE, 'utf8'),
      }),
    );
    await page.evaluate((src) => {
      const script = document.createElement('script');
      script.src = src;
      document.head.append(script);
    }, bundleUrl);
    await page.waitForFunction(() => 'mermaid' in window);
    await page.evaluate(async () => {
      const { mermaid } = window as unknown as {
        mermaid: {
          initialize(config: object): void;
          run(options: { nodes: Element[] }): Promise<void>;
        };
      };
      const pre = document.createElement('pre');
      pre.className = 'mermaid';
      pre.textContent = 'graph TD\n  Fuel --> Ignition --> Liftoff';
      document.querySelector('main, body')?.append(pre);
      mermaid.initialize({ startOnLoad: false });
      await mermaid.run({ nodes: [pre] });
    });
    await shown(page.locator('pre.mermaid svg'));
    expect(await violations(page)).toEqual([]);
    await page.context().close();
  });
});
