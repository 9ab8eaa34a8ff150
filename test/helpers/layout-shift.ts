import type { BrowserContext, Page } from 'playwright-core';

/**
 * Cumulative layout shift as a reader's Chromium records it: `recordLayoutShift` sums every
 * shift not caused by input on each page the context opens, from its first paint; `layoutShift`
 * reads the sum so far. Used by the image and font tests and by `npm run bench`.
 */
export async function recordLayoutShift(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const store = window as unknown as { offprintShift: number };
    store.offprintShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as {
        value: number;
        hadRecentInput: boolean;
      }[])
        if (!entry.hadRecentInput) store.offprintShift += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { offprintShift: number }).offprintShift);
}
