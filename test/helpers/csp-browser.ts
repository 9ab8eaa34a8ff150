import type { BrowserContext, Page } from 'playwright-core';

/**
 * Content-Security-Policy violations a page reports (`securitypolicyviolation`), recorded from
 * before its first script in every page of `context`, and read back by `violations(page)`.
 */
export async function recordViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(
        `${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
}

export function violations(page: Page): Promise<string[]> {
  return page.evaluate(() => [
    ...((window as unknown as { __violations?: string[] }).__violations ?? []),
  ]);
}
