import { describe, expect, it } from 'vitest';
import { notShown, shown, useExampleBrowser } from '../helpers/browser.ts';

const SDKS = 'api/sdks/';

/** Prompt blocks of the example (api/sdks.md: one full, one partial, one hidden), in Chromium. */
describe('prompt blocks', () => {
  const example = useExampleBrowser();
  const prompt = (description: string) =>
    example.page.locator('.op-prompt').filter({ hasText: description });

  it('wrap like prose, clear of the copy button, and copy their text', async () => {
    const page = await example.open();
    await example.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(example.server.url).origin,
    });
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto(example.at(SDKS));
    const full = prompt('Write a first client for the Launch API');
    const pre = full.locator('pre');
    await shown(pre);
    // No horizontal scroll: long lines wrap.
    await expect(pre.evaluate((el) => el.scrollWidth <= el.clientWidth)).resolves.toBe(true);
    // The text stops before the copy button.
    const [text, button] = await Promise.all([
      pre.locator('code').boundingBox(),
      full.getByRole('button', { name: 'Copy code' }).boundingBox(),
    ]);
    expect((text?.x ?? 0) + (text?.width ?? 0)).toBeLessThanOrEqual(button?.x ?? 0);
    await full.getByRole('button', { name: 'Copy code' }).click();
    const code = await pre.locator('code').innerText();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    expect(code).toContain('ACME_API_KEY');
  });

  it('shows about ten lines of a partial prompt until "Show more", then all of it', async () => {
    await example.open(SDKS);
    const partial = prompt('Port a v1 integration to v2');
    const more = partial.locator('details.op-prompt__more');
    const body = partial.locator('.op-prompt__body');
    await shown(body);
    const height = async () => (await more.boundingBox())?.height ?? 0;
    const closed = await height();
    const lineHeight = await body.evaluate((el) =>
      Number.parseFloat(getComputedStyle(el.querySelector('pre') ?? el).lineHeight),
    );
    // About ten lines of the prompt and the "Show more" line; the prompt has 14 and wraps.
    expect(closed / lineHeight).toBeLessThan(16);
    await partial.getByText('Show more').click();
    await expect.poll(height).toBeGreaterThan(closed * 1.3);
    await shown(partial.getByText('Show less'));
  });

  it('opens an assistant with the prompt’s text, the page’s actions offering assistants', async () => {
    await example.open(SDKS);
    const full = prompt('Write a first client for the Launch API');
    const claude = full.getByRole('link', { name: 'Open in Claude' });
    await shown(claude);
    const href = new URL((await claude.getAttribute('href')) ?? '');
    expect(href.origin).toBe('https://claude.ai');
    expect(href.searchParams.get('q')).toContain('ACME_API_KEY');
    await shown(full.getByRole('link', { name: 'Open in ChatGPT' }));
  });

  it('keeps a hidden prompt closed until its header is clicked', async () => {
    await example.open(SDKS);
    const hidden = prompt('Explain an error response');
    const body = hidden.locator('.op-prompt__body');
    await notShown(body);
    await hidden.locator('summary').click();
    await shown(body);
    await expect(hidden.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(true);
  });
});
