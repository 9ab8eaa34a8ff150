import { existsSync } from 'node:fs';
import {
  type Browser,
  type BrowserContext,
  type Cookie,
  chromium,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from '../../src/pdf/chromium.ts';
import type { StaticServer } from '../../src/serve/static.ts';
import { addAxe } from './axe.ts';
import { serveExample } from './built-site.ts';

/**
 * Debian's Chromium (README: `apt-get install -y chromium chromium-headless-shell`); nothing is
 * downloaded. The one Offprint itself would start: the headless shell where it is installed (the
 * same Blink with about a fifth less CPU per page, which the browser tests spend most of the
 * suite's time on), else `chromium`.
 */
export const CHROMIUM = process.env.OFFPRINT_CHROMIUM ?? findChromium() ?? '/usr/bin/chromium';

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

/** Fails the file at once, naming the set-up step, when there is no Chromium to test with. */
export function requireChromium(): void {
  if (!chromiumAvailable())
    throw new Error(
      `no Chromium at ${CHROMIUM}: apt-get install -y chromium chromium-headless-shell (see README)`,
    );
}

/** Headless Chromium that makes no request of its own to the outside. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // Offprint's own flags (text unhinted, as a desktop browser sets it), and no request of
    // the browser's own.
    args: [...CHROMIUM_ARGS, '--disable-quic', '--disable-component-update', '--disable-sync'],
  });
}

/**
 * Waits until `locator` is visible: the state a page reaches after an action, asserted by
 * waiting for it (reading visibility once races the page's scripts and requests).
 * Fails with Playwright's timeout error, which names the locator.
 */
export async function shown(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.waitFor({ state: 'visible', timeout });
}

/** Waits until `locator` is hidden or gone (see `shown`). */
export async function notShown(locator: Locator, timeout = 10_000): Promise<void> {
  await locator.waitFor({ state: 'hidden', timeout });
}

export interface OpenOptions {
  colorScheme?: 'light' | 'dark';
  /** Inject axe-core into every page of the context (for `axeViolations`). */
  axe?: boolean;
  cookies?: Pick<Cookie, 'name' | 'value'>[];
}

/** The built example served and a Chromium to read it with, for one test file. */
export interface ExampleBrowser {
  readonly browser: Browser;
  readonly server: StaticServer;
  readonly outDir: string;
  /** The page `open` made last (closed after each test). */
  readonly page: Page;
  readonly context: BrowserContext;
  /** Paths the current page has requested since `open`. */
  readonly requests: string[];
  /** The absolute URL of a path below the server's root (`getting-started/install/`). */
  at(path: string): string;
  /** A fresh visitor: a new context (no cookies, no storage) and page; `url` is visited. */
  open(url?: string, options?: OpenOptions): Promise<Page>;
}

/**
 * Serves the example the global setup built and launches Chromium for the test file (vitest
 * hooks: once per file; each test's context is closed after it). Fails loudly without Chromium.
 */
export function useExampleBrowser(): ExampleBrowser {
  let browser: Browser | undefined;
  let served: { server: StaticServer; outDir: string } | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let requests: string[] = [];
  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`${what} is not ready: call open() in a test`);
    return value;
  };

  beforeAll(async () => {
    requireChromium();
    served = await serveExample();
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await browser?.close();
    await served?.server.close();
  });

  const example: ExampleBrowser = {
    get browser() {
      return need(browser, 'the browser');
    },
    get server() {
      return need(served, 'the server').server;
    },
    get outDir() {
      return need(served, 'the server').outDir;
    },
    get page() {
      return need(page, 'the page');
    },
    get context() {
      return need(context, 'the context');
    },
    get requests() {
      return requests;
    },
    at: (path) => new URL(path, example.server.url).href,
    async open(url, options = {}) {
      await context?.close();
      context = await example.browser.newContext({ colorScheme: options.colorScheme ?? 'light' });
      if (options.axe) await addAxe(context);
      if (options.cookies) {
        const origin = example.server.url;
        await context.addCookies(options.cookies.map((c) => ({ ...c, url: origin })));
      }
      const opened = await context.newPage();
      opened.setDefaultTimeout(8000);
      requests = [];
      opened.on('request', (request) => requests.push(new URL(request.url()).pathname));
      page = opened;
      if (url !== undefined) await opened.goto(example.at(url));
      return opened;
    },
  };
  return example;
}

/**
 * Waits until the search dialog shows its answer for `term`: the field holds it, the dialog is
 * not busy and the status says how the search went (results, or none).
 */
export async function searchSettled(page: Page, term: string): Promise<void> {
  await page.waitForFunction(
    (value) => {
      const box = document.querySelector('dialog[data-op-search]');
      const status = box?.querySelector('[data-op-search-status]')?.textContent ?? '';
      const field = document.querySelector<HTMLInputElement>('#op-search-input');
      return (
        field?.value === value &&
        !box?.hasAttribute('aria-busy') &&
        status !== '' &&
        status !== 'Searching…'
      );
    },
    term,
    { timeout: 8000 },
  );
}
