import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaticServer } from '../../src/serve/static.ts';
import { launchBrowser, notShown, requireChromium, shown } from '../helpers/browser.ts';
import { serveExample } from '../helpers/built-site.ts';

/** What a reader sees and clicks on the built example, in a real Chromium. */
describe('navigating the built example', () => {
  let browser: Browser;
  let server: StaticServer;
  let page: Page;
  const at = (path: string) => new URL(path, server.url).href;
  const pathname = () => new URL(page.url()).pathname;

  beforeAll(async () => {
    requireChromium();
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
    // The outline marks the section jumped to.
    await expect
      .poll(() => page.locator('.op-outline a[aria-current="location"]').getAttribute('href'))
      .toBe(href);
  });

  it('marks the section in view in the outline while the reader scrolls, moving nothing', async () => {
    await page.goto(at('concepts/mission-lifecycle/'));
    const outline = page.getByRole('navigation', { name: 'On this page' });
    const entries = outline.locator('a');
    expect(await entries.count()).toBeGreaterThan(4);
    const marked = outline.locator('a[aria-current="location"]');
    const boxes = () =>
      entries.evaluateAll((links) => links.map((a) => a.getBoundingClientRect().toJSON()));
    const before = await boxes();
    for (const index of [1, 3, 2]) {
      const href = (await entries.nth(index).getAttribute('href')) as string;
      // The section's heading a little below the top of the window, as a reader scrolls to it.
      await page.evaluate(
        (id) => {
          const heading = document.getElementById(id) as HTMLElement;
          window.scrollTo(0, window.scrollY + heading.getBoundingClientRect().top - 100);
        },
        decodeURIComponent(href.slice(1)),
      );
      await expect.poll(() => marked.getAttribute('href')).toBe(href);
      await expect(marked.count()).resolves.toBe(1);
    }
    // Back at the top, before the first section: nothing marked.
    await page.evaluate(() => window.scrollTo(0, 0));
    await expect.poll(() => marked.count()).toBe(0);
    // Marking changes colours only: the outline's links stay where they were.
    await expect(boxes()).resolves.toEqual(before);
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
