import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { notShown, type OpenOptions, shown, useExampleBrowser } from '../helpers/browser.ts';

/**
 * The example's header, footer, announcement, theme toggle and favicon
 * (examples/site/sites/docs.yaml `customizations`) as a reader meets them in Chromium.
 */
describe('the site chrome of the built example', () => {
  const example = useExampleBrowser();
  const at = (p: string) => example.at(p);
  let page: Page;

  /** A fresh browser profile (empty localStorage) at `url`. */
  async function open(url: string, options: OpenOptions = {}): Promise<Page> {
    page = await example.open(url, options);
    return page;
  }

  it('shows the logo for the color scheme, named once by the site title', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await open('', { colorScheme });
      const brand = page.locator('header .op-brand');
      await expect(brand.getAttribute('href')).resolves.toBe('/docs/');
      const visible = brand.locator('img:visible');
      await expect.poll(() => visible.count()).toBe(1);
      await expect(visible.getAttribute('alt')).resolves.toBe('Acme Rockets Docs');
      await expect(visible.getAttribute('src')).resolves.toMatch(
        colorScheme === 'dark' ? /acme-logo-dark\.png$/ : /acme-logo\.png$/,
      );
      expect(await visible.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
        0,
      );
      // The accessible name is the title once, not the title twice.
      await expect(
        page
          .locator('header')
          .getByRole('link', { name: 'Acme Rockets Docs', exact: true })
          .count(),
      ).resolves.toBe(1);
      await expect(brand.textContent()).resolves.not.toContain('Acme');
    }
  });

  it('opens the header dropdown by keyboard and follows its link', async () => {
    await open('getting-started/install/');
    const links = page.getByRole('navigation', { name: 'Site links' });
    await expect(links.getByRole('link', { name: 'Status' }).getAttribute('href')).resolves.toBe(
      'https://status.acme-rockets.example',
    );
    const book = links.getByRole('link', { name: 'Book a launch' });
    await expect(book.getAttribute('class')).resolves.toContain('op-header-link--button-primary');
    const item = links.getByRole('link', { name: 'Launch API' });
    await notShown(item);
    await links.locator('summary', { hasText: 'Resources' }).focus();
    await page.keyboard.press('Enter');
    await shown(item);
    await page.keyboard.press('Tab');
    await expect(item.evaluate((a) => a === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/docs\/api\/$/);
  });

  it('renders the footer groups, logo and copyright', async () => {
    await open('');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('heading').allTextContents()).resolves.toEqual([
      'Product',
      'Company',
    ]);
    await expect(
      footer.getByRole('link', { name: 'Launch API' }).getAttribute('href'),
    ).resolves.toBe('/docs/api/');
    await expect(footer.getByRole('link', { name: 'Careers' }).getAttribute('href')).resolves.toBe(
      'https://acme-rockets.example/careers',
    );
    await expect(footer.locator('img:visible').getAttribute('alt')).resolves.toBe(
      'Acme Rockets Docs',
    );
    await expect(footer.textContent()).resolves.toContain('© 2025 Acme Rockets, Inc.');
  });

  it('remembers a dismissed announcement across pages and reloads', async () => {
    await open('');
    const banner = page.locator('.op-announcement');
    await shown(banner);
    await expect(banner.textContent()).resolves.toContain('Launch API v2 is generally available');
    await expect(
      banner.getByRole('link', { name: 'Read the migration guide' }).getAttribute('href'),
    ).resolves.toBe('https://acme-rockets.example/blog/launch-api-v2');
    await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
    await notShown(banner);
    await page.goto(at('getting-started/install/'));
    await notShown(page.locator('.op-announcement'));
    await expect(
      page.evaluate(() => document.documentElement.classList.contains('op-announcement-dismissed')),
    ).resolves.toBe(true);
    await page.reload();
    await notShown(page.locator('.op-announcement'));
  });

  it('cycles the theme with the toggle and keeps the choice across a reload', async () => {
    await open('', { colorScheme: 'light' });
    const toggle = page.locator('.op-theme-toggle');
    const theme = () => page.evaluate(() => document.documentElement.dataset.theme ?? 'system');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await expect(toggle.getAttribute('data-state')).resolves.toBe('system');
    await expect(toggle.getAttribute('aria-label')).resolves.toBe('Theme: System');
    const light = await background();
    await toggle.click();
    await expect(theme()).resolves.toBe('light');
    await toggle.click();
    await expect(theme()).resolves.toBe('dark');
    await expect(toggle.getAttribute('aria-label')).resolves.toBe('Theme: Dark');
    expect(await background()).not.toBe(light);
    await page.reload();
    await expect(theme()).resolves.toBe('dark');
    await expect(toggle.getAttribute('data-state')).resolves.toBe('dark');
    expect(await background()).not.toBe(light);
    await toggle.click();
    await expect(theme()).resolves.toBe('system');
    await page.reload();
    await expect(theme()).resolves.toBe('system');
  });

  it('applies stored choices from an inline script placed before any stylesheet', async () => {
    const html = await readFile(
      path.join(example.outDir, 'getting-started/install/index.html'),
      'utf8',
    );
    const head = html.slice(0, html.indexOf('</head>'));
    const script = head.indexOf('<script>try{let d=document.documentElement');
    expect(script).toBeGreaterThan(0);
    expect(script).toBeLessThan(head.search(/<link rel="stylesheet"|<style/));
    expect(head).toMatch(/s=localStorage;let t=s\.getItem\("op-theme"\)/);
    // The script itself is unit-tested with a fake localStorage in test/render/chrome.test.ts.
  });

  it('links the light and dark favicons, and they load', async () => {
    await open('');
    const icons = await page
      .locator('link[rel="icon"]')
      .evaluateAll((links) =>
        links.map((l) => ({ href: l.getAttribute('href') ?? '', media: l.getAttribute('media') })),
      );
    expect(icons).toEqual([
      { href: expect.stringMatching(/favicon\.png$/), media: '(prefers-color-scheme: light)' },
      { href: expect.stringMatching(/favicon-dark\.png$/), media: '(prefers-color-scheme: dark)' },
    ]);
    for (const icon of icons) {
      const response = await fetch(at(icon.href));
      expect(response.status).toBe(200);
    }
  });
});
