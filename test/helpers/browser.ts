import { existsSync } from 'node:fs';
import { type Browser, chromium, type Locator } from 'playwright-core';

/** Debian's Chromium (README: `apt-get install -y chromium`); nothing is downloaded. */
export const CHROMIUM = process.env.OFFPRINT_CHROMIUM ?? '/usr/bin/chromium';

export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM);
}

/** Headless Chromium that makes no request of its own to the outside. */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
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
