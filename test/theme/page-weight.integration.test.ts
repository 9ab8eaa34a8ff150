import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { select, selectAll } from 'hast-util-select';
import { toHtml } from 'hast-util-to-html';
import { describe, expect, inject, it } from 'vitest';

/**
 * What every page of the built example carries besides its own content: head, header, sidebar,
 * breadcrumbs, page actions, pagination, outline, footer, scripts. Every byte of it is repeated
 * in every page, so markup that could be one cached file (an inline icon, the strings of a
 * dialog a script builds, a class on each sidebar link) shows here. Sizes, not timings.
 */

/**
 * The chrome of the example's heaviest page, gzip-compressed: 4,391 bytes before its icons, the
 * strings of its script-built dialogs and one script per component became CSS and cached files
 * (3,572 after); 3,798 once the features since had used that room, 3,821 when the example's
 * guides gained a page (one more sidebar entry on every page of them). Room for a feature or two.
 */
const CHROME_BUDGET = 3_900;

interface BuiltPage {
  file: string;
  html: string;
  tree: Root;
}

async function examplePages(): Promise<BuiltPage[]> {
  const { outDir } = inject('exampleBuild');
  const pages: BuiltPage[] = [];
  for (const entry of await readdir(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'index.html') continue;
    const file = path.join(entry.parentPath, entry.name);
    const html = await readFile(file, 'utf8');
    const tree = fromHtml(html);
    // Alias pages (redirects) have no chrome to weigh.
    if (select('.op-content', tree)) pages.push({ file: path.relative(outDir, file), html, tree });
  }
  return pages;
}

/** The page without what its author wrote: the content's children and the page's cover (its
 * own image, in every size and scheme it is drawn in) are left out. */
function chromeOf(page: BuiltPage): Root {
  const tree = structuredClone(page.tree);
  for (const content of selectAll('.op-content, .op-cover', tree)) content.children = [];
  return tree;
}

const gzipBytes = (html: string) => gzipSync(html).byteLength;

describe('the weight of every page of the example', () => {
  it('keeps the chrome under its budget (gzip)', async () => {
    const pages = await examplePages();
    expect(pages.length).toBeGreaterThan(30);
    const sizes = pages.map((page) => ({
      file: page.file,
      bytes: gzipBytes(toHtml(chromeOf(page))),
    }));
    const heaviest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
    expect(heaviest.bytes, heaviest.file).toBeLessThanOrEqual(CHROME_BUDGET);
  });

  it('draws its chrome’s icons with CSS: no inline SVG outside the content', async () => {
    for (const page of await examplePages()) {
      const chrome = chromeOf(page);
      // A page's own icon (front matter) is content too.
      for (const header of selectAll('.op-page-header', chrome)) header.children = [];
      expect(selectAll('svg', chrome).length, page.file).toBe(0);
    }
  });

  it('loads one script for its chrome, not one per component', async () => {
    for (const page of await examplePages()) {
      const modules = selectAll('script[type="module"]', page.tree);
      expect(modules.length, page.file).toBeGreaterThan(0);
      // The chrome's script plus, where a page needs them, tabs, adaptive content, print and
      // feedback: never one per header control.
      expect(modules.length, page.file).toBeLessThanOrEqual(4);
    }
  });

  it('gives sidebar lists and links no attribute a stylesheet can do without', async () => {
    for (const page of await examplePages()) {
      const nav = select('.op-nav', page.tree);
      if (!nav) continue;
      const lists = selectAll('ul', nav) as Element[];
      const links = selectAll('a', nav) as Element[];
      expect(links.length, page.file).toBeGreaterThan(0);
      for (const node of [...lists, ...links])
        expect(node.properties.className, `${page.file}: ${toHtml(node).slice(0, 80)}`).toBe(
          undefined,
        );
    }
  });

  it('carries no strings for the dialogs and menus its scripts build', async () => {
    for (const page of await examplePages()) {
      const chrome = toHtml(chromeOf(page));
      expect(chrome, page.file).not.toContain('data-strings');
      expect(chrome, page.file).not.toContain('Search the docs');
      expect(chrome, page.file).not.toContain('Open in ChatGPT');
      expect(chrome, page.file).not.toContain('role="menuitem"');
    }
  });
});
