import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { axeViolations } from '../helpers/axe.ts';
import { type OpenOptions, useExampleBrowser } from '../helpers/browser.ts';

/**
 * The example's "Reading these docs" page (guides-v2) as a reader meets it in Chromium: the page
 * actions menu, the words a search matched, the "Last updated" line, HTML mentions and
 * alignment; and the hosting outputs that must not point at the platform.
 */
const READING = 'getting-started/reading-the-docs/';
/** What "Use with an AI assistant" copies: the example's public site URL (its hostname and base). */
const MCP_COMMAND = 'npx offprint mcp https://docs.acme-rockets.example/docs/';
/** Its front matter turns the page actions and the "Last updated" line off. */
const PLAIN = 'operations/scrubs/';

describe('page actions, search highlight and page metadata on the built example', () => {
  const example = useExampleBrowser();
  let page: Page;

  async function open(url: string, options: OpenOptions = {}): Promise<Page> {
    page = await example.open(url, options);
    return page;
  }

  const menuButton = () => page.getByRole('button', { name: 'Page actions' });
  const menu = () => page.getByRole('menu');
  const focusedText = () => page.evaluate(() => document.activeElement?.textContent?.trim());

  it('opens the page actions menu from the keyboard, loading its script only then', async () => {
    await open(READING);
    await menuButton().waitFor();
    expect(example.requests.filter((p) => p.includes('page-actions-menu'))).toEqual([]);
    await expect(menuButton().getAttribute('aria-expanded')).resolves.toBe('false');
    await menuButton().focus();
    await page.keyboard.press('ArrowDown');
    await menu().waitFor();
    expect(example.requests.some((p) => p.includes('page-actions-menu'))).toBe(true);
    await expect(menuButton().getAttribute('aria-expanded')).resolves.toBe('true');
    await expect.poll(focusedText).toBe('Copy page');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedText).toBe('View as Markdown');
    await page.keyboard.press('End');
    await expect.poll(focusedText).toBe(`Use with an AI assistant ${MCP_COMMAND}`);
    await page.keyboard.press('ArrowUp');
    await expect.poll(focusedText).toBe('Open in Claude (opens another site)');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedText).toBe('Copy page');
    await page.keyboard.press('Escape');
    await menu().waitFor({ state: 'hidden' });
    await expect.poll(focusedText).toBe('Page actions');
    await expect(menuButton().getAttribute('aria-expanded')).resolves.toBe('false');
    // Enter on the button opens it too (a click), and Tab leaves it closed.
    await page.keyboard.press('Enter');
    await menu().waitFor();
    await page.keyboard.press('Tab');
    await menu().waitFor({ state: 'hidden' });
  });

  it("copies the page's markdown, views it, and opens assistants on its public .md URL", async () => {
    await open(READING);
    await example.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: example.server.url,
    });
    await menuButton().click();
    await menu().getByRole('menuitem', { name: 'Copy page' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Page copied' })
      .waitFor({ state: 'attached' });
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    const copy = await readFile(
      path.join(example.outDir, 'getting-started/reading-the-docs.md'),
      'utf8',
    );
    expect(copied).toBe(copy);
    expect(copied).toMatch(/^# Reading these docs\n/);

    await menuButton().click();
    const view = menu().getByRole('menuitem', { name: 'View as Markdown' });
    await expect(view.getAttribute('href')).resolves.toBe(
      '/docs/getting-started/reading-the-docs.md',
    );
    const publicCopy = 'https://docs.acme-rockets.example/docs/getting-started/reading-the-docs.md';
    for (const [name, host] of [
      ['Open in ChatGPT', 'chatgpt.com'],
      ['Open in Claude', 'claude.ai'],
    ] as const) {
      const link = menu().getByRole('menuitem', { name });
      await expect(link.getAttribute('target')).resolves.toBe('_blank');
      const url = new URL((await link.getAttribute('href')) as string);
      expect(url.host).toBe(host);
      expect(url.searchParams.get('q')).toContain(publicCopy);
    }
    await view.click();
    await page.waitForURL((url) => url.pathname.endsWith('/reading-the-docs.md'));
    await expect(page.locator('body').textContent()).resolves.toContain('# Reading these docs');
  });

  it('copies the command that serves the site to an assistant over MCP', async () => {
    await open(READING);
    await example.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: example.server.url,
    });
    await menuButton().click();
    const item = menu().getByRole('menuitem', { name: /^Use with an AI assistant/ });
    // The item shows the command it copies.
    await expect(item.locator('code').textContent()).resolves.toBe(MCP_COMMAND);
    await item.click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Command copied' })
      .waitFor({ state: 'attached' });
    await menu().waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(MCP_COMMAND);
  });

  it('has no WCAG 2.2 AA violations with the menu open, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await open(READING, { colorScheme, axe: true });
      await menuButton().click();
      await menu().waitFor();
      expect(await axeViolations(page)).toEqual([]);
    }
  });

  it('shows no page actions and no "Last updated" where the page turns them off', async () => {
    await open(PLAIN);
    await page.locator('h1').waitFor();
    // Both are in the page's HTML when on (the menu hidden until its script runs), so their
    // absence from the loaded document is final.
    await expect.poll(() => page.locator('[data-op-page-actions]').count()).toBe(0);
    await expect.poll(() => page.locator('.op-updated').count()).toBe(0);
    // The rest of its layout is as usual.
    await expect.poll(() => page.locator('.op-pagination').count()).toBe(1);
  });

  it('says when the page was last updated, as the sitemap does', async () => {
    await open(READING);
    const line = page.locator('.op-updated');
    await expect(line.textContent()).resolves.toBe('Last updated March 14, 2025');
    await expect(line.locator('time').getAttribute('datetime')).resolves.toBe(
      '2025-03-14T09:30:00.000Z',
    );
    const sitemap = await readFile(path.join(example.outDir, 'sitemap.xml'), 'utf8');
    expect(sitemap).toContain(
      `<loc>https://docs.acme-rockets.example/docs/${READING}</loc><lastmod>2025-03-14T09:30:00.000Z</lastmod>`,
    );
  });

  it('marks the words a search result was found by, at the heading it matched', async () => {
    await open('');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('#op-search-input').fill('barycentre');
    const sub = page.locator('dialog[data-op-search] .op-search__result--sub').first();
    await sub.waitFor();
    await expect(sub.getAttribute('href')).resolves.toMatch(
      /reading-the-docs\/\?pagefind-highlight=barycentre#finding-a-word$/,
    );
    await sub.click();
    await page.waitForURL((url) => url.hash === '#finding-a-word');
    const mark = page.locator('mark.op-search-mark');
    await mark.first().waitFor();
    await expect(mark.allTextContents()).resolves.toEqual(['barycentre']);
    const heading = page.locator('#finding-a-word');
    await expect
      .poll(() =>
        heading.evaluate((h) => {
          const box = h.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    // The marks are styled, in place of the browser's default yellow.
    const background = await mark.first().evaluate((m) => getComputedStyle(m).backgroundColor);
    expect(background).not.toBe('rgb(255, 255, 0)');
  });

  it('shows HTML mentions as their page, and aligns what the page aligns', async () => {
    await open(READING);
    const mention = page.locator('table a.op-mention').first();
    await expect(mention.textContent()).resolves.toBe('Install rocketctl');
    await expect(mention.getAttribute('href')).resolves.toBe('/docs/getting-started/install/');
    await expect.poll(() => mention.locator('svg').count()).toBe(1);
    for (const selector of ['h3.op-align-center', 'p.op-align-center']) {
      await expect(
        page
          .locator(selector)
          .first()
          .evaluate((e) => getComputedStyle(e).textAlign),
      ).resolves.toBe('center');
    }
    const image = page.locator('p.op-align-center img');
    const [imageBox, paragraphBox] = await Promise.all([
      image.boundingBox(),
      page.locator('p.op-align-center:has(img)').boundingBox(),
    ]);
    if (!imageBox || !paragraphBox) throw new Error('the centered image is not laid out');
    const left = imageBox.x - paragraphBox.x;
    const right = paragraphBox.x + paragraphBox.width - (imageBox.x + imageBox.width);
    expect(Math.abs(left - right)).toBeLessThan(2);
  });
});

describe('hosting outputs and warnings of the built example', () => {
  it('name no URL of the API host in llms.txt, llms-full.txt or any .md copy', async () => {
    const { outDir, cacheDir } = inject('exampleBuild');
    // The platform's origin is in every download URL the snapshot stored.
    const snapshot = await readdir(path.join(cacheDir, 'snapshot'), {
      recursive: true,
      withFileTypes: true,
    });
    const origins = new Set<string>();
    for (const entry of snapshot) {
      if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
      const text = await readFile(path.join(entry.parentPath, entry.name), 'utf8');
      for (const m of text.matchAll(/"downloadURL":\s*"([^"]+)"/g))
        origins.add(new URL(m[1] as string).origin);
    }
    expect(origins.size).toBeGreaterThan(0);
    const files = (await readdir(outDir, { recursive: true }))
      .filter((f) => f.endsWith('.md') || f === 'llms.txt' || f === 'llms-full.txt')
      .filter((f) => !f.startsWith('_') && !f.startsWith('pagefind'));
    expect(files).toEqual(expect.arrayContaining(['llms.txt', 'llms-full.txt']));
    expect(files.length).toBeGreaterThan(40);
    const offending: string[] = [];
    for (const file of files) {
      const text = await readFile(path.join(outDir, file), 'utf8');
      for (const origin of origins) if (text.includes(origin)) offending.push(`${file}: ${origin}`);
      if (/alt=media|\/_files\//.test(text)) offending.push(`${file}: a download URL`);
    }
    expect(offending).toEqual([]);
    // The copies point at the site's own files instead.
    const copy = await readFile(path.join(outDir, 'getting-started/reading-the-docs.md'), 'utf8');
    expect(copy).toMatch(
      /<img src="https:\/\/docs\.acme-rockets\.example\/docs\/assets\/[0-9a-f]{16}\/mission-console\.png"/,
    );
    // Uploads' names (`image (1).png`, a CleanShot screenshot) in every form the page writes
    // them: an image with a title, a figure, a reference definition, a file block, a card cover.
    const photos = await readFile(path.join(outDir, 'operations/ground-station-setup.md'), 'utf8');
    const assets =
      /https:\/\/docs\.acme-rockets\.example\/docs\/assets\/[0-9a-f]{16}\/([^\s"'<>)]+)/g;
    expect([...photos.matchAll(assets)].map((m) => m[1])).toEqual([
      'mission-console.png',
      'ascent-profile.png',
      'image-1.png',
      'cleanshot-2024-03-12-at-12-23-012x.png',
      'image-1.png',
      'cleanshot-2024-03-12-at-12-23-012x.png',
      'image-1.png',
      'cleanshot-2024-03-12-at-12-23-012x.png',
    ]);
  });

  it('hold every listed page once in llms-full.txt, in the order of llms.txt, as its .md copy', async () => {
    const { outDir } = inject('exampleBuild');
    const origin = 'https://docs.acme-rockets.example';
    const llms = await readFile(path.join(outDir, 'llms.txt'), 'utf8');
    // llms.txt lists each page's copy; its page is that URL with a slash for `.md`.
    const listed = [...llms.matchAll(/^- \[[^\n]*?\]\((\S+)\.md\)/gm)]
      .map((m) => m[1] as string)
      .filter((url) => !url.includes('/pdf/'))
      .map((url) => (url === `${origin}/docs/index` ? `${origin}/docs/` : `${url}/`));
    const full = await readFile(path.join(outDir, 'llms-full.txt'), 'utf8');
    const sources = [...full.matchAll(/^Source: (\S+)$/gm)].map((m) => m[1]);
    expect(sources.length).toBeGreaterThan(40);
    expect(sources).toEqual(listed);
    expect(new Set(sources).size).toBe(sources.length);
    // The sitemap's pages, no more: the hidden runbook is out.
    const sitemap = await readFile(path.join(outDir, 'sitemap.xml'), 'utf8');
    const indexed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(new Set(sources)).toEqual(new Set(indexed.filter((url) => !url?.includes('/pdf/'))));
    expect(sources).not.toContain(`${origin}/docs/operations/range-safety-runbook/`);
    expect(full).not.toContain('# Range safety runbook');
    // Navigation order: the v2 guides open it, the welcome page first.
    expect(sources.slice(0, 3)).toEqual([
      `${origin}/docs/`,
      `${origin}/docs/start/`,
      `${origin}/docs/getting-started/`,
    ]);
    // Each page is its copy, with its source line under the heading.
    const copy = await readFile(path.join(outDir, 'getting-started/install.md'), 'utf8');
    const [heading, ...body] = copy.split('\n\n');
    expect(full).toContain(
      `${heading}\n\nSource: ${origin}/docs/getting-started/install/\n\n${body.join('\n\n')}`,
    );
  });

  it('names each Pro icon drawn as an open stand-in once, in one note, however many pages use it', () => {
    // Notes go to stdout; nothing about icons is a warning: the content is right.
    const { stdout, stderr } = inject('exampleBuild');
    expect(stderr).not.toContain('icon "');
    // `sparkle` is on two pages; `openai` (one page) is drawn as its own logo: nothing to say.
    expect(stdout.split('\n').filter((line) => line.startsWith('note: icons:'))).toEqual([
      'note: icons: 1 Font Awesome Pro icon is drawn as the nearest open glyph: "sparkle" as "mdi:star-four-points"',
    ]);
  });
});
