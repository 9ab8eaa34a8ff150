import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { notShown, searchSettled, shown, useExampleBrowser } from '../helpers/browser.ts';

/**
 * Adaptive content on the built example, in a real Chromium: the Telemetry kit section has the
 * condition `visitor.claims.unsigned.beta == true`, and concepts/payloads has an
 * `{% if visitor.claims.unsigned.plan == "enterprise" %}` region (examples/site).
 */
describe('adaptive content on the built example', () => {
  const example = useExampleBrowser();
  const at = (path: string) => example.at(path);
  let page: Page;
  const hardware = () => page.locator('[data-op-tab-group]');
  const enterpriseHint = () =>
    page.getByText('Enterprise contracts include one free mass-limit waiver');

  /** A fresh visitor: no session storage, and the `offprint_visitor` cookie when given. */
  async function visitor(cookie?: unknown): Promise<void> {
    const cookies =
      cookie === undefined
        ? undefined
        : [{ name: 'offprint_visitor', value: encodeURIComponent(JSON.stringify(cookie)) }];
    page = await example.open(undefined, cookies ? { cookies } : {});
  }

  /** The adaptive script has run on the current page. */
  const evaluated = () =>
    page.waitForFunction(() => document.documentElement.hasAttribute('data-op-hidden-scope'));

  it('hides the conditioned section, its pages and the region from a visitor without claims', async () => {
    await visitor();
    await page.goto(at(''));
    await evaluated();
    await notShown(hardware());
    await shown(page.getByRole('link', { name: 'API reference' }));

    await page.goto(at('telemetry/'));
    await evaluated();
    await shown(page.getByRole('status').filter({ hasText: 'not available' }));
    await notShown(page.locator('.op-article'));
    await notShown(page.locator('.op-nav'));

    await page.goto(at('concepts/payloads/'));
    await evaluated();
    await notShown(enterpriseHint());
    await shown(page.locator('.op-article'));
  });

  it('shows the section for ?visitor.beta=true, and keeps it through navigation', async () => {
    await visitor();
    await page.goto(at('?visitor.beta=true'));
    await evaluated();
    await shown(hardware());
    await hardware().locator('summary').click();
    await hardware()
      .getByRole('link', { name: /Telemetry kit/ })
      .click();
    await page.waitForURL(/\/docs\/telemetry\/$/);
    await evaluated();
    await notShown(page.locator('[data-op-unavailable]'));
    await shown(page.locator('.op-article'));
    // Onwards without the parameter: the session remembers it.
    await page.getByRole('link', { name: 'API reference' }).click();
    await page.waitForURL(/\/docs\/api\/$/);
    await evaluated();
    await shown(hardware());
    // A value that is not a boolean is dropped, and the URL's claim replaces the session's.
    await page.goto(at('?visitor.beta=yes'));
    await evaluated();
    await notShown(hardware());
  });

  it('shows the {% if %} region for ?visitor.plan=enterprise only, through navigation', async () => {
    await visitor();
    await page.goto(at('concepts/payloads/?visitor.plan=pro'));
    await evaluated();
    await notShown(enterpriseHint());
    await page.goto(at('concepts/payloads/?visitor.plan=enterprise'));
    await evaluated();
    await shown(enterpriseHint());
    await page.goto(at(''));
    await page.goto(at('concepts/payloads/'));
    await evaluated();
    await shown(enterpriseHint());
    // The section's condition is on another claim: still hidden.
    await notShown(hardware());
  });

  it('reads the claims from the offprint_visitor cookie', async () => {
    await visitor({ unsigned: { beta: true, plan: 'enterprise' } });
    await page.goto(at('concepts/payloads/'));
    await evaluated();
    await shown(hardware());
    await shown(enterpriseHint());
    await page.goto(at('telemetry/'));
    await evaluated();
    await shown(page.locator('.op-article'));

    // A cookie whose values do not fit the schema's types counts for nothing.
    await visitor({ unsigned: { beta: 'sure', plan: 7 } });
    await page.goto(at('concepts/payloads/'));
    await evaluated();
    await notShown(hardware());
    await notShown(enterpriseHint());
  });

  async function searchWholeSite(term: string): Promise<string[]> {
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    const dialog = page.locator('dialog[data-op-search]');
    await dialog.getByLabel('Search the whole site').check();
    await page.locator('#op-search-input').fill(term);
    await searchSettled(page, term);
    const hrefs = await dialog
      .locator('.op-search__result:not(.op-search__result--sub)')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    await page.keyboard.press('Escape');
    return hrefs;
  }

  it('leaves the hidden section out of search while it is hidden', async () => {
    // Sandpiper is a word of the telemetry kit's pages only (examples/README.md).
    await visitor();
    await page.goto(at(''));
    await evaluated();
    await expect(searchWholeSite('Sandpiper')).resolves.toEqual([]);
    // Other sections are still searched with the exclusion in place.
    const launch = await searchWholeSite('Marlinspike');
    expect(launch.length).toBeGreaterThan(0);

    await visitor();
    await page.goto(at('?visitor.beta=true'));
    await evaluated();
    const found = await searchWholeSite('Sandpiper');
    expect(found.length).toBeGreaterThan(0);
    for (const href of found) expect(href).toMatch(/^\/docs\/telemetry\//);
  });
});
