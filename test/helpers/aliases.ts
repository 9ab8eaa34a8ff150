/**
 * An alias page (a second URL of a page) moves on by a meta refresh once it has loaded. A walk
 * over the built files must wait for that move: left alone, it lands in the middle of the walk's
 * next `goto` and cuts it short.
 */
import { fromHtml } from 'hast-util-from-html';
import { select } from 'hast-util-select';
import type { Page, Response } from 'playwright-core';

/** Where an alias page's meta refresh sends the reader, resolved against its URL; none for a page. */
export function aliasTarget(html: string, pageUrl: string): string | undefined {
  const content = select('meta[http-equiv="refresh"]', fromHtml(html))?.properties.content;
  const url = /^\s*\d+\s*;\s*url=(.+)$/i.exec(String(content ?? ''))?.[1];
  return url === undefined ? undefined : new URL(url.trim(), pageUrl).href;
}

/**
 * Opens a built file's URL and, for an alias, waits until the browser has loaded the page it
 * moves on to (`movedTo`). `response` is the file's own.
 */
export async function openBuiltFile(
  page: Page,
  url: string,
  html: string,
): Promise<{ response: Response | null; movedTo?: string }> {
  const response = await page.goto(url, { waitUntil: 'load' });
  const movedTo = aliasTarget(html, url);
  if (movedTo) await page.waitForURL((at) => at.href === movedTo, { waitUntil: 'load' });
  return { response, movedTo };
}
