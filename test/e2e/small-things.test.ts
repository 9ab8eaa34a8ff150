import { expect, it } from 'vitest';
import { useExampleBrowser } from '../helpers/browser.ts';

/** Small things readers noticed on real sites (issue: reading on every screen), each held here. */
const example = useExampleBrowser();

it('keeps a hint icon its size beside a long hint on a phone', async () => {
  const page = await example.open('getting-started/install/');
  await page.setViewportSize({ width: 390, height: 844 });
  const icon = page.locator('.op-hint .op-hint__icon').first();
  await icon.waitFor();
  // The icon's own box, not shrunk by the text beside it (it was 5–8 px wide).
  await expect
    .poll(() => icon.evaluate((el) => el.getBoundingClientRect().width))
    .toBeGreaterThanOrEqual(12);
});

it("leaves a space between a tab's icon and its label", async () => {
  const page = await example.open('api/endpoints/webhooks/');
  const tab = page.getByRole('tab', { name: 'Go' });
  await tab.waitFor();
  const gap = await tab.evaluate((button) => {
    const icon = button.querySelector('.op-tabs__icon') as Element;
    const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
    let text: Node | null = walker.nextNode();
    while (text && !text.textContent?.trim()) text = walker.nextNode();
    const range = document.createRange();
    range.selectNodeContents(text as Node);
    const label = range.getBoundingClientRect();
    return document.dir === 'rtl'
      ? icon.getBoundingClientRect().left - label.right
      : label.left - icon.getBoundingClientRect().right;
  });
  expect(gap).toBeGreaterThanOrEqual(4);
});

it("closes the header's dropdown on a click elsewhere and on Escape", async () => {
  const page = await example.open('getting-started/install/');
  await page.setViewportSize({ width: 1440, height: 900 });
  const dropdown = page.locator('.op-header details').filter({ hasText: 'Resources' }).first();
  const isOpen = () => dropdown.evaluate((el) => (el as HTMLDetailsElement).open);
  await dropdown.locator('summary').click();
  await expect.poll(isOpen).toBe(true);
  await page.locator('#op-content h1').click();
  await expect.poll(isOpen).toBe(false);
  await dropdown.locator('summary').click();
  await expect.poll(isOpen).toBe(true);
  await page.keyboard.press('Escape');
  await expect.poll(isOpen).toBe(false);
  await expect(
    dropdown.locator('summary').evaluate((summary) => summary === document.activeElement),
  ).resolves.toBe(true);
});

it("draws the phone menu's background to the bottom of a long list", async () => {
  const page = await example.open('api/reference/missions/');
  await page.setViewportSize({ width: 390, height: 600 });
  await page.locator('[data-op-menu]').first().click();
  const drawer = page.locator('dialog.op-drawer');
  await drawer.waitFor();
  // Scrolled to its end (the sidebar is longer than the screen), the drawer still covers the
  // bottom of the screen with a background of its own: no page shows through.
  await drawer.evaluate((el) => {
    el.scrollTop = el.scrollHeight;
  });
  await expect
    .poll(() =>
      page.evaluate(() => {
        const below = document.elementFromPoint(20, window.innerHeight - 4);
        const drawn = below?.closest('dialog.op-drawer');
        return drawn ? getComputedStyle(drawn).backgroundColor : 'page';
      }),
    )
    .toMatch(/^rgb\(/);
});

it('lines the header logo up with the sidebar on screens wider than the page grid', async () => {
  const page = await example.open('getting-started/install/');
  for (const width of [1440, 1920, 2560]) {
    await page.setViewportSize({ width, height: 900 });
    const left = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => el.getBoundingClientRect().left);
    // It was 20 px at 1920, the sidebar 260.
    await expect
      .poll(async () => Math.abs((await left('.op-brand')) - (await left('.op-sidebar'))), {
        message: `${width} px`,
      })
      .toBeLessThanOrEqual(1);
  }
});
