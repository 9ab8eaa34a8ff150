import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notShown, shown, useExampleBrowser } from '../helpers/browser.ts';

const MISSIONS = 'api/reference/missions/';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A real HTTP API on a port of its own (another origin than the docs): records what it got. */
async function startApi(
  cors: boolean,
): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (cors) {
        res.setHeader('Access-Control-Allow-Origin', req.headers.origin ?? '*');
        res.setHeader(
          'Access-Control-Allow-Headers',
          'authorization, content-type, idempotency-key',
        );
        res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PATCH, DELETE');
        res.setHeader('Access-Control-Expose-Headers', 'x-request-id');
      }
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
      received.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(201, { 'Content-Type': 'application/json', 'X-Request-Id': 'req_42' });
      res.end('{"id":"msn_test","state":"draft","payloads":[1,2]}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, received, server };
}

/** The "Test it" console on the example's API pages, in Chromium, against real HTTP servers. */
describe('the "Test it" console of an API operation', () => {
  const example = useExampleBrowser();
  let api: Awaited<ReturnType<typeof startApi>>;
  let closed: Awaited<ReturnType<typeof startApi>>;

  beforeAll(async () => {
    [api, closed] = await Promise.all([startApi(true), startApi(false)]);
  });
  afterAll(async () => {
    await Promise.all([api, closed].map((a) => new Promise((r) => a?.server.close(r))));
  });

  const operation = (name: string) =>
    example.page.locator('.op-openapi').filter({
      has: example.page.getByRole('heading', { name, exact: true }),
    });
  const consoleCode = (paths: string[]) => paths.filter((p) => /\/api-console[.-]/.test(p));

  it('loads none of its code until the first click, then sends the request the reader filled in', async () => {
    const page = await example.open(MISSIONS);
    await page.waitForLoadState('load');
    expect(consoleCode(example.requests)).toEqual([]);

    const create = operation('Create a mission');
    const loaded = page.waitForResponse((r) => /\/api-console\.[\w-]+\.js$/.test(r.url()));
    await create.getByRole('button', { name: 'Test it' }).click();
    await loaded;
    const dialog = page.getByRole('dialog', { name: /Create a mission/ });
    await shown(dialog);
    expect(consoleCode(example.requests).length).toBeGreaterThan(0);

    // From the spec: the optional idempotency key's example as a hint, the request example.
    const key = dialog.getByLabel(/^Idempotency-Key/);
    await expect.poll(() => key.getAttribute('placeholder')).toBe('6c1f0e2a-aurora-1');
    await key.fill('key-aurora-1');
    const body = await dialog.getByLabel(/^Request body/).inputValue();
    expect(JSON.parse(body)).toMatchObject({ name: 'aurora-1' });

    await dialog.getByLabel('URL', { exact: true }).fill(api.url);
    await dialog.getByLabel('bearerAuth: Token').fill('rk_test_secret');
    await dialog.getByRole('button', { name: 'Send' }).click();

    const result = dialog.getByRole('region', { name: 'Response' });
    await shown(result.getByText('201 Created'));
    await shown(result.getByText('"msn_test"'));
    expect(api.received).toHaveLength(1);
    const got = api.received[0] as Received;
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/v2/missions');
    expect(got.headers.authorization).toBe('Bearer rk_test_secret');
    expect(got.headers['idempotency-key']).toBe('key-aurora-1');
    expect(got.headers['content-type']).toBe('application/json');
    expect(JSON.parse(got.body)).toEqual(JSON.parse(body));
    // The JSON answer pretty-printed, and the header the API exposed.
    const shownBody = await result.locator('pre').innerText();
    expect(shownBody).toContain('  "state": "draft"');
    await result.getByText('Headers').click();
    await shown(result.getByText('req_42'));
    // Closing returns focus to the button; the token stays for the visit, in memory only.
    await page.keyboard.press('Escape');
    await expect
      .poll(() =>
        create
          .getByRole('button', { name: 'Test it' })
          .evaluate((b) => b === document.activeElement),
      )
      .toBe(true);
    const stored = await page.evaluate(() => ({
      local: JSON.stringify(localStorage),
      session: JSON.stringify(sessionStorage),
      cookie: document.cookie,
      url: location.href,
    }));
    expect(JSON.stringify(stored)).not.toContain('rk_test_secret');
  });

  it('names the server and credential pickers once, by their group', async () => {
    const page = await example.open(MISSIONS);
    await operation('Create a mission').getByRole('button', { name: 'Test it' }).click();
    const dialog = page.getByRole('dialog', { name: /Create a mission/ });
    await shown(dialog);
    // Two servers and two security alternatives: a picker each, named by its group's legend.
    const server = dialog.getByRole('combobox', { name: 'Server', exact: true });
    await shown(server);
    await expect(server.locator('option').count()).resolves.toBe(2);
    await shown(dialog.getByRole('combobox', { name: 'Authorization', exact: true }));
    const form = await dialog.locator('form').innerText();
    expect(form.match(/^Server$/gm)).toHaveLength(1);
    expect(form.match(/^Authorization$/gm)).toHaveLength(1);
    await page.keyboard.press('Escape');
    await notShown(dialog);
  });

  it('says in one sentence that the API must allow this origin when it sends no CORS headers', async () => {
    const page = await example.open(MISSIONS);
    await operation('List missions').getByRole('button', { name: 'Test it' }).click();
    const dialog = page.getByRole('dialog', { name: /List missions/ });
    await shown(dialog);
    await dialog.getByLabel('URL', { exact: true }).fill(closed.url);
    await dialog.getByRole('button', { name: 'Send' }).click();
    const origin = new URL(example.server.url).origin;
    await shown(dialog.getByRole('alert').filter({ hasText: `allow requests from ${origin}` }));
    // The request did reach the server: the browser withheld the answer.
    await expect.poll(() => closed.received.length).toBe(1);
  });

  it('lays the samples beside the parameters at 1440 px, and stacks them on a phone', async () => {
    const page = await example.open();
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(example.at(MISSIONS));
    const operations = page.locator('.op-openapi:has(.op-openapi__main .op-openapi__field)');
    const count = await operations.count();
    expect(count).toBeGreaterThan(4);
    for (let i = 0; i < count; i++) {
      const op = operations.nth(i);
      const param = op.locator('.op-openapi__main .op-openapi__field').first();
      await param.evaluate((e) => e.scrollIntoView({ block: 'end' }));
      const sample = op.locator('.op-openapi__aside .op-tabs__panel:not([hidden]) pre').first();
      await shown(sample);
      const [p, s] = await Promise.all([param.boundingBox(), sample.boundingBox()]);
      if (!p || !s) throw new Error('no box');
      expect(s.x, `operation ${i}`).toBeGreaterThan(p.x + p.width);
      expect(s.y + 40, `operation ${i}: its sample's top in view`).toBeLessThan(1000);
      expect(s.y, `operation ${i}`).toBeGreaterThanOrEqual(0);
    }
    await page.setViewportSize({ width: 390, height: 844 });
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
    const first = operations.first();
    const [spec, aside] = await Promise.all([
      first.locator('.op-openapi__main').boundingBox(),
      first.locator('.op-openapi__aside').boundingBox(),
    ]);
    expect(aside?.y ?? 0).toBeGreaterThanOrEqual((spec?.y ?? 0) + (spec?.height ?? 0));
  });

  it('loads nothing of the operations on a page without them', async () => {
    const page = await example.open('getting-started/');
    await page.waitForLoadState('load');
    expect(example.requests.filter((p) => /Operations|api-console/.test(p))).toEqual([]);
    await expect(page.locator('[data-op-try-open]').count()).resolves.toBe(0);
  });
});
