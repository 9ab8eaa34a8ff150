import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '../../src/serve/static.ts';
import { CHROMIUM, chromiumAvailable, launchBrowser, notShown, shown } from '../helpers/browser.ts';
import { serveExample } from '../helpers/built-site.ts';

/** What a reader sees and clicks on the built example, in a real Chromium. */
describe('navigating the built example', () => {
  let browser: Browser;
  let server: StaticServer;
  let page: Page;
  const at = (path: string) => new URL(path, server.url).href;
  const pathname = () => new URL(page.url()).pathname;

  beforeAll(async () => {
    if (!chromiumAvailable())
      throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (see README)`);
    server = (await serveExample()).server;
    browser = await launchBrowser();
    page = await browser.newPage();
    // Fail on the step that went wrong, well before the test's own timeout.
    page.setDefaultTimeout(8000);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('switches sections with the top tabs and marks the current one', async () => {
    await page.goto(at('getting-started/install/'));
    const tabs = page.getByRole('navigation', { name: 'Sections' });
    await expect(tabs.locator('[aria-current="page"]').textContent()).resolves.toContain('Guides');
    await tabs.getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL(/\/docs\/api\/$/);
    await expect(tabs.locator('[aria-current="page"]').textContent()).resolves.toContain(
      'API reference',
    );
  });

  it('opens a section group as a dropdown, by mouse and by keyboard', async () => {
    // The Telemetry kit section shows only to beta visitors (adaptive content).
    await page.goto(at('?visitor.beta=true'));
    const group = page.locator('.op-tab-group');
    const item = group.getByRole('link', { name: /Telemetry kit/ });
    await notShown(item);
    await group.locator('summary').focus();
    await page.keyboard.press('Enter');
    await shown(item);
    await item.click();
    await page.waitForURL(/\/docs\/telemetry\/$/);
    const current = page.locator('.op-tab-group.op-tab--current');
    await expect(current.count()).resolves.toBe(1);
  });

  it('keeps the reader on the same page when switching variants, and falls back to the root', async () => {
    await page.goto(at('getting-started/install/'));
    await page.locator('.op-variants summary').click();
    await page.locator('.op-variants').getByRole('link', { name: /v1/ }).click();
    await page.waitForURL(/\/guides\/v1\/getting-started\/install\/$/);
    await expect(page.locator('h1').textContent()).resolves.toContain('Install rocketctl');
    // A page v1 does not have: the switch leads to v1's root.
    await page.goto(at('concepts/launch-windows/'));
    // Inside the closed switcher the link is not in the accessibility tree: find it by text.
    const v1 = page.locator('.op-variants a', { hasText: 'v1' });
    await expect(v1.getAttribute('href')).resolves.toBe('/docs/guides/v1/');
  });

  it('marks the current page in the sidebar, opens its branch and expands others on demand', async () => {
    await page.goto(at('getting-started/first-launch/preflight-checklist/'));
    const nav = page.locator('.op-nav');
    const current = nav.locator('[aria-current="page"]');
    await expect(current.count()).resolves.toBe(1);
    await expect(current.textContent()).resolves.toContain('Pre-flight checklist');
    await shown(current);
    // Concepts is collapsed: its children show once its toggle is clicked.
    const concepts = nav.locator('.op-nav-parent', {
      has: page.getByRole('link', { name: 'Concepts', exact: true }),
    });
    const missions = concepts.getByRole('link', { name: 'Missions' });
    await notShown(missions);
    await concepts.locator(':scope > details > summary').click();
    await shown(missions);
    // Hidden pages stay out of the sidebar; link pages are marked external.
    await expect(nav.getByRole('link', { name: /Range safety/ }).count()).resolves.toBe(0);
    await expect(
      nav.getByRole('link', { name: /Service status/ }).getAttribute('href'),
    ).resolves.toMatch(/^https:/);
  });

  it('walks the reading order with previous and next', async () => {
    await page.goto(at('getting-started/install/'));
    const next = page.locator('a[rel="next"]');
    await expect(next.textContent()).resolves.toContain('Your first launch');
    await next.click();
    await page.waitForURL(/first-launch\/$/);
    await page.locator('a[rel="next"]').click();
    await page.waitForURL(/preflight-checklist\/$/);
    await page.locator('a[rel="prev"]').click();
    await page.waitForURL(/first-launch\/$/);
    await page.locator('a[rel="prev"]').click();
    await page.waitForURL(/getting-started\/install\/$/);
  });

  it('jumps to a heading from the outline', async () => {
    await page.goto(at('getting-started/install/'));
    const entries = page.locator('.op-outline a');
    expect(await entries.count()).toBeGreaterThan(1);
    const second = entries.nth(1);
    const href = (await second.getAttribute('href')) as string;
    await second.click();
    await expect(page.waitForURL((url) => url.hash === href)).resolves.toBeUndefined();
    const heading = page.locator(`[id="${decodeURIComponent(href.slice(1))}"]`);
    await expect(heading.count()).resolves.toBe(1);
    await shown(heading);
    const box = await heading.boundingBox();
    expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
    expect(box?.y ?? 9999).toBeLessThan(300);
  });

  it('shows breadcrumbs that lead back up the tree', async () => {
    await page.goto(at('getting-started/first-launch/preflight-checklist/'));
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    const texts = await crumbs.locator('li').allTextContents();
    expect(texts.map((t) => t.trim())).toEqual(
      expect.arrayContaining(['Getting started', 'Your first launch']),
    );
    await crumbs.getByRole('link', { name: 'Your first launch' }).click();
    await page.waitForURL(/first-launch\/$/);
    expect(pathname()).toBe('/docs/getting-started/first-launch/');
  });

  it('serves a first page at its space root and redirects its own path there', async () => {
    await page.goto(at('readme/'));
    await page.waitForURL(/\/docs\/$/);
    await expect(page.locator('h1').textContent()).resolves.toContain('Welcome');
  });
});
