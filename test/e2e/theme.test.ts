import { mkdir, readdir, readFile, stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAxe, axeViolations } from '../helpers/axe.ts';
import { launchBrowser, notShown, requireChromium, shown } from '../helpers/browser.ts';
import { serveExample } from '../helpers/built-site.ts';
import { buildCustomized, type CustomizedBuild } from '../helpers/customized-build.ts';
import { layoutShift, recordLayoutShift } from '../helpers/layout-shift.ts';

/**
 * The theme in Chromium under several customizations of the example: each `styling.theme`
 * (the example itself is `bold`), a dark default, a `danger` announcement, a change-request
 * preview, `pdf` and `feedback`. Each customization is built once; screenshots of each in light
 * and dark go to test-results/screenshots/ (CI keeps them as artifacts).
 */

const SCREENSHOTS = path.resolve('test-results/screenshots');
const INSTALL = 'getting-started/install/';

interface Site {
  name: string;
  at(page: string): string;
  outDir: string;
}

/** One Chromium for the file's two groups. */
let browser: Browser;
beforeAll(async () => {
  requireChromium();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the theme under several customizations', () => {
  let example: Site & { close(): Promise<void> };
  const builds: CustomizedBuild[] = [];
  let clean: CustomizedBuild;
  let muted: CustomizedBuild;
  let gradient: CustomizedBuild;
  let feedbackServer: Server;
  let feedbackUrl: string;
  const feedbackPosts: { contentType?: string; body: unknown }[] = [];

  /** A fresh profile; `theme` is stored as the reader's choice before any page script runs. */
  async function open(
    options: { colorScheme?: 'light' | 'dark'; theme?: string; width?: number } = {},
  ): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      colorScheme: options.colorScheme ?? 'light',
      viewport: { width: options.width ?? 1280, height: 900 },
    });
    if (options.theme) {
      await context.addInitScript((theme) => {
        if (!localStorage.getItem('op-theme')) localStorage.setItem('op-theme', theme);
      }, options.theme);
    }
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    return { context, page };
  }

  beforeAll(async () => {
    // The feedback endpoint: another origin, so the browser asks first (CORS preflight).
    feedbackServer = createServer((request, response) => {
      response.setHeader('access-control-allow-origin', '*');
      response.setHeader('access-control-allow-headers', 'content-type');
      if (request.method === 'OPTIONS') return void response.writeHead(204).end();
      let body = '';
      request.on('data', (chunk) => {
        body += chunk;
      });
      request.on('end', () => {
        feedbackPosts.push({
          contentType: request.headers['content-type'],
          body: JSON.parse(body),
        });
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => feedbackServer.listen(0, '127.0.0.1', resolve));
    feedbackUrl = `http://127.0.0.1:${(feedbackServer.address() as AddressInfo).port}/feedback`;

    const served = await serveExample();
    example = {
      name: 'bold',
      outDir: served.outDir,
      at: (page) => new URL(page, served.server.url).href,
      close: () => served.server.close(),
    };
    // The three at once: their pulls and markdown overlap, and render() runs their Astro
    // builds one at a time in this process.
    const settled = await Promise.allSettled([
      buildCustomized(
        (site) => {
          site.setIn(['customizations', 'styling', 'theme'], 'clean');
          site.setIn(['customizations', 'styling', 'icons'], 'regular');
          site.setIn(['customizations', 'themes', 'default'], 'dark');
          site.setIn(['customizations', 'pdf', 'enabled'], true);
          site.setIn(['customizations', 'aiSearch', 'enabled'], true);
          site.setIn(['customizations', 'ai'], { pageLinkSummaries: { enabled: true } });
        },
        { feedbackUrl },
      ),
      buildCustomized(
        (site) => {
          site.setIn(['customizations', 'styling', 'theme'], 'muted');
          site.setIn(['customizations', 'styling', 'sidebar'], {
            background: 'default',
            list: 'line',
          });
          site.setIn(['customizations', 'styling', 'corners'], 'straight');
          site.setIn(['customizations', 'announcement', 'style'], 'danger');
        },
        { changeRequest: { spaceId: 'api', changeRequestId: '1' } },
      ),
      buildCustomized((site) => {
        site.setIn(['customizations', 'styling', 'theme'], 'gradient');
        site.setIn(['customizations', 'styling', 'corners'], 'circular');
        site.setIn(['customizations', 'styling', 'links'], 'default');
        site.setIn(['customizations', 'styling', 'primaryColor'], { light: '#0E7C66' });
      }),
    ]);
    for (const outcome of settled) if (outcome.status === 'fulfilled') builds.push(outcome.value);
    for (const outcome of settled) if (outcome.status === 'rejected') throw outcome.reason;
    [clean, muted, gradient] = builds as [CustomizedBuild, CustomizedBuild, CustomizedBuild];
    await mkdir(SCREENSHOTS, { recursive: true });
  }, 400_000);

  afterAll(async () => {
    await example?.close();
    for (const build of builds) await build.close();
    await new Promise((resolve) => feedbackServer?.close(resolve));
  });

  it('gives each styling.theme its own look, light and dark, with no axe violations', async () => {
    const sites: Site[] = [
      example,
      { name: 'clean', at: clean.at, outDir: clean.outDir },
      { name: 'muted', at: muted.at, outDir: muted.outDir },
      { name: 'gradient', at: gradient.at, outDir: gradient.outDir },
    ];
    const headers = new Set<string>();
    const found: string[] = [];
    const queue = sites.flatMap((site) =>
      (['light', 'dark'] as const).map((mode) => ({ site, mode })),
    );
    /** Works through the shared queue, one fresh profile a look: two at once. */
    const worker = async () => {
      for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
        const { site, mode } = next;
        const { context, page } = await open({ colorScheme: mode, theme: mode });
        try {
          await addAxe(context);
          await page.goto(site.at(INSTALL));
          const look = await page.evaluate(() => {
            const header = getComputedStyle(document.querySelector('.op-header') as Element);
            return {
              scheme: getComputedStyle(document.body).colorScheme,
              classes: document.documentElement.className,
              header: `${header.backgroundImage} ${header.color}`,
            };
          });
          expect(look.scheme, `${site.name} ${mode}`).toBe(mode);
          expect(look.classes).toContain(`op-theme--${site.name}`);
          if (mode === 'light') headers.add(look.header);
          const file = path.join(SCREENSHOTS, `theme-${site.name}-${mode}.png`);
          await page.screenshot({ path: file });
          expect((await stat(file)).size).toBeGreaterThan(10_000);
          for (const v of await axeViolations(page)) found.push(`${site.name} ${mode}: ${v}`);
        } finally {
          await context.close();
        }
      }
    };
    await Promise.all([worker(), worker()]);
    expect(queue).toEqual([]);
    expect(headers.size).toBe(4);
    expect(found.sort()).toEqual([]);
  }, 180_000);

  it('paints a dark default dark from the first stylesheet on, and a stored choice likewise', async () => {
    const { context, page } = await open({ colorScheme: 'light' });
    // Records <html data-theme> when the first stylesheet reaches the document: what first
    // paint uses, before any deferred script could change it.
    await context.addInitScript(() => {
      const seen: (string | null)[] = [];
      (window as unknown as { seenThemes: typeof seen }).seenThemes = seen;
      new MutationObserver((records, observer) => {
        for (const record of records)
          for (const node of record.addedNodes)
            if (node instanceof HTMLLinkElement && node.rel === 'stylesheet') {
              seen.push(document.documentElement.getAttribute('data-theme'));
              observer.disconnect();
              return;
            }
      }).observe(document, { childList: true, subtree: true });
    });
    const seenThemes = () =>
      page.evaluate(() => (window as unknown as { seenThemes: string[] }).seenThemes);
    await page.goto(clean.at(INSTALL));
    await expect(seenThemes()).resolves.toEqual(['dark']);
    await expect(page.evaluate(() => getComputedStyle(document.body).colorScheme)).resolves.toBe(
      'dark',
    );
    const toggle = page.locator('.op-theme-toggle');
    await expect(toggle.getAttribute('data-state')).resolves.toBe('dark');
    await toggle.click(); // dark → system
    await toggle.click(); // system → light
    await expect(toggle.getAttribute('data-state')).resolves.toBe('light');
    await page.reload();
    await expect(seenThemes()).resolves.toEqual(['light']);
    await page.goto(clean.at(''));
    await expect(seenThemes()).resolves.toEqual(['light']);
    await context.close();
  });

  it('keeps a danger announcement on every page, undismissable, as an alert', async () => {
    const { context, page } = await open();
    await page.goto(muted.at(''));
    const banner = page.locator('.op-announcement');
    await expect(banner.getAttribute('class')).resolves.toContain('op-announcement--danger');
    await expect(banner.getAttribute('role')).resolves.toBe('alert');
    await expect(banner.locator('button').count()).resolves.toBe(0);
    await page.goto(muted.at(INSTALL));
    await shown(page.locator('.op-announcement'));
    await context.close();
  });

  it('shows "Preview of change request #N — subject" on every page of a change-request build', async () => {
    const pages = [...(await htmlPages(muted.outDir))];
    expect(pages.length).toBeGreaterThan(30);
    const banner = 'Preview of change request #1 — Document mass limits and flight manifests';
    for (const [file, html] of pages) expect(html, file).toContain(banner);
    const { context, page } = await open({ theme: 'dark' });
    await addAxe(context);
    await page.goto(muted.at('api/'));
    const status = page.getByRole('status').filter({ hasText: 'Preview of change request' });
    // The banner ends with the link to the review's changes page (test/e2e/review.test.ts).
    await expect(status.innerText()).resolves.toBe(`${banner} · Changes`);
    await shown(status);
    await expect(axeViolations(page, '.op-cr-banner')).resolves.toEqual([]);
    await context.close();
  });

  it('offers "Print or save as PDF" when pdf.enabled, and only then', async () => {
    const { context, page } = await open();
    await context.addInitScript(() => {
      // Chromium's print dialog would block the page: count the calls instead.
      (window as unknown as { prints: number }).prints = 0;
      window.print = () => {
        (window as unknown as { prints: number }).prints += 1;
      };
    });
    await page.goto(clean.at(INSTALL));
    const action = page.getByRole('button', { name: 'Print or save as PDF' });
    await action.click();
    await expect(
      page.evaluate(() => (window as unknown as { prints: number }).prints),
    ).resolves.toBe(1);
    await page.goto(example.at(INSTALL));
    await expect(page.getByRole('button', { name: 'Print or save as PDF' }).count()).resolves.toBe(
      0,
    );
    await context.close();
  });

  it('posts "was this helpful?" answers as JSON to the feedback endpoint and thanks the reader', async () => {
    const { context, page } = await open();
    await page.goto(clean.at(INSTALL));
    const group = page.getByRole('group', { name: 'Was this page helpful?' });
    // The thanks and the server's record follow the POST: wait for its answer, not a moment.
    const answered = page.waitForResponse(
      (response) => response.url() === feedbackUrl && response.request().method() === 'POST',
    );
    await group.getByRole('button', { name: 'Yes' }).click();
    await answered;
    await shown(page.getByRole('status').filter({ hasText: 'Thanks for your feedback!' }));
    await group.waitFor({ state: 'detached' });
    expect(feedbackPosts).toEqual([
      {
        contentType: 'application/json',
        body: { page: '/docs/getting-started/install/', helpful: true },
      },
    ]);
    // The example enables feedback without an endpoint: no control, one note for the build.
    await page.goto(example.at(INSTALL));
    await expect(page.locator('.op-feedback').count()).resolves.toBe(0);
    expect(muted.result.notes.filter((n) => n.startsWith('feedback.enabled'))).toHaveLength(1);
    expect(clean.result.notes.filter((n) => n.startsWith('feedback.enabled'))).toEqual([]);
    expect(
      clean.result.notes.filter((n) => /^(aiSearch|ai\.pageLinkSummaries)\./.test(n)),
    ).toHaveLength(2);
    await context.close();
  });
});

describe('the example at phone width, in print and with its content scripts', () => {
  let site: Awaited<ReturnType<typeof serveExample>>;
  const at = (page: string) => new URL(page, site.server.url).href;

  beforeAll(async () => {
    site = await serveExample();
  });
  afterAll(async () => {
    await site?.server.close();
  });

  // Nothing scrolls sideways at 390 or 320 px on any page: test/e2e/axe.test.ts reads each page
  // at those widths in its walk.

  it('lays out the phone header in its final shape before any script: nothing moves when they run', async () => {
    // Was 0.49 (CLS) on a cards page and about 0.31 on the changelog and an API page: the
    // header stacked five rows until the menu script folded them away.
    const pages = [
      '',
      'operations/ground-station-setup/',
      'api/changelog/',
      'api/reference/missions/',
    ];
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const url of pages) {
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          colorScheme,
        });
        await recordLayoutShift(context);
        // The page's scripts held back until its first layout is read.
        const held: (() => Promise<void>)[] = [];
        let released = false;
        await context.route(/\/_astro\/.*\.js$/, (route) =>
          released ? route.continue() : void held.push(() => route.continue()),
        );
        const page = await context.newPage();
        await page.goto(at(url), { waitUntil: 'commit' });
        await expect.poll(() => held.length).toBeGreaterThan(0);
        const layout = () =>
          page.evaluate(() => {
            const box = (selector: string) => {
              const rect = document.querySelector(selector)?.getBoundingClientRect();
              return rect && [rect.x, rect.y, rect.width, rect.height].map(Math.round);
            };
            return {
              header: box('.op-header'),
              menu: box('.op-menu-button'),
              brand: box('.op-brand'),
              search: box('.op-search-open'),
              main: box('.op-main'),
            };
          });
        // Parsed, with the logo and fonts in (an unsized logo widens the brand as it loads: that
        // is the image's doing, not a script's, and CLS below counts it anyway).
        await page.waitForFunction(
          () =>
            document.querySelector('.op-footer') !== null &&
            [...document.querySelectorAll<HTMLImageElement>('.op-header img')].every(
              (img) => img.complete,
            ) &&
            document.fonts.status === 'loaded',
        );
        const before = await layout();
        released = true;
        for (const release of held.splice(0)) await release();
        // The page's script has run once the page actions button shows.
        await page.locator('[data-op-page-actions]:not([hidden])').waitFor({ state: 'attached' });
        await page.waitForLoadState('networkidle');
        await page.evaluate(
          () =>
            new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const after = await layout();
        expect(after, `${colorScheme} /${url}`).toEqual(before);
        // One row: menu, logo and search side by side in a header no taller than two buttons.
        const { header, menu, brand, search } = after;
        expect(header?.[3]).toBeLessThanOrEqual(64);
        for (const part of [menu, brand, search]) {
          const middle = (part?.[1] ?? 0) + (part?.[3] ?? 0) / 2;
          expect(Math.abs(middle - ((header?.[1] ?? 0) + (header?.[3] ?? 0) / 2))).toBeLessThan(4);
        }
        for (const hidden of [
          '.op-header > .op-tabs',
          '.op-header > .op-header-links',
          '.op-header > .op-theme-toggle',
        ])
          await notShown(page.locator(hidden));
        expect(await layoutShift(page), `${colorScheme} /${url}`).toBeLessThanOrEqual(0.05);
        await context.close();
      }
    }
  }, 120_000);

  it('opens a menu on a page without a sidebar too, and keeps the header parts in the page without scripting', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.goto(at('no-such-page/'));
    await expect(page.locator('.op-page > .op-sidebar').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await shown(drawer.getByRole('link', { name: 'API reference' }));
    await shown(drawer.getByRole('link', { name: 'Book a launch' }));
    await shown(drawer.getByRole('button', { name: /^Theme: / }));
    await page.keyboard.press('Escape');
    await expect(drawer.count()).resolves.toBe(0);
    await shown(page.getByRole('button', { name: 'Menu', exact: true }));
    await page.close();

    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      javaScriptEnabled: false,
    });
    const still = await context.newPage();
    await still.goto(at(INSTALL));
    await notShown(still.getByRole('button', { name: 'Menu', exact: true }));
    await shown(still.locator('.op-header').getByRole('link', { name: 'API reference' }));
    await shown(still.locator('.op-header').getByRole('link', { name: 'Book a launch' }));
    await shown(still.locator('.op-page > .op-sidebar'));
    await context.close();
  });

  it('sets text in a metric-matched fallback until the web font comes: its swap hardly moves it', async () => {
    // The home page's swap shifted it by 0.19 (CLS) with the system fonts as fallback, 0.01
    // with the metric-matched one; a cold Chromium loading the local font late costs at most
    // 0.05 once in a while, hence the bound.
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const held: (() => Promise<void>)[] = [];
    let released = false;
    await context.route(/\.woff2$/, (route) =>
      released ? route.continue() : void held.push(() => route.continue()),
    );
    await recordLayoutShift(context);
    const page = await context.newPage();
    await page.goto(at(''), { waitUntil: 'domcontentloaded' });
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain(
      '"IBM Plex Serif Fallback"',
    );
    // Laid out in the fallback with the web fonts asked for and held; then they come.
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await page.waitForTimeout(500);
    released = true;
    for (const release of held.splice(0)) await release();
    await page.waitForFunction(async () => {
      await document.fonts.ready;
      return [...document.fonts].some((face) => face.status === 'loaded');
    });
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await layoutShift(page)).toBeLessThanOrEqual(0.05);
    await context.close();
  }, 60_000);

  it('opens the sidebar from a menu button as a modal drawer, by keyboard; Escape closes it', async () => {
    const page = await browser.newPage({ viewport: { width: 375, height: 700 } });
    await page.goto(at(INSTALL));
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    await notShown(page.locator('.op-page > .op-sidebar'));
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
    await menu.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await shown(drawer);
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('true');
    await shown(drawer.getByRole('link', { name: 'Install rocketctl' }));
    await shown(drawer.getByRole('link', { name: 'API reference' }));
    await shown(drawer.getByRole('button', { name: /^Theme: / }));
    // Focus stays in the modal drawer however far the reader tabs.
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab');
    await expect(
      page.evaluate(() => document.activeElement?.closest('dialog') !== null),
    ).resolves.toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOTS, 'phone-menu-open.png') });
    await page.keyboard.press('Escape');
    await expect(drawer.count()).resolves.toBe(0);
    await expect(menu.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
    await expect(menu.getAttribute('aria-expanded')).resolves.toBe('false');
    // Back in the page, ready for wider screens; the close button works too.
    await page.setViewportSize({ width: 1280, height: 800 });
    await shown(page.locator('.op-page > .op-sidebar'));
    await page.setViewportSize({ width: 375, height: 700 });
    await menu.click();
    await drawer.getByRole('button', { name: 'Close menu' }).click();
    await expect(drawer.count()).resolves.toBe(0);
    await page.close();
  });

  it('switches tabs by click and by arrow keys, Home and End', async () => {
    const page = await browser.newPage();
    await page.goto(at(INSTALL));
    const list = page.getByRole('tablist').first();
    const tabs = list.getByRole('tab');
    await expect(tabs.allInnerTexts()).resolves.toEqual(['macOS', 'Linux', 'Windows']);
    const selected = () => list.locator('[aria-selected="true"]').innerText();
    const visiblePanels = () =>
      page.locator('[data-op-tabs]').first().locator('[role="tabpanel"]:visible').count();
    await expect(selected()).resolves.toBe('macOS');
    await expect(visiblePanels()).resolves.toBe(1);
    await tabs.nth(0).focus();
    await page.keyboard.press('ArrowRight');
    await expect(selected()).resolves.toBe('Linux');
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('Linux');
    await page.keyboard.press('End');
    await expect(selected()).resolves.toBe('Windows');
    await page.keyboard.press('ArrowRight');
    await expect(selected()).resolves.toBe('macOS');
    await page.keyboard.press('ArrowLeft');
    await expect(selected()).resolves.toBe('Windows');
    await page.keyboard.press('Home');
    await expect(selected()).resolves.toBe('macOS');
    await tabs.nth(1).click();
    await expect(selected()).resolves.toBe('Linux');
    await expect(tabs.nth(1).getAttribute('tabindex')).resolves.toBe('0');
    await expect(tabs.nth(0).getAttribute('tabindex')).resolves.toBe('-1');
    const panel = page.locator(`#${await tabs.nth(1).getAttribute('aria-controls')}`);
    await shown(panel);
    await expect(visiblePanels()).resolves.toBe(1);
    await page.close();
  });

  it("copies a code block's code with its copy button", async () => {
    const context = await browser.newContext();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(site.server.url).origin,
    });
    const page = await context.newPage();
    await page.goto(at(INSTALL));
    const block = page.locator('figure.op-code').filter({ hasText: 'rocketctl version' });
    const button = block.getByRole('button', { name: 'Copy code' });
    await button.click();
    const code = await block.locator('code').innerText();
    // The clipboard write is a promise the page awaits: poll for its outcome.
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    expect(code).toContain('rocketctl version');
    await expect.poll(() => button.getAttribute('class')).toContain('op-code__copy--done');
    await shown(page.getByRole('status').filter({ hasText: 'Copied' }));
    await context.close();
  });

  it("typesets math with KaTeX's stylesheet, linked only from pages with math", async () => {
    const page = await browser.newPage();
    await page.goto(at('concepts/launch-windows/orbital-mechanics/'));
    const katex = page.locator('link[rel="stylesheet"][href*="katex"]');
    await expect(katex.count()).resolves.toBe(1);
    // KaTeX's MathML copy is for assistive technology only: its stylesheet clips it away.
    const mathml = await page
      .locator('.op-math--display .katex-mathml')
      .first()
      .evaluate((e) => getComputedStyle(e).position);
    expect(mathml).toBe('absolute');
    const fonts = await page.evaluate(async () => {
      await document.fonts.ready;
      return [...document.fonts].filter((f) => f.family.includes('KaTeX') && f.status === 'loaded')
        .length;
    });
    expect(fonts).toBeGreaterThan(0);
    await page.goto(at(INSTALL));
    await expect(page.locator('link[href*="katex"]').count()).resolves.toBe(0);
    await page.close();
  });

  it('prints the content alone: no navigation, every tab panel shown', async () => {
    const page = await browser.newPage();
    await page.goto(at(INSTALL));
    await page.emulateMedia({ media: 'print' });
    for (const selector of [
      '.op-header',
      '.op-page > .op-sidebar',
      '.op-outline',
      '.op-footer',
      '.op-announcement',
      '.op-pagination',
      '.op-breadcrumbs',
      '[role="tablist"]',
    ]) {
      await notShown(page.locator(selector).first());
    }
    await shown(page.locator('.op-article h1'));
    const panels = page.locator('[data-op-tabs]').first().locator('[role="tabpanel"]');
    for (let i = 0; i < (await panels.count()); i++) await shown(panels.nth(i));
    await page.emulateMedia({ media: 'screen' });
    await shown(page.locator('.op-header'));
    await page.close();
  });
});

/** The built site's HTML pages (redirect stubs and Pagefind's files aside): file → HTML. */
async function htmlPages(outDir: string): Promise<Map<string, string>> {
  const pages = new Map<string, string>();
  for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    const file = path.relative(outDir, path.join(entry.parentPath, entry.name));
    const html = await readFile(path.join(outDir, file), 'utf8');
    if (!html.includes('http-equiv="refresh"')) pages.set(file, html);
  }
  return pages;
}
