import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { BrowserContext, Page } from 'playwright-core';

/** The WCAG 2.2 A/AA rule tags the theme is held to. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Makes axe-core available on every page the context opens. */
export async function addAxe(context: BrowserContext): Promise<void> {
  const require = createRequire(import.meta.url);
  await context.addInitScript({
    content: await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'),
  });
}

/** axe-core's WCAG 2.2 AA violations on the page as it is now: `rule: element | element`. */
export function axeViolations(page: Page, context = 'html'): Promise<string[]> {
  return page.evaluate(
    async ({ context, tags }) => {
      type Violation = { id: string; nodes: { html: string; failureSummary?: string }[] };
      type Axe = { run(context: string, options: object): Promise<{ violations: Violation[] }> };
      const axe = (window as unknown as { axe: Axe }).axe;
      // Violations alone are read: axe then builds selectors for every node of those only,
      // not for each node that passed (a quarter of its time on the example's pages).
      const result = await axe.run(context, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return result.violations.map(
        (v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 160)).join(' | ')}`,
      );
    },
    { context, tags: WCAG_TAGS },
  );
}
