import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shown, useExampleBrowser } from '../helpers/browser.ts';

const SCREENSHOTS = path.resolve('test-results/screenshots');
const MISSIONS = 'api/reference/missions/';

/** An API reference page of the built example, as a reader uses it in Chromium. */
describe('an API reference page drawn from its OpenAPI spec', () => {
  const example = useExampleBrowser();

  /** The "Create a mission" operation's block. */
  const createMission = () =>
    example.page.locator('.op-openapi').filter({
      has: example.page.getByRole('heading', { name: 'Create a mission', exact: true }),
    });

  it('switches code samples by tab and copies the shown sample', async () => {
    const page = await example.open();
    await example.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(example.server.url).origin,
    });
    await page.goto(example.at(MISSIONS));
    const samples = createMission()
      .locator('.op-openapi__section')
      .filter({ has: page.getByRole('heading', { name: 'Code samples' }) });
    const tabs = samples.getByRole('tablist').getByRole('tab');
    // The spec's own x-codeSamples first, then the generated ones.
    await expect(tabs.allInnerTexts()).resolves.toEqual([
      'rocketctl',
      'Go SDK',
      'curl',
      'JavaScript',
      'Python',
    ]);
    const python = tabs.nth(4);
    await python.click();
    await expect.poll(() => python.getAttribute('aria-selected')).toBe('true');
    const panel = page.locator(`#${await python.getAttribute('aria-controls')}`);
    await shown(panel);
    await expect(samples.locator('[role="tabpanel"]:visible').count()).resolves.toBe(1);
    const code = await panel.locator('code').innerText();
    expect(code).toContain('requests.post(');
    await panel.getByRole('button', { name: 'Copy code' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(code);
  });

  it('unfolds a nested schema, which starts folded', async () => {
    const page = await example.open(MISSIONS);
    const orbit = createMission()
      .locator('.op-openapi__field')
      .filter({
        has: page.locator('.op-openapi__field-name', { hasText: /^orbit$/ }),
      });
    const nested = orbit.first().locator('details.op-openapi__children').first();
    await expect(nested.evaluate((d) => (d as HTMLDetailsElement).open)).resolves.toBe(false);
    await nested.locator('summary').click();
    await expect.poll(() => nested.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    await shown(nested.locator('.op-openapi__field').first());
    await createMission().screenshot({ path: path.join(SCREENSHOTS, 'openapi-operation.png') });
  });

  // Every API page with every fold open is checked by axe in both schemes, with the rest of the
  // site, in test/e2e/axe.test.ts.
});
