import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fromHtml } from 'hast-util-from-html';
import { visit } from 'unist-util-visit';
import { describe, expect, inject, it } from 'vitest';

/**
 * Issue #58: links of the built example resolve as the platform resolves them. guides-v2's
 * "Countdown procedure" (a page that moved: file `countdown.md`, path `countdown-procedure`)
 * links to the "Operations" group, to a heading of the group's first page and into `avionics`,
 * a space of the organization no site shows; "Scrubs and holds" names the moved page by its id
 * in a content-ref whose link holds its old path.
 */

/** Each link of a built page: its text and href, and whether any is struck through. */
async function linksOf(urlPath: string) {
  const { outDir } = inject('exampleBuild');
  const html = await readFile(path.join(outDir, urlPath.replace(/^\/docs\//, ''), 'index.html'));
  const tree = fromHtml(html.toString());
  const links: { text: string; href: string; className: string }[] = [];
  let struck = 0;
  visit(tree, 'element', (node) => {
    const className = String((node.properties?.className as string[] | undefined)?.join(' '));
    if (className.includes('op-broken-link')) struck++;
    if (node.tagName !== 'a' || typeof node.properties?.href !== 'string') return;
    let text = '';
    visit(node, 'text', (t) => {
      text += t.value;
    });
    links.push({ text: text.trim(), href: node.properties.href, className });
  });
  return { links, struck };
}

const hrefOf = (links: { text: string; href: string }[], text: string) =>
  links.find((link) => link.text === text)?.href;

describe('links of the built example', () => {
  it('to a group go to its first page, a named heading kept', async () => {
    const { links, struck } = await linksOf('/docs/operations/countdown-procedure/');
    expect(hrefOf(links, 'operations guides')).toBe('/docs/operations/telemetry/');
    expect(hrefOf(links, 'reconnecting a stream')).toBe('/docs/operations/telemetry/#reconnecting');
    expect(struck).toBe(0);
  });

  it('into a space published nowhere go to the space in the platform’s app', async () => {
    const { links } = await linksOf('/docs/operations/countdown-procedure/');
    expect(hrefOf(links, 'separation sequencer notes')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/app\/s\/avionics\/separation-sequencer#timing-budget$/,
    );
  });

  it('to a moved page named by its id reach it, whatever path the link still holds', async () => {
    const { links, struck } = await linksOf('/docs/operations/scrubs/');
    const card = links.find((link) => link.className.includes('op-content-ref__link'));
    expect(card).toMatchObject({
      href: '/docs/operations/countdown-procedure/',
      text: 'Countdown procedure',
    });
    expect(struck).toBe(0);
  });

  // The report left empty (the platform shows none of them broken): test/hosting/broken-links.integration.test.ts.
});
