import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { fromHtml } from 'hast-util-from-html';
import { visit } from 'unist-util-visit';
import { describe, expect, inject, it } from 'vitest';
import { snapshotBase } from '../helpers/built-site.ts';

/** Every HTML file of the built example. */
async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** The file a static host serves for an absolute URL path under `base`, or undefined. */
async function servedFile(
  outDir: string,
  base: string,
  urlPath: string,
): Promise<string | undefined> {
  if (!urlPath.startsWith(base)) return undefined;
  const relative = decodeURIComponent(urlPath.slice(base.length));
  const candidate = path.join(outDir, relative);
  for (const file of [candidate, path.join(candidate, 'index.html')]) {
    try {
      if ((await stat(file)).isFile()) return file;
    } catch {}
  }
  return undefined;
}

describe('the built example', () => {
  it('has every internal link, image and stylesheet resolving, and every anchor existing', async () => {
    const { outDir, cacheDir } = inject('exampleBuild');
    const base = await snapshotBase(cacheDir);
    const files = await htmlFiles(outDir);
    expect(files.length).toBeGreaterThan(30);
    const ids = new Map<string, Set<string>>();
    const links: { from: string; url: URL }[] = [];
    for (const file of files) {
      const tree = fromHtml(await readFile(file, 'utf8'));
      const pageIds = new Set<string>();
      const pageUrl = new URL(
        `http://site${base}${path.relative(outDir, file).replace(/index\.html$/, '')}`,
      );
      visit(tree, 'element', (node) => {
        const props = node.properties ?? {};
        if (typeof props.id === 'string') pageIds.add(props.id);
        for (const attr of ['href', 'src']) {
          const value = props[attr];
          if (typeof value !== 'string' || value === '') continue;
          const url = new URL(value, pageUrl);
          if (url.host === 'site') links.push({ from: path.relative(outDir, file), url });
        }
      });
      ids.set(pageUrl.pathname, pageIds);
    }
    const broken: string[] = [];
    for (const { from, url } of links) {
      const target = await servedFile(outDir, base, url.pathname);
      if (!target) {
        broken.push(`${from} → ${url.pathname}`);
        continue;
      }
      const anchor = decodeURIComponent(url.hash.slice(1));
      if (anchor && target.endsWith('.html') && !ids.get(url.pathname)?.has(anchor)) {
        broken.push(`${from} → ${url.pathname}#${anchor} (no such anchor)`);
      }
    }
    expect(links.length).toBeGreaterThan(500);
    expect(broken).toEqual([]);
  });
});
