import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../helpers/axe.ts';
import { notShown, shown, useExampleBrowser } from '../helpers/browser.ts';

const TELEMETRY = 'api/reference/telemetry/';

interface Received {
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A real HTTP API on another origin that allows any header it is asked for, and records. */
async function startApi(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
      res.setHeader(
        'Access-Control-Allow-Headers',
        req.headers['access-control-request-headers'] ?? '',
      );
      res.setHeader('Access-Control-Allow-Methods', 'POST');
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
      received.push({
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      const events = Array.from({ length: 40 }, (_, i) => ({
        id: `evt_${i}`,
        type: 'stage.separation',
      }));
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ data: events, next: null }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, server };
}

/** Whether `locator`'s box lies inside the window (`whole`), or at least its top does. */
async function inViewport(page: Page, locator: Locator, whole: boolean): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  const inside = box.x >= 0 && box.x + box.width <= size.width && box.y >= 0;
  return inside && (whole ? box.y + box.height <= size.height : box.y < size.height - 40);
}

/**
 * "Test it" on an operation with 100 parameters (the example's Search events, in path, query,
 * header and cookie, and a JSON body): Send in view as the dialog opens, the answer in view and
 * focused after it, at a desktop's and a phone's size, light and dark.
 */
describe('the "Test it" console of an operation with 100 parameters', () => {
  const example = useExampleBrowser();
  let api: Awaited<ReturnType<typeof startApi>>;

  beforeAll(async () => {
    api = await startApi();
  });
  afterAll(async () => {
    await new Promise((r) => api?.server.close(r));
  });

  async function openSearchEvents(
    size: { width: number; height: number },
    colorScheme: 'light' | 'dark' = 'light',
    axe = false,
  ) {
    const page = await example.open(undefined, { colorScheme, axe });
    await page.setViewportSize(size);
    await page.goto(example.at(TELEMETRY));
    const operation = page.locator('.op-openapi').filter({
      has: page.getByRole('heading', { name: 'Search events', exact: true }),
    });
    await operation.getByRole('button', { name: 'Test it' }).click();
    const dialog = page.getByRole('dialog', { name: /Search events/ });
    await shown(dialog);
    return { page, dialog, operation };
  }

  for (const size of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`keeps Send in view and brings the answer to the reader, focused, at ${size.width} × ${size.height} (${scheme})`, async () => {
        const { page, dialog } = await openSearchEvents(size, scheme);
        const send = dialog.getByRole('button', { name: 'Send' });
        await shown(send);
        // In the window as the dialog opens, without any scrolling.
        await expect.poll(() => inViewport(page, send, true), { timeout: 10_000 }).toBe(true);
        const required = await dialog.locator('input:required').count();
        expect(required).toBeGreaterThanOrEqual(4); // URL, missionId, from, X-Acme-Tenant

        const before = api.received.length;
        await dialog.getByLabel('URL', { exact: true }).fill(api.url);
        await send.click();
        const answer = dialog.getByRole('region', { name: 'Response' });
        await shown(answer.getByText('200 OK', { exact: true }));
        await expect
          .poll(() => answer.evaluate((a) => a.contains(document.activeElement)), {
            timeout: 10_000,
          })
          .toBe(true);
        await expect.poll(() => inViewport(page, answer, false), { timeout: 10_000 }).toBe(true);
        // Beside the request on a wide screen; below the Send bar on a phone.
        const [a, s] = await Promise.all([answer.boundingBox(), send.boundingBox()]);
        if (!a || !s) throw new Error('no box');
        if (size.width > 800) expect(a.x).toBeGreaterThan(s.x + s.width);
        else expect(a.y).toBeGreaterThanOrEqual(s.y + s.height);
        // Its status was said by a live region.
        await expect
          .poll(() => dialog.getByRole('status').filter({ hasText: '200 OK' }).count())
          .toBe(1);

        // The request carried the required values the spec gave, and the body.
        await expect.poll(() => api.received.length).toBe(before + 1);
        const got = api.received.at(-1) as Received;
        expect(got.url).toMatch(/^\/v2\/missions\/msn_01J9Z3\/events\/search\?from=2025-03-04T02/);
        expect(got.headers['x-acme-tenant']).toBe('acme-ops');
        expect(JSON.parse(got.body)).toMatchObject({ highlight: true });
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(size.width);
      });
    }
  }

  it('folds each group’s optional parameters under their count, and unfolds them', async () => {
    const { dialog } = await openSearchEvents({ width: 1440, height: 900 });
    const query = dialog.getByRole('group', { name: 'Query parameters' });
    const fold = query.getByText('Optional (89)', { exact: true });
    await shown(fold);
    const velocity = dialog.getByLabel('velocity.min', { exact: true });
    // Required ones first and open; the optional ones folded.
    await shown(dialog.getByLabel('from (required)', { exact: true }));
    await notShown(velocity);
    await fold.click();
    await shown(velocity);
    await fold.click();
    await notShown(velocity);
    await shown(dialog.getByRole('group', { name: 'Header parameters' }).getByText('Optional (5)'));
    await shown(dialog.getByRole('group', { name: 'Cookie parameters' }).getByText('Optional (3)'));
  });

  it('narrows the inputs to the names the filter holds, opening folds while it does', async () => {
    const { dialog } = await openSearchEvents({ width: 1440, height: 900 });
    const groups = dialog.locator('fieldset[data-op-console-in]');
    const visibleInputs = () =>
      groups
        .locator('input')
        .evaluateAll((inputs) => inputs.filter((i) => i.checkVisibility()).length);
    await expect.poll(visibleInputs).toBe(3); // missionId, from, X-Acme-Tenant: the rest folded
    const filter = dialog.getByRole('searchbox', { name: 'Filter parameters' });
    await filter.fill('altitude');
    await expect.poll(visibleInputs).toBe(2);
    await shown(dialog.getByLabel('altitude.max', { exact: true }));
    await notShown(dialog.getByRole('group', { name: 'Path parameters' }));
    await filter.fill('no-such-parameter');
    await expect.poll(visibleInputs).toBe(0);
    await shown(dialog.getByRole('status').filter({ hasText: 'No parameter matches' }));
    await filter.fill('');
    await expect.poll(visibleInputs).toBe(3);
    await notShown(dialog.getByLabel('altitude.max', { exact: true }));
  });

  it('shows the request as curl with its JSON body indented, credentials masked, in the console and the samples', async () => {
    const { dialog, operation } = await openSearchEvents({ width: 1440, height: 900 });
    await dialog.getByLabel('bearerAuth: Token').fill('rk_test_hidden');
    await dialog.getByText('curl', { exact: true }).click();
    const code = dialog.locator('.op-console__curl pre');
    await expect.poll(() => code.innerText()).toContain('--data \'{\n    "match": {');
    const text = await code.innerText();
    expect(text).toContain("--header 'X-Acme-Tenant: acme-ops'");
    expect(text).toContain("--header 'Authorization: Bearer <Token>'");
    expect(text).toMatch(/\n {2}\}'$/);
    expect(text).not.toContain('rk_test_hidden');
    // It follows the form.
    await dialog.getByLabel('X-Acme-Tenant (required)').fill('acme-night');
    await expect.poll(() => code.innerText()).toContain('X-Acme-Tenant: acme-night');
    await dialog.page().keyboard.press('Escape');
    await notShown(dialog);
    // The page's own curl sample, indented alike.
    const sample = operation.locator('.op-openapi__aside pre').filter({ hasText: 'curl ' }).first();
    await expect.poll(() => sample.innerText()).toContain('--data \'{\n    "match": {');
  });

  for (const scheme of ['light', 'dark'] as const) {
    it(`finds no accessibility violation in the open console, a fold open and an answer shown (${scheme})`, async () => {
      const { page, dialog } = await openSearchEvents({ width: 1440, height: 900 }, scheme, true);
      await dialog
        .getByRole('group', { name: 'Query parameters' })
        .getByText('Optional (89)')
        .click();
      await dialog.getByText('curl', { exact: true }).click();
      await dialog.getByLabel('URL', { exact: true }).fill(api.url);
      await dialog.getByRole('button', { name: 'Send' }).click();
      await shown(
        dialog.getByRole('region', { name: 'Response' }).getByText('200 OK', { exact: true }),
      );
      await expect(axeViolations(page)).resolves.toEqual([]);
    });
  }
});
