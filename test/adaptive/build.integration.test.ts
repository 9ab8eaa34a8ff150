import { readdir, readFile, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { render } from '../../src/render/index.ts';
import { type StaticServer, serveStatic } from '../../src/serve/static.ts';
import { launchBrowser, notShown, requireChromium, shown } from '../helpers/browser.ts';
import { snapshotBase } from '../helpers/built-site.ts';
import { copyFolder, tempDir } from '../helpers/fs.ts';

/**
 * The example's snapshot with a refused section condition, a conditioned site space and a
 * refused `{% if %}` region, rendered for real: what the build warns about, what the HTML
 * carries, and that a refused condition hides its item in the browser whatever the claims.
 */
describe('conditions refused at build', () => {
  const HOSTILE = 'constructor.constructor("alert(1)")()';
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let warnings: { page: string; message: string }[];
  let outDir: string;
  let base: string;

  beforeAll(async () => {
    temp = await tempDir();
    const cacheDir = await copyFolder(
      inject('exampleBuild').cacheDir,
      path.join(temp.dir, 'cache'),
    );
    const snapshot = await realpath(path.join(cacheDir, 'snapshot'));
    const structureFile = path.join(snapshot, 'structure.json');
    const structure = JSON.parse(await readFile(structureFile, 'utf8'));
    structure.sections.find((s: { id: string }) => s.id === 'api').condition = HOSTILE;
    structure.siteSpaces.find((s: { id: string }) => s.id === 'guides-v1').condition =
      '["pro", "enterprise"].includes(visitor.claims.unsigned.plan)';
    await writeFile(structureFile, JSON.stringify(structure));
    // The page with the example's `{% if %}` region (the concepts' payloads; the release notes
    // have one too) gets a second, refused one.
    const pagesDir = path.join(snapshot, 'spaces', 'guides-v2', 'pages');
    for (const name of await readdir(pagesDir)) {
      const file = path.join(pagesDir, name);
      const markdown = await readFile(file, 'utf8');
      if (!markdown.includes('visitor.claims.unsigned.plan == "enterprise"')) continue;
      if (markdown.includes('{% updates')) continue;
      await writeFile(
        file,
        `${markdown}\n{% if visitor.claims["__proto__"] %}\nSecret branch\n{% else %}\nFallback branch\n{% endif %}\n`,
      );
    }
    // A sidebar link into the conditioned Telemetry kit section.
    const revisionFile = path.join(snapshot, 'spaces', 'guides-v2', 'revision.json');
    const revision = JSON.parse(await readFile(revisionFile, 'utf8'));
    revision.pages.push({
      object: 'page',
      id: 'link-telemetry',
      title: 'Telemetry kit link',
      type: 'link',
      kind: 'link',
      target: { kind: 'space', space: 'telemetry' },
      pages: [],
    });
    await writeFile(revisionFile, JSON.stringify(revision));
    outDir = path.join(temp.dir, 'dist');
    const result = await render({ cacheDir, outDir });
    warnings = result.warnings;
    base = await snapshotBase(cacheDir);
  }, 120_000);
  afterAll(() => temp?.cleanup());

  it('warns naming the section and its condition, and the page and its region', () => {
    expect(warnings).toContainEqual({
      page: 'structure',
      message: expect.stringMatching(
        /^section "API reference" \(api\): condition "constructor\.constructor\(\\"alert\(1\)\\"\)\(\)" refused \(the only call allowed is \.includes\(…\)\); it stays hidden$/,
      ),
    });
    expect(warnings).toContainEqual({
      page: `${base}concepts/payloads/`,
      message: expect.stringMatching(
        /^\{% if visitor\.claims\["__proto__"\] %\}: condition refused \(claim name "__proto__" is not allowed\)/,
      ),
    });
    // The accepted conditions produce no warning.
    expect(warnings.filter((w) => /condition/.test(w.message))).toHaveLength(2);
  });

  it('writes the refused section as null, hidden in the HTML, and never its expression', async () => {
    const html = await readFile(path.join(outDir, 'index.html'), 'utf8');
    const blob = /<script type="application\/json" id="op-adaptive">(.*?)<\/script>/s.exec(
      html,
    )?.[1];
    const data = JSON.parse(blob ?? '{}');
    expect(data.sections).toEqual({
      api: null,
      telemetry: expect.objectContaining({ k: 'cmp' }),
    });
    expect(data.siteSpaces['guides-v1']).toMatchObject({ k: 'includes' });
    expect(html).toMatch(/<li data-op-section="api" hidden>/);
    expect(html).toMatch(/<li data-op-space="guides-v1" hidden>/);
    expect(html).not.toContain('alert(1)');
    expect(html).toMatch(
      /<li data-op-section="telemetry" data-op-space="telemetry-kit" hidden>\s*<a href="\/docs\/telemetry\/"/,
    );
  });

  it('replaces the refused region branch with a marker and keeps the accepted one', async () => {
    const html = await readFile(path.join(outDir, 'concepts', 'payloads', 'index.html'), 'utf8');
    expect(html).toContain('<div class="op-condition__branch" data-op-refused="if" hidden>');
    expect(html).not.toContain('__proto__');
    expect(html).toMatch(
      /data-op-if="visitor\.claims\.unsigned\.plan == &#x22;enterprise&#x22;" data-op-ast="\{/,
    );
  });

  describe('in the browser', () => {
    let browser: Browser;
    let server: StaticServer;
    let page: Page;

    beforeAll(async () => {
      requireChromium();
      server = await serveStatic({ dir: outDir, base });
      browser = await launchBrowser();
      page = await browser.newPage();
      page.setDefaultTimeout(8000);
    });
    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    it('keeps refused items hidden whatever the claims, and shows the conditioned variant', async () => {
      const at = (p: string) => new URL(p, server.url).href;
      await page.goto(at('concepts/payloads/?visitor.plan=pro&visitor.beta=true'));
      await page.waitForFunction(() =>
        document.documentElement.hasAttribute('data-op-hidden-scope'),
      );
      // The section's tab and the guides' link page into it: both hidden with the section.
      const intoApi = page.locator('[data-op-section="api"]');
      await expect(intoApi.count()).resolves.toBe(2);
      for (let i = 0; i < 2; i++) await notShown(intoApi.nth(i));
      await shown(page.locator('[data-op-tab-group]'));
      const sidebarLink = page.locator('.op-nav').getByRole('link', { name: 'Telemetry kit link' });
      await shown(sidebarLink);
      // Neither branch of the refused region: not its `else` either.
      await notShown(page.getByText('Secret branch'));
      await notShown(page.getByText('Fallback branch'));
      await page.locator('.op-variants summary').click();
      await shown(page.locator('.op-variants').getByRole('link', { name: /v1/ }));
      await page.goto(at('api/'));
      await page.waitForFunction(() =>
        document.documentElement.hasAttribute('data-op-hidden-scope'),
      );
      await shown(page.locator('[data-op-unavailable]'));

      // A plan outside the list: the v1 variant is hidden again.
      await page.goto(at('concepts/payloads/?visitor.plan=starter'));
      await page.waitForFunction(() =>
        document.documentElement.hasAttribute('data-op-hidden-scope'),
      );
      await page.locator('.op-variants summary').click();
      await notShown(page.locator('.op-variants').getByRole('link', { name: /v1/ }));
    });
  });
});
