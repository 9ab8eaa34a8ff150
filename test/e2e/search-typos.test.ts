import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { notShown, searchSettled, shown, useExampleBrowser } from '../helpers/browser.ts';

/**
 * The search dialog forgives a typo (src/search/typo-correction.ts): a misspelt word of the
 * example is searched as the word of the site it is closest to, and the dialog says so above
 * the results, without moving the count or the rows on a phone. Screenshots of the dialog with
 * a correction, at three widths in both schemes, go to test-results/screenshots/.
 */

const SCREENSHOTS = path.resolve('test-results/screenshots');
const WORD = 'rocketctl';
const TYPO = 'rocketclt';

const example = useExampleBrowser();

async function openSearch(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Search' }).first().click();
  await shown(page.locator('dialog[data-op-search]'));
}

async function search(page: Page, term: string): Promise<void> {
  await page.locator('#op-search-input').fill(term);
  await searchSettled(page, term);
}

const notice = (page: Page) => page.locator('[data-op-search-correction]');
const titles = (page: Page) =>
  page.locator('.op-search__result:not(.op-search__result--sub) .op-search__result-title');

/** The top of an element, in CSS pixels from the viewport's. */
function topOf(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((el) => el.getBoundingClientRect().top);
}

describe('the search dialog forgives a typo', () => {
  it('searches a misspelt word as the site’s word, and says "Showing results for" it', async () => {
    const page = await example.open('getting-started/install/');
    await openSearch(page);
    await search(page, TYPO);
    await shown(notice(page));
    await expect.poll(() => notice(page).textContent()).toBe(`Showing results for ${WORD}`);
    // The corrected word is the one emphasised; screen readers hear the notice with the count.
    await expect(notice(page).locator('strong').textContent()).resolves.toBe(WORD);
    await expect
      .poll(() => page.locator('[data-op-search-status]').textContent())
      .toMatch(new RegExp(`^Showing results for ${WORD}\\. \\d+ pages? found$`));
    await expect.poll(() => titles(page).first().textContent()).toMatch(/rocketctl/i);
    // The results' excerpts mark the word found, not the typo.
    await expect
      .poll(() => page.locator('.op-search__excerpt mark').first().textContent())
      .toMatch(/rocketctl/i);
  });

  it('says nothing for a word the site has, a word being typed, or a quoted query', async () => {
    const page = await example.open('getting-started/install/');
    await openSearch(page);
    for (const term of [WORD, 'rocke', `"${TYPO}"`]) {
      await search(page, term);
      await notShown(notice(page));
    }
    await search(page, WORD);
    await expect.poll(() => titles(page).first().textContent()).toMatch(/rocketctl/i);
    // And the notice goes once the query is spelt right again.
    await search(page, TYPO);
    await shown(notice(page));
    await search(page, WORD);
    await notShown(notice(page));
  });

  it('moves neither the count nor the rows on a phone when the notice appears', async () => {
    const page = await example.open();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(example.at('getting-started/install/'));
    await openSearch(page);
    await search(page, WORD);
    await expect.poll(() => titles(page).count()).toBeGreaterThan(0);
    const statusTop = await topOf(page, '[data-op-search-status]');
    const listTop = await topOf(page, '#op-search-results');
    // Every shift from here on, caused by input or not: what moved, and by how much.
    await page.evaluate(() => {
      const store = window as unknown as { typoShifts: string[] };
      store.typoShifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as {
          value: number;
          sources: { node: Node | null }[];
        }[])
          for (const { node } of entry.sources) {
            const element = node instanceof Element ? node : node?.parentElement;
            store.typoShifts.push(
              `${element?.className || element?.tagName || 'text'}: ${entry.value.toFixed(5)}`,
            );
          }
      }).observe({ type: 'layout-shift' });
    });
    await search(page, TYPO);
    await shown(notice(page));
    expect(await topOf(page, '[data-op-search-status]')).toBe(statusTop);
    expect(await topOf(page, '#op-search-results')).toBe(listTop);
    // The notice is the first line of the results' box, the rows under it.
    expect(await topOf(page, '[data-op-search-correction]')).toBeGreaterThanOrEqual(listTop);
    expect(await topOf(page, '[data-op-search-correction]')).toBeLessThan(
      await topOf(page, '[role="option"]'),
    );
    // One frame for the observer to report in.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
    const shifts = await page.evaluate(
      () => (window as unknown as { typoShifts: string[] }).typoShifts,
    );
    expect(shifts).toEqual([]);
  });

  it('is screenshot at 390, 1440 and 1920 px, light and dark', async () => {
    await mkdir(SCREENSHOTS, { recursive: true });
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [390, 1440, 1920]) {
        const page = await example.open(undefined, { colorScheme });
        await page.setViewportSize({ width, height: width === 390 ? 844 : 1000 });
        await page.goto(example.at('getting-started/install/'));
        await openSearch(page);
        await search(page, TYPO);
        await shown(notice(page));
        const file = path.join(SCREENSHOTS, `search-typo-${width}-${colorScheme}.png`);
        await page.screenshot({ path: file });
      }
    }
  }, 120_000);
});
