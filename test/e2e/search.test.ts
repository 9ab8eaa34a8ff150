import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaticServer } from '../../src/serve/static.ts';
import { axeViolations } from '../helpers/axe.ts';
import {
  launchBrowser,
  notShown,
  requireChromium,
  searchSettled,
  shown,
} from '../helpers/browser.ts';
import { serveExample } from '../helpers/built-site.ts';

/** The search dialog on the built example (served under /docs/), in a real Chromium. */
describe('searching the built example', () => {
  let browser: Browser;
  let server: StaticServer;
  let page: Page;
  let requests: string[] = [];
  const at = (path: string) => new URL(path, server.url).href;
  const dialog = () => page.locator('dialog[data-op-search]');
  const input = () => page.locator('#op-search-input');
  const options = () => dialog().locator('[role="option"]');

  /** Types `term` and waits for the search to settle. */
  async function search(term: string): Promise<void> {
    await input().fill(term);
    await settled(term);
  }

  /** Waits until the results for `term` are shown (the status says how it went). */
  const settled = (term: string) => searchSettled(page, term);

  const resultTitles = () =>
    dialog().locator('.op-search__result:not(.op-search__result--sub) .op-search__result-title');

  beforeAll(async () => {
    requireChromium();
    server = (await serveExample()).server;
    browser = await launchBrowser();
  });
  beforeEach(async () => {
    await page?.close();
    page = await browser.newPage();
    page.setDefaultTimeout(8000);
    requests = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('loads Pagefind only when the dialog opens', async () => {
    await page.goto(at('getting-started/install/'));
    expect(requests.filter((path) => path.includes('/pagefind/'))).toEqual([]);
    await page.getByRole('button', { name: 'Search' }).click();
    await shown(dialog());
    await expect
      .poll(() => requests.includes('/docs/pagefind/pagefind-worker.js'), { timeout: 8000 })
      .toBe(true);
  });

  it('finds a page by a word on it, with its section, variant and a highlighted excerpt; Enter opens it', async () => {
    // The Telemetry kit section shows (and is searched) only for beta visitors (adaptive content).
    await page.goto(at('?visitor.beta=true'));
    await page.getByRole('button', { name: 'Search' }).click();
    await search('Sandpiper');
    // Sandpiper is on the telemetry kit's pages only: widen from Guides v2 to find it.
    await expect(options().count()).resolves.toBe(0);
    await dialog().getByLabel('Search the whole site').check();
    await page.waitForFunction(
      () => document.querySelectorAll('dialog[data-op-search] [role="option"]').length > 0,
    );
    const first = dialog().locator('.op-search__result').first();
    // Where the page is, by title: the section, then the pages above it, as its breadcrumbs.
    const where = await first.locator('.op-search__result-meta').textContent();
    expect(where).toMatch(/^Telemetry kit( \/ |$)/);
    await expect(first.locator('mark').first().textContent()).resolves.toMatch(/sandpiper/i);
    const href = await first.getAttribute('href');
    expect(href).toMatch(/^\/docs\/telemetry\//);
    await input().press('Enter');
    // Results carry the words found, for the page to mark (test/e2e/page-fidelity.test.ts).
    const target = new URL(href as string, server.url);
    expect(target.searchParams.get('pagefind-highlight')).toMatch(/^sandpiper$/i);
    await page.waitForURL((url) => url.pathname === target.pathname);
    await expect(page.locator('main').textContent()).resolves.toMatch(/Sandpiper/);
    const trail = await page.locator('.op-breadcrumbs li').allTextContents();
    expect(where).toBe(trail.map((title) => title.trim()).join(' / '));
  });

  it('links the headings that matched (Pagefind sub-results) to their anchors', async () => {
    await page.goto(at(''));
    await page.keyboard.press('Control+k');
    await search('Kittiwake');
    const titles = await resultTitles().allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    await expect(
      dialog().locator('.op-search__result-meta').first().textContent(),
    ).resolves.toMatch(/^Guides \/ v2( \/ |$)/);
    const subs = await dialog()
      .locator('.op-search__result--sub')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(subs.length).toBeGreaterThan(0);
    for (const href of subs)
      expect(href).toMatch(/^\/docs\/([\w-]+\/)*\?pagefind-highlight=kittiwake#[\w-]+$/i);
  });

  it('finds an API operation by its method and path, and by a field of its request body', async () => {
    await page.goto(at('api/'));
    await page.keyboard.press('Control+k');
    await search('POST /v2/missions');
    // The guide that shows the call, and the reference page drawn from the spec.
    await expect(resultTitles().allTextContents()).resolves.toContain('Mission operations');
    // The operation's title is a heading: a sub-result leads to it.
    const subs = await dialog()
      .locator('.op-search__result--sub')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(subs).toContainEqual(
      expect.stringMatching(/\/api\/reference\/missions\/.*#create-a-mission$/),
    );
    // `earliestLaunch` is a field of the spec's request body, written nowhere else.
    await search('earliestLaunch');
    await expect(resultTitles().allTextContents()).resolves.toEqual(['Mission operations']);
  });

  it("shows an operation's method beside it, as its text, in the operation line's badge", async () => {
    await page.goto(at('api/reference/missions/'));
    await page.keyboard.press('Control+k');
    await search('Create a mission');
    // The operation is a heading of "Mission operations": its sub-result, first of the page's
    // headings as it is titled as the query, carries the method. The guide "Missions" has a
    // heading of that name too, which is no operation.
    const operation = dialog().locator(
      '.op-search__result--sub[href*="/api/reference/missions/"][href$="#create-a-mission"]',
    );
    const badge = operation.locator('.op-search__method');
    await expect(badge.textContent()).resolves.toBe('POST');
    await expect(badge.getAttribute('class')).resolves.toContain('op-openapi__method--post');
    // Read out with the title: the method is said, not only coloured.
    await shown(dialog().getByRole('option', { name: /^POST Create a mission\b/ }));
    // In the line of the title, no taller than the title alone.
    const [line, title] = await Promise.all([
      operation.locator('.op-search__result-line').boundingBox(),
      operation.locator('.op-search__result-title').boundingBox(),
    ]);
    expect(line?.height).toBeLessThanOrEqual((title?.height ?? 0) + 0.5);
    // The badge is the operation line's: the same colours as on the page.
    const colours = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => {
          const style = getComputedStyle(el);
          return [style.color, style.backgroundColor, style.borderColor];
        });
    await expect(colours('.op-search__method.op-openapi__method--post')).resolves.toEqual(
      await colours('.op-openapi__operation .op-openapi__method--post'),
    );
    // A heading that is not an operation has none.
    await search('List and create');
    await shown(dialog().locator('.op-search__result--sub[href$="#list-and-create"]'));
    await expect(
      dialog()
        .locator('.op-search__result--sub[href$="#list-and-create"] .op-search__method')
        .count(),
    ).resolves.toBe(0);
  });

  it('has no WCAG 2.2 AA violations with method badges shown, light and dark', async () => {
    const require = createRequire(import.meta.url);
    const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto(at('api/'));
      await page.keyboard.press('Control+k');
      await search('mission');
      await shown(dialog().locator('.op-search__method').first());
      await page.addScriptTag({ content: axeSource });
      await expect(axeViolations(page, 'dialog[data-op-search]'), colorScheme).resolves.toEqual([]);
    }
  });

  it('does not find the hidden page', async () => {
    await page.goto(at(''));
    await page.keyboard.press('Control+k');
    await dialog().getByLabel('Search the whole site').check();
    // "Escalation" is on operations/range-safety-runbook (hidden, noIndex) only.
    await search('escalation');
    await expect(options().count()).resolves.toBe(0);
    await expect(dialog().locator('[data-op-search-status]').textContent()).resolves.toBe(
      'No results',
    );
  });

  it("keeps to the reader's variant until the search is widened to the whole site", async () => {
    await page.goto(at('getting-started/install/'));
    await page.keyboard.press('Control+k');
    // Marlinspike is in guides v1 only; the reader is in v2.
    await search('Marlinspike');
    await expect(options().count()).resolves.toBe(0);
    await dialog().getByLabel('Search the whole site').check();
    await page.waitForFunction(
      () => document.querySelectorAll('dialog[data-op-search] [role="option"]').length > 0,
    );
    const hrefs = await dialog()
      .locator('.op-search__result:not(.op-search__result--sub)')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toMatch(/^\/docs\/guides\/v1\//);
    await expect(
      dialog().locator('.op-search__result-meta').first().textContent(),
    ).resolves.toMatch(/^Guides \/ v1\b/);
  });

  it('works from the keyboard alone: / opens, arrows choose, Enter follows, Escape closes', async () => {
    await page.goto(at('concepts/'));
    const opener = page.getByRole('button', { name: 'Search' });
    // Escape returns focus to what had it: the header control, reached by Tab.
    await opener.focus();
    await page.keyboard.press('Enter');
    await shown(dialog());
    await expect(page.evaluate(() => document.activeElement?.id)).resolves.toBe('op-search-input');
    await page.keyboard.press('Escape');
    await notShown(dialog());
    await expect(
      page.evaluate(() => document.activeElement?.hasAttribute('data-op-search-open')),
    ).resolves.toBe(true);

    await page.locator('body').click({ position: { x: 5, y: 200 } });
    await page.keyboard.press('/');
    await shown(dialog());
    await page.keyboard.type('Kittiwake');
    await settled('Kittiwake');
    const count = await options().count();
    expect(count).toBeGreaterThan(1);
    const activeId = () => input().getAttribute('aria-activedescendant');
    const first = await activeId();
    await page.keyboard.press('ArrowDown');
    const second = await activeId();
    expect(second).not.toBe(first);
    await expect(page.locator(`#${second}`).getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('ArrowUp');
    await expect(activeId()).resolves.toBe(first);
    await page.keyboard.press('ArrowUp');
    // Wraps around to the last option.
    const last = await options().last().getAttribute('id');
    await expect(activeId()).resolves.toBe(last);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const href = (await page.locator(`#${await activeId()}`).getAttribute('href')) as string;
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => `${url.pathname}${url.search}${url.hash}` === href);
  });

  it('puts the page titled as the query first, counts one page as "1 page", and uses the screen\'s height', async () => {
    // Pagefind alone ranked "Telemetry webhooks" above "Telemetry" for "Telemetry".
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(at('api/'));
    await page.keyboard.press('Control+k');
    await search('Telemetry');
    await expect(resultTitles().first().textContent()).resolves.toBe('Telemetry');
    const box = await dialog().boundingBox();
    expect(box?.height ?? 0).toBeGreaterThan(700);
    await page.goto(at('getting-started/install/'));
    await page.keyboard.press('Control+k');
    await search('barycentre');
    await expect(dialog().locator('[data-op-search-status]').textContent()).resolves.toBe(
      '1 page found',
    );
  });

  it('opens full screen on a phone, with no keyboard hints', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(at('getting-started/install/'));
    await page.getByRole('button', { name: 'Search' }).click();
    await search('rocketctl');
    await expect(dialog().boundingBox()).resolves.toMatchObject({
      x: 0,
      y: 0,
      width: 390,
      height: 844,
    });
    await notShown(dialog().locator('.op-search__help'));
    await shown(dialog().getByRole('button', { name: 'Close search' }));
  });

  it("marks a result's words on the page it opens, never inside a diagram", async () => {
    // An HTML <mark> inside SVG is not drawn: "Select Mermaid" read "Select" after a search.
    const diagrams = () =>
      page.locator('.op-article svg').evaluateAll((svgs) => svgs.map((svg) => svg.outerHTML));
    await page.goto(at('concepts/mission-lifecycle/'));
    const drawn = await diagrams();
    expect(drawn.length).toBeGreaterThan(1);
    expect(drawn.some((svg) => /Mission/.test(svg))).toBe(true);
    await page.goto(at('concepts/mission-lifecycle/?pagefind-highlight=mission'));
    await page.locator('.op-article mark.op-search-mark').first().waitFor();
    await expect(page.locator('.op-article svg mark, pre.mermaid mark').count()).resolves.toBe(0);
    await expect(diagrams()).resolves.toEqual(drawn);
  });

  it('has no WCAG 2.2 AA violations (axe-core) with the dialog open and results shown', async () => {
    const require = createRequire(import.meta.url);
    const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
    await page.goto(at('getting-started/install/'));
    await page.keyboard.press('Control+k');
    await search('rocketctl');
    expect(await options().count()).toBeGreaterThan(0);
    await page.addScriptTag({ content: axeSource });
    const violations = await page.evaluate(async () => {
      type Violation = { id: string; nodes: { html: string }[] };
      type Axe = {
        run(context: string, options: object): Promise<{ violations: Violation[] }>;
      };
      const axe = (window as unknown as { axe: Axe }).axe;
      const result = await axe.run('dialog[data-op-search]', {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      });
      return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
    });
    expect(violations).toEqual([]);
  });
});
