import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { notShown, shown, useExampleBrowser } from '../helpers/browser.ts';

/**
 * Mermaid diagrams drawn at build time, in Chromium: the drawing of the page's scheme is the one
 * shown, from the first paint (CSS only: no script draws or swaps them), and it follows the
 * theme toggle.
 */

const LIFECYCLE = 'concepts/mission-lifecycle/';
const SCREENSHOTS = path.resolve('test-results/screenshots');

describe('mermaid diagrams in the browser', () => {
  const example = useExampleBrowser();

  it('shows the light drawings to a light reader and the dark ones after the toggle picks dark', async () => {
    const page = await example.open(LIFECYCLE, { colorScheme: 'light' });
    const light = page.locator('figure.op-diagram > svg.op-diagram__svg--light');
    const dark = page.locator('figure.op-diagram > svg.op-diagram__svg--dark');
    await expect(light.count()).resolves.toBe(7);
    for (let i = 0; i < 7; i++) {
      await shown(light.nth(i));
      await notShown(dark.nth(i));
    }
    await page
      .locator('figure.op-diagram')
      .first()
      .screenshot({
        path: path.join(SCREENSHOTS, 'diagram-light.png'),
      });
    // system → light → dark (the example's default is the system's scheme).
    const toggle = page.locator('.op-theme-toggle');
    while ((await toggle.getAttribute('data-state')) !== 'dark') await toggle.click();
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    for (let i = 0; i < 7; i++) {
      await shown(dark.nth(i));
      await notShown(light.nth(i));
    }
    await page
      .locator('figure.op-diagram')
      .first()
      .screenshot({
        path: path.join(SCREENSHOTS, 'diagram-dark.png'),
      });
    // The dark drawing is dark in colour too: its messages are lighter than the light one's.
    const brightness = (svg: typeof dark) =>
      svg.first().evaluate((element) => {
        const text = element.querySelector('text.messageText') as Element;
        return (getComputedStyle(text).fill.match(/\d+/g) ?? []).slice(0, 3).map(Number);
      });
    const sum = (rgb: number[]) => rgb.reduce((a, b) => a + b, 0);
    expect(sum(await brightness(dark))).toBeGreaterThan(sum(await brightness(light)) + 200);
    // No script was needed: the page loads no mermaid.
    expect(example.requests.filter((url) => /mermaid/i.test(url))).toEqual([]);
  });

  it('shows the dark drawings to a reader whose system is dark, with no toggle', async () => {
    const page = await example.open(LIFECYCLE, { colorScheme: 'dark' });
    await shown(page.locator('svg.op-diagram__svg--dark').first());
    await notShown(page.locator('svg.op-diagram__svg--light').first());
    // Both drawings of a diagram share the box: switching does not move the page.
    const heights = await page
      .locator('figure.op-diagram')
      .first()
      .evaluate((figure) => figure.getBoundingClientRect().height);
    expect(heights).toBeGreaterThan(100);
  });
});
