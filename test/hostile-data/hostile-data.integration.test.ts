/**
 * Issue #18: a site of valid data the platform can send but no one here wrote (lengths over the
 * spec's, case twins, paths that clean to one URL, a page on an alias, a group at a page's path,
 * two files of one name, a page hidden in one variant and visible in the other), pulled from the
 * local platform and built with `offprint build` as a user would. The build succeeds, every page
 * has a URL the output names, each oddity is one warning, and no visible page's navigation leads
 * to a hidden page.
 */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Element, Root } from 'hast';
import { fromHtml } from 'hast-util-from-html';
import { toText } from 'hast-util-to-text';
import { visit } from 'unist-util-visit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSiteModel } from '../../src/site/index.ts';
import type { SiteModel } from '../../src/site/model.ts';
import { Snapshot } from '../../src/snapshot/read.ts';
import { type CliResult, runCli } from '../helpers/cli.ts';
import { type LocalPlatform, startPlatform } from '../helpers/platform.ts';
import { applyOddities, ODD, ODD_DIR } from './site.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Classes of the navigation around a page: sidebar, tabs, variant switcher, pagination, trail. */
const NAVIGATION = ['op-sidebar', 'op-tabs', 'op-variants', 'op-pagination', 'op-breadcrumbs'];

function classes(node: Element): string[] {
  const value = node.properties.className;
  return Array.isArray(value) ? value.map(String) : [];
}

/** The hrefs inside the page's navigation (not its content). */
function navigationLinks(tree: Root): string[] {
  const hrefs: string[] = [];
  visit(tree, 'element', (node: Element) => {
    if (!classes(node).some((name) => NAVIGATION.includes(name))) return;
    visit(node, 'element', (inner: Element) => {
      if (inner.tagName === 'a' && typeof inner.properties.href === 'string')
        hrefs.push(inner.properties.href);
    });
    return 'skip';
  });
  return hrefs;
}

function heading(tree: Root): string | undefined {
  let title: string | undefined;
  visit(tree, 'element', (node: Element) => {
    if (title === undefined && node.tagName === 'h1' && classes(node).includes('op-title'))
      title = toText(node).trim();
  });
  return title;
}

describe('a site of data the platform can send, built end to end', () => {
  const work = path.join(ROOT, 'test-results', `hostile-data-${process.pid}`);
  const outDir = path.join(work, 'dist');
  const cacheDir = path.join(work, 'cache');
  let platform: LocalPlatform;
  let result: CliResult;
  let model: SiteModel;
  const html = async (outputFile: string) =>
    fromHtml(await readFile(path.join(outDir, outputFile), 'utf8'));
  const warnings = () => result.stderr.split('\n').filter((line) => line.startsWith('warning: '));

  beforeAll(async () => {
    await rm(work, { recursive: true, force: true });
    await mkdir(work, { recursive: true });
    platform = await startPlatform({ dir: ODD_DIR, token: ODD.token });
    applyOddities(platform);
    result = await runCli(
      [
        'build',
        '--api-url',
        platform.url,
        '--org',
        ODD.org,
        '--site',
        ODD.site,
        '--out',
        outDir,
        '--cache',
        cacheDir,
      ],
      { env: { OFFPRINT_TOKEN: ODD.token }, cwd: work },
    ).done;
    if (result.code === 0)
      model = await loadSiteModel(await Snapshot.open(path.join(cacheDir, 'snapshot')));
  }, 300_000);

  afterAll(async () => {
    await platform?.close();
    await rm(work, { recursive: true, force: true });
  });

  it('builds, keeping every over-long value as sent', async () => {
    expect(result.stderr, result.stderr).not.toMatch(/^offprint:/m);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^rendered \d+ pages/m);
    const home = await html('index.html');
    expect(toText(home)).toContain(ODD.long.siteTitle);
    const long = model.pages.find((page) => page.title === ODD.long.pageTitle);
    expect(long?.description).toBe(ODD.long.pageDescription);
    // A segment longer than a file name may be is cut; the page is still written.
    expect(long?.url).toMatch(/^\/docs\/l{200}\/m{200}\/$/);
    expect(heading(await html(long?.outputFile as string))).toBe(ODD.long.pageTitle);
    expect(model.sections.map((section) => section.title)).toContain(ODD.long.sectionTitle);
  });

  it('names each oddity in one warning', () => {
    const lines = warnings();
    const once = (pattern: RegExp) =>
      expect(
        lines.filter((line) => pattern.test(line)),
        String(pattern),
      ).toHaveLength(1);
    for (const kind of [
      "site title outside the spec's 2..128 characters",
      "site hostname not in the spec's format",
      "section title outside the spec's 2..128 characters",
      "section description longer than the spec's 256 characters",
      "section icon longer than the spec's 50 characters",
      "section path outside the spec's 1..100 characters",
      "section group title outside the spec's 1..100 characters",
      "section group icon longer than the spec's 50 characters",
      "site space path outside the spec's 1..100 characters",
      "space title longer than the spec's 50 characters",
      "space emoji longer than the spec's 50 characters",
      "page path longer than the spec's 1024 characters",
    ])
      once(
        new RegExp(`^warning: ${kind.replace(/[.()]/g, '\\$&')}, kept as sent \\(\\d+\\): GET /`),
      );
    once(
      /^warning: structure: URL \/docs\/case-twin\/ is claimed by page "Twin upper" \(space guides-v2\) and page "Twin lower" \(space guides-v2\): the first keeps it, the second is at \/docs\/case-twin-[a-z0-9_-]+\/$/,
    );
    once(
      /^warning: structure: URL \/docs\/hello-world\/ is claimed by page "Hello spaced" \(space guides-v2\) and page "Hello dashed" \(space guides-v2\): the first keeps it, the second is at \/docs\/hello-world-[a-z0-9_-]+\/$/,
    );
    once(
      /^warning: structure: URL \/docs\/readme\/ is claimed by page "Again readme" \(space guides-v2\) and page "Welcome" \(space guides-v2\) \(its own path; the page is at \/docs\/\): the first keeps it, the alias is left out$/,
    );
    once(
      /^warning: structure: files \w+ and \w+ of space guides-v2 are both named "logo.svg": each is at its own URL/,
    );
    // Nothing else collided: the group beside the Reference page took no URL.
    expect(lines.filter((line) => line.includes('is claimed by'))).toHaveLength(3);
    expect(lines.join('\n')).not.toMatch(/Reference page|\/docs\/reference\//);
    // And nothing else was odd: 12 kinds of length or format, 3 URLs, 1 file name.
    expect(lines, lines.join('\n')).toHaveLength(16);
  });

  it('gives every page a URL the output names, with the page there', async () => {
    const spaces = ['guides-v2', 'guides-v1', 'extras-main'];
    expect(new Set(model.pages.map((page) => page.siteSpaceId))).toEqual(new Set(spaces));
    // Each page of the platform is a page of the site, once.
    const platformPages = ['guides-v2', 'guides-v1', 'extras'].flatMap((id) =>
      [...(platform.model.space(id)?.content.pagesById.values() ?? [])].filter(
        (page) => page.type === 'document',
      ),
    );
    expect(model.pages).toHaveLength(platformPages.length);
    const urls = model.pages.map((page) => page.url);
    expect(new Set(urls).size).toBe(urls.length);
    const named = warnings().join('\n');
    for (const space of spaces) {
      const homeKey = model.siteSpace(space)?.homeKey as string;
      const sidebar = navigationLinks(await html(model.page(homeKey)?.outputFile as string));
      for (const page of model.pages.filter((p) => p.siteSpaceId === space)) {
        expect(heading(await html(page.outputFile)), page.url).toBe(page.title);
        // Visible pages are in their space's navigation; moved ones also in a warning (below).
        if (!page.hidden) expect(sidebar, page.url).toContain(page.url);
      }
    }
    const byTitle = (title: string) => model.pages.find((page) => page.title === title);
    expect(byTitle('Twin upper')?.url).toBe('/docs/case-twin/');
    expect(byTitle('Twin lower')?.url).toMatch(/^\/docs\/case-twin-[a-z0-9_-]+\/$/);
    expect(named).toContain(byTitle('Twin lower')?.url);
    expect(named).toContain(byTitle('Hello dashed')?.url);
    expect(byTitle('Reference page')?.url).toBe('/docs/reference/');
    expect(byTitle('Auth')?.url).toBe('/docs/api/auth/');
  });

  it('resolves links to either twin to where each went', async () => {
    const home = await html('index.html');
    const hrefs: Record<string, string> = {};
    visit(home, 'element', (node: Element) => {
      if (node.tagName === 'a' && typeof node.properties.href === 'string' && !hrefs[toText(node)])
        hrefs[toText(node)] = node.properties.href;
    });
    const url = (title: string) => model.pages.find((page) => page.title === title)?.url;
    expect(hrefs.upper).toBe(url('Twin upper'));
    expect(hrefs.lower).toBe(url('Twin lower'));
    expect(hrefs.spaced).toBe(url('Hello spaced'));
    expect(hrefs.dashed).toBe(url('Hello dashed'));
    expect(hrefs.again).toBe(url('Again readme'));
    const twins = ['upper', 'lower', 'spaced', 'dashed', 'again'].map((text) => hrefs[text]);
    expect(new Set(twins).size).toBe(5);
  });

  it('serves both files named logo.svg, each from its own URL', async () => {
    const logos = model.pages.find((page) => page.title === 'Logos');
    const sources: string[] = [];
    visit(await html(logos?.outputFile as string), 'element', (node: Element) => {
      if (node.tagName === 'img' && String(node.properties.src).includes('logo'))
        sources.push(String(node.properties.src));
    });
    expect(sources).toHaveLength(2);
    expect(new Set(sources).size).toBe(2);
    const [red, blue] = await Promise.all(
      sources.map((src) => readFile(path.join(outDir, src.replace(/^\/docs\//, '')), 'utf8')),
    );
    expect(red).toContain('rect');
    expect(blue).toContain('circle');
  });

  it('links no hidden page from any visible page’s navigation', async () => {
    const hidden = model.pages.filter((page) => page.hidden);
    expect(hidden.map((page) => page.siteSpaceId)).toEqual(['guides-v1']);
    const hiddenUrls = new Set(hidden.flatMap((page) => [page.url, ...page.aliases]));
    for (const page of hidden) expect(existsSync(path.join(outDir, page.outputFile))).toBe(true);
    let checked = 0;
    for (const page of model.pages.filter((p) => !p.hidden)) {
      const links = navigationLinks(await html(page.outputFile));
      expect(links.length, page.url).toBeGreaterThan(0);
      for (const href of links) expect(hiddenUrls.has(href), `${page.url} → ${href}`).toBe(false);
      checked++;
    }
    expect(checked).toBe(model.pages.length - hidden.length);
    // The visible twin's switcher leads to v1's first page instead of its hidden twin.
    const twin = model.pages.find((p) => p.title === 'Twin' && p.siteSpaceId === 'guides-v2');
    const v1 = model.siteSpaceLinks(twin?.key as string).find((v) => v.siteSpaceId === 'guides-v1');
    expect(v1).toMatchObject({ url: model.siteSpace('guides-v1')?.url, samePage: false });
    expect(navigationLinks(await html(twin?.outputFile as string))).toContain(v1?.url);
  });
});
