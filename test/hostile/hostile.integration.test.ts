/**
 * Issue #10: a hostile site (test/fixtures/hostile plus what test/hostile/site.ts generates and
 * sets on the running platform) built end to end with `offprint build`, a token and a share key.
 * Nothing may run script in a reader's browser, reach another host, write outside the output,
 * leak a secret, or fail silently. One build, one browser, one static server for the file.
 */
import { existsSync } from 'node:fs';
import { appendFile, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StaticServer, serveStatic } from '../../src/serve/static.ts';
import { openBuiltFile } from '../helpers/aliases.ts';
import { launchBrowser, notShown, requireChromium, shown } from '../helpers/browser.ts';
import { snapshotBase } from '../helpers/built-site.ts';
import { type CliResult, runCli } from '../helpers/cli.ts';
import { readTree } from '../helpers/fs.ts';
import { type LocalPlatform, startPlatform } from '../helpers/platform.ts';
import { applyHostileOverrides, HOSTILE, serveDeepPageTree, writeHostileFolder } from './site.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Names directly in `dir`, sorted: what a write outside the output would change. */
async function listing(dir: string): Promise<string[]> {
  return (await readdir(dir)).sort();
}

/** Every file under `dir` as text, for grepping. */
async function allText(dir: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const [file, bytes] of await readTree(dir)) out.set(file, bytes.toString('latin1'));
  return out;
}

describe('a hostile site built end to end', () => {
  const work = path.join(ROOT, 'test-results', `hostile-${process.pid}`);
  /** The parent of the output and cache directories: nothing else may appear in it. */
  const buildRoot = path.join(work, 'build');
  const outDir = path.join(buildRoot, 'dist');
  const cacheDir = path.join(buildRoot, 'cache');
  let siteDir: string;
  let platform: LocalPlatform;
  let result: CliResult;
  let before: { build: string[]; work: string[] };
  let server: StaticServer;
  let browser: Browser;

  const build = () =>
    runCli(
      [
        'build',
        '--api-url',
        platform.url,
        '--org',
        HOSTILE.org,
        '--site',
        HOSTILE.site,
        '--share-key',
        HOSTILE.shareKey,
        // A preview: the hostile change request of `reserved` in place of its content, reviewed.
        '--change-request',
        HOSTILE.changeRequest,
        '--out',
        outDir,
        '--cache',
        cacheDir,
      ],
      { env: { OFFPRINT_TOKEN: HOSTILE.token }, cwd: buildRoot },
    ).done;

  beforeAll(async () => {
    requireChromium();
    await rm(work, { recursive: true, force: true });
    await mkdir(buildRoot, { recursive: true });
    await writeFile(path.join(buildRoot, 'sentinel.txt'), 'untouched');
    siteDir = await writeHostileFolder(path.join(work, 'site'));
    // Two pages whose titles claim one URL (case.md beside Case.md), in the one build.
    await appendFile(
      path.join(siteDir, 'spaces', 'evil', 'SUMMARY.md'),
      '* [case lower](case.md)\n',
    );
    platform = await startPlatform({ dir: siteDir, token: HOSTILE.token });
    applyHostileOverrides(platform);
    await serveDeepPageTree(platform);
    before = { build: await listing(buildRoot), work: await listing(work) };
    [result, browser] = await Promise.all([build(), launchBrowser()]);
    if (result.code === 0) {
      server = await serveStatic({ dir: outDir, base: await snapshotBase(cacheDir) });
    }
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await platform?.close();
    await rm(work, { recursive: true, force: true });
  });

  /**
   * A browser context that records what a page's script would do: \`alert\`, \`confirm\` and
   * \`prompt\` calls (\`fired\`) and requests to any host but this machine (\`foreign\`, aborted).
   */
  async function guardedContext(): Promise<{
    context: BrowserContext;
    fired: string[];
    foreign: string[];
  }> {
    const fired: string[] = [];
    const foreign: string[] = [];
    const context = await browser.newContext();
    await context.addInitScript(() => {
      const calls: string[] = [];
      // biome-ignore lint/suspicious/noExplicitAny: the test's own record on window
      (window as any).__fired = calls;
      const record = (kind: string) =>
        function (this: unknown, ...args: unknown[]) {
          calls.push(`${kind}(${args.map(String).join(',')})`);
          return kind === 'confirm' ? false : null;
        };
      window.alert = record('alert');
      window.confirm = record('confirm') as typeof window.confirm;
      window.prompt = record('prompt') as typeof window.prompt;
    });
    await context.route('**/*', (route) => {
      const { hostname, protocol } = new URL(route.request().url());
      const local = hostname === '127.0.0.1' || hostname === 'localhost';
      if (!local && protocol !== 'data:' && protocol !== 'blob:') {
        foreign.push(route.request().url());
        return route.abort();
      }
      return route.continue();
    });
    return { context, fired, foreign };
  }

  /** Native dialogs a page opens, recorded and dismissed. */
  function recordDialogs(page: Page, fired: string[]): void {
    page.on('dialog', (dialog) => {
      fired.push(`dialog ${dialog.type()}: ${dialog.message()}`);
      dialog.dismiss().catch(() => {});
    });
  }

  /** What ran in the page so far, and every event-handler attribute in its DOM (a hole, fired or not). */
  function scriptTraces(page: Page): Promise<{ fired: string[]; handlers: string[] }> {
    return page.evaluate(() => ({
      // biome-ignore lint/suspicious/noExplicitAny: the flag set by the init script
      fired: ((window as any).__fired ?? []) as string[],
      handlers: [...document.querySelectorAll('*')].flatMap((el) =>
        el
          .getAttributeNames()
          .filter((name) => name.toLowerCase().startsWith('on'))
          .map((name) => `${el.tagName}[${name}]`),
      ),
    }));
  }

  /** A built file's URL on the static server. */
  const urlOf = (file: string) =>
    new URL(
      file
        .replace(/(^|\/)index\.html$/, '$1')
        .split('/')
        .map(encodeURIComponent)
        .join('/'),
      server.url,
    ).href;

  it('builds the rest of the site, each case it could not render a warning naming it', () => {
    expect(result.stderr, result.stderr).not.toMatch(/^offprint:/m);
    expect(result.code).toBe(0);
    const warnings = result.stderr;
    // Pull: the page tree cut where it gets too deep, the file too large to download.
    expect(warnings).toMatch(
      /warning: .*page "Level 50 .*" \(id deep-50\) is nested 50 levels deep: its 1 child page\(s\)/,
    );
    expect(warnings).toMatch(
      /warning: file "huge.bin" \(id \w+, space evil\) left out: its declared size 314572800 bytes/,
    );
    // Render: the 5 MB page shown as text, the deep markdown cut, refused conditions.
    expect(warnings).toMatch(/warning: \/escape\/pwn\/: page of \d+ characters is larger than/);
    expect(warnings).toMatch(/warning: \/escape\/nested\/.*nested more than 64 levels deep/);
    expect(warnings).toMatch(
      /warning: structure: section "Reserved: _astro" \(astro\): condition .* refused/,
    );
    expect(warnings).toMatch(
      /warning: \/escape\/etc\/passwd\/: \{% if constructor.*condition refused/,
    );
    expect(warnings).toMatch(/warning: \/escape\/:\d+: unsafe link removed: javascript:/);
    // Images: a bomb, a cut file and bytes that are no image are served as they are, once each.
    expect(warnings).toMatch(
      /warning: file "bomb.png" \(space evil\): 30000 × 30000 pixels, over the limit of 40 megapixels; served as it is/,
    );
    expect(warnings).toMatch(/warning: file "truncated.png" \(space evil\): cannot be decoded/);
    expect(warnings).toMatch(/warning: file "malformed.png" \(space evil\): not a readable image/);
    expect(warnings.match(/file "(bomb|truncated|malformed)\.png"/g)).toHaveLength(3);
    expect(warnings).not.toMatch(/svg-script|photo\.png/);
    expect(result.stdout).toMatch(/^rendered \d+ pages/m);
  });

  it("draws the hostile spec's operations, a warning for each spec or $ref it could not read", async () => {
    const warnings = result.stderr;
    expect(warnings).toMatch(/: not YAML or JSON: Excessive alias count/);
    expect(warnings).toMatch(/: nested deeper than 400 levels; shown without the spec/);
    expect(warnings).toMatch(
      /\$ref not resolved: file:\/\/\/etc\/passwd, http:\/\/169\.254\.169\.254/,
    );
    expect(warnings).toMatch(
      /spec file:\/\/\/etc\/passwd: neither a file of the space nor an http\(s\) URL/,
    );
    expect(warnings).toMatch(
      /OpenAPI spec http:\/\/169\.254\.169\.254\/latest\/meta-data\/ left out: refused/,
    );
    const pages = [...(await allText(outDir))].filter(([file]) => file.endsWith('index.html'));
    const [, html] = pages.find(([, text]) => text.includes('op-openapi--openapi')) ?? ['', ''];
    // Both operations drawn from the spec, not stubs: titles, fields, responses.
    expect(html.match(/class="op-openapi__title"/g)?.length).toBe(2);
    expect(html).toContain('op-openapi__field-name');
    expect(html).toContain('op-openapi__response');
  });

  it('writes nothing outside the output and cache directories', async () => {
    expect(await listing(buildRoot)).toEqual([...before.build, 'cache', 'dist'].sort());
    expect(await listing(work)).toEqual(before.work);
    expect(await readFile(path.join(buildRoot, 'sentinel.txt'), 'utf8')).toBe('untouched');
    // Where the traversal paths point, resolved from the output directory.
    expect(existsSync(path.resolve(outDir, '../../../../../tmp/offprint-escape'))).toBe(false);
    expect(existsSync(path.resolve(outDir, '..', 'escape'))).toBe(false);
    expect(existsSync('/tmp/offprint-escape')).toBe(false);
    // Traversal became plain directories inside the output.
    for (const dir of ['tmp/offprint-escape', 'etc/passwd', 'pwn', 'nested'])
      expect(existsSync(path.join(outDir, dir, 'index.html')), dir).toBe(true);
    const names = [...(await readTree(outDir)).keys()];
    for (const name of names) {
      expect(name.includes('\u0000') || name.includes('\\'), name).toBe(false);
      expect(path.resolve(outDir, name).startsWith(`${outDir}${path.sep}`)).toBe(true);
    }
  });

  it('keeps the names the build writes for itself', async () => {
    const title = async (file: string) =>
      /<h1 class="op-title">\s*([^<]*?)\s*<\/h1>/.exec(
        await readFile(path.join(outDir, file), 'utf8'),
      )?.[1];
    // The site root is the home page of the default space; the page named `index` is beside it.
    expect(await title('index.html')).toMatch(/^Welcome /);
    expect(await title('index/index.html')).toBe('Index');
    // 404.html is the not-found page; the page named 404 moved aside.
    expect(await title('404.html')).not.toBe('Not found');
    expect(await title('404-1/index.html')).toBe('Not found');
    expect(await title('pagefind-1/index.html')).toBe('Pagefind');
    expect(await title('_offprint-1/index.html')).toBe('Theme');
    expect(await title('_astro-1/index.html')).toBe('Home');
    // pagefind/, _astro/ and _offprint/ hold only what the build put there.
    expect(existsSync(path.join(outDir, 'pagefind', 'pagefind.js'))).toBe(true);
    expect(existsSync(path.join(outDir, 'pagefind', 'index.html'))).toBe(false);
    expect(existsSync(path.join(outDir, '_astro', 'index.html'))).toBe(false);
    expect(existsSync(path.join(outDir, '_offprint', 'index.html'))).toBe(false);
    expect(existsSync(path.join(outDir, 'pagefind-1', 'index.html'))).toBe(true);
    expect(existsSync(path.join(outDir, '_offprint-1', 'index.html'))).toBe(true);
    expect(existsSync(path.join(outDir, '_astro-1', 'index.html'))).toBe(true);
  });

  it('never writes or prints the token or the share key', async () => {
    const secrets = [HOSTILE.token, HOSTILE.shareKey].flatMap((s) => [s, encodeURIComponent(s)]);
    const places = new Map<string, string>([
      ['stdout', result.stdout],
      ['stderr', result.stderr],
    ]);
    for (const [file, text] of await allText(outDir)) places.set(`dist/${file}`, text);
    for (const [file, text] of await allText(cacheDir)) places.set(`cache/${file}`, text);
    expect(places.size).toBeGreaterThan(20);
    const leaks = [...places].filter(([, text]) => secrets.some((s) => text.includes(s)));
    expect(leaks.map(([where]) => where)).toEqual([]);
  });

  it('leaves no API or download host in any .md copy or llms file', async () => {
    const origin = new URL(platform.url).origin;
    const texts = [...(await allText(outDir))].filter(
      ([file]) => file.endsWith('.md') || /^llms(-full)?\.txt$/.test(file),
    );
    expect(texts.length).toBeGreaterThan(5);
    const offending = texts
      .filter(
        ([, text]) =>
          text.includes(origin) || /\/_files\/|alt=media|\/v1\/(orgs|spaces)\//.test(text),
      )
      .map(([file]) => file);
    expect(offending).toEqual([]);
  });

  it('runs no script and reaches no other host on any page, in Chromium', async () => {
    const pages = [...(await readTree(outDir)).keys()]
      .filter((file) => file.endsWith('.html') || file.endsWith('.svg'))
      .sort();
    expect(pages.length).toBeGreaterThan(15);
    const { context, fired, foreign } = await guardedContext();
    const base = server.url;
    /** One tab working through the shared queue of files. */
    const tab = async (queue: string[]) => {
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      recordDialogs(page, fired);
      for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
        const html = file.endsWith('.html') ? await readFile(path.join(outDir, file), 'utf8') : '';
        const { movedTo } = await openBuiltFile(page, urlOf(file), html);
        if (movedTo) followed.push(file);
        // Read where the walk stopped: an alias's page, once it has arrived there.
        const seen = await scriptTraces(page);
        fired.push(...seen.fired.map((call) => `${file}: ${call}`));
        handlers.push(...seen.handlers.map((h) => `${file}: ${h}`));
      }
    };
    const handlers: string[] = [];
    const followed: string[] = [];
    // A canary proves the hooks see what they must: a handler that runs, a foreign request.
    const canary = await context.newPage();
    const canaryUrl = new URL('__canary__/', base).href;
    await canary.route(canaryUrl, (route) =>
      route.fulfill({
        contentType: 'text/html',
        body: '<img src="x" onerror="alert(\'canary\')"><img src="https://evil.example/canary.png">',
      }),
    );
    await canary.goto(canaryUrl, { waitUntil: 'load' });
    await canary.waitForFunction(
      () => (window as unknown as { __fired: string[] }).__fired.length > 0,
    );
    await canary.close();
    expect(foreign).toEqual(['https://evil.example/canary.png']);
    foreign.length = 0;

    const queue = [...pages];
    await Promise.all([tab(queue), tab(queue)]);
    expect(queue).toEqual([]);
    expect(followed.length, 'aliases walked to their pages').toBeGreaterThan(0);
    expect(handlers).toEqual([]);
    await context.close();
    expect(fired).toEqual([]);
    expect(foreign).toEqual([]);
    // Every page in turn, in one browser: the per-test budget of the other whole-site walks.
  }, 180_000);

  it('opens every "Test it" console of the hostile spec, and sends, without running anything', async () => {
    const files = [...(await allText(outDir))]
      .filter(([file, text]) => file.endsWith('.html') && text.includes('data-op-try-open'))
      .map(([file]) => file);
    expect(files.length).toBeGreaterThan(0);
    const { context, fired, foreign } = await guardedContext();
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    recordDialogs(page, fired);
    const handlers: string[] = [];
    let opened = 0;
    try {
      for (const file of files) {
        await page.goto(urlOf(file), { waitUntil: 'load' });
        const buttons = page.locator('[data-op-try-open]');
        const count = await buttons.count();
        for (let i = 0; i < count; i++) {
          await buttons.nth(i).click();
          const dialog = page.locator('dialog[open]');
          await shown(dialog);
          // The spec's strings reach the console as text: its first server is a javascript: URL,
          // which Send refuses with a sentence.
          await expect
            .poll(() => dialog.getByLabel('URL', { exact: true }).inputValue())
            .toContain("javascript:alert('server')");
          await dialog.getByRole('button', { name: 'Send' }).click();
          await shown(dialog.getByRole('alert').first());
          opened++;
          const seen = await scriptTraces(page);
          fired.push(...seen.fired.map((call) => `${file} #${i}: ${call}`));
          handlers.push(...seen.handlers.map((h) => `${file} #${i}: ${h}`));
          await page.keyboard.press('Escape');
          await notShown(dialog);
        }
      }
    } finally {
      await context.close();
    }
    expect(opened).toBeGreaterThan(0);
    expect(handlers).toEqual([]);
    expect(fired).toEqual([]);
    expect(foreign).toEqual([]);
  }, 60_000);

  it('serves SVG files from the platform, and the favicon drawn from the title, without script', async () => {
    const svgs = [...(await readTree(outDir))].filter(([file]) => file.endsWith('.svg'));
    expect(svgs.map(([file]) => path.basename(file)).sort()).toEqual([
      'evil.svg',
      expect.stringMatching(/^icon-[0-9a-f]{12}\.svg$/),
      'liar.svg',
    ]);
    for (const [file, bytes] of svgs) {
      const text = bytes.toString('utf8');
      expect(text, file).toMatch(/^<svg[\s>]/);
      expect(text, file).not.toMatch(
        /script|onload|onclick|javascript|foreignObject|evil\.example/i,
      );
    }
  });

  it('reviews the hostile change request as text: its subject, titles, paths and blocks run nothing', async () => {
    expect(result.stdout).toMatch(/^change request #1: 1 added, 1 edited, 1 moved, 2 removed$/m);
    const json = JSON.parse(await readFile(path.join(outDir, 'changes.json'), 'utf8'));
    expect(json.changeRequest.subject).toContain("<script>alert('cr-subject')</script>");
    const titles = json.pages.map((page: { title: string }) => page.title);
    expect(titles).toEqual(
      expect.arrayContaining(["Added <script>alert('cr-added-title')</script>"]),
    );
    // Every URL it lists is one of the output's own pages, whatever path the request gave.
    const base = await snapshotBase(cacheDir);
    const below = (url: string) => new URL(url, 'http://x').pathname.slice(base.length);
    for (const page of json.pages as { url: string }[]) {
      expect(existsSync(path.join(outDir, below(page.url), 'index.html')), page.url).toBe(true);
    }

    // The edited page with its changes shown: the removed block is there, inert.
    const edited = (json.pages as { url: string; change: string }[]).find(
      (page) => page.change === 'edited',
    );
    const { context, fired, foreign } = await guardedContext();
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    recordDialogs(page, fired);
    // The changes page shows the titles as text: no element of theirs made it into the page.
    await page.goto(new URL('_changes/', server.url).href);
    await expect(page.locator('ul.op-changes').allInnerTexts()).resolves.toEqual(
      expect.arrayContaining([expect.stringContaining("Added <script>alert('cr-added-title')")]),
    );
    await expect(page.locator('script', { hasText: 'alert(' }).count()).resolves.toBe(0);
    await expect(page.locator('img[src="x"]').count()).resolves.toBe(0);
    await page.goto(new URL(below(edited?.url ?? ''), server.url).href);
    // Its section's refused condition hides the page from a visitor: the switch is set as a
    // click would set it, and the removed blocks' own style says they are shown.
    await page.locator('#op-show-changes').evaluate((box) => {
      (box as HTMLInputElement).checked = true;
    });
    const removed = page.locator('.op-change-removed');
    await expect(removed.count()).resolves.toBeGreaterThan(0);
    await expect
      .poll(() => removed.first().evaluate((el) => getComputedStyle(el).display))
      .toBe('block');
    const seen = await scriptTraces(page);
    await context.close();
    expect([...fired, ...seen.fired, ...seen.handlers, ...foreign]).toEqual([]);
  });

  it('builds through a URL collision: one warning names both pages, and each has its own URL', async () => {
    // The whole build went through (it used to stop at the collision): the first test.
    const collisions = result.stderr.split('\n').filter((line) => line.includes('is claimed by'));
    expect(collisions).toHaveLength(1);
    const moved =
      /^warning: structure: URL \/escape\/case\/ is claimed by page "Case upper" \(space evil-space\) and page "case lower" \(space evil-space\): the first keeps it, the second is at \/escape\/(case-[a-z0-9_-]+)\/$/.exec(
        collisions[0] as string,
      );
    expect(moved, collisions[0]).not.toBeNull();
    const title = async (file: string) =>
      /<h1 class="op-title">\s*([^<]*?)\s*<\/h1>/.exec(
        await readFile(path.join(outDir, file), 'utf8'),
      )?.[1];
    expect(await title('case/index.html')).toBe('Case upper');
    expect(await title(`${moved?.[1]}/index.html`)).toBe('case lower');
  });

  // Last: it pulls and builds again over this file's cache and output.
  it('builds again over its warm cache once a page is added, as a team’s next build does', async () => {
    await writeFile(
      path.join(siteDir, 'spaces', 'evil', 'later.md'),
      "# Added <script>alert('later')</script>\n\n[Back](Case.md) and ![x](<.gitbook/assets/image (1).png>)\n",
    );
    await appendFile(
      path.join(siteDir, 'spaces', 'evil', 'SUMMARY.md'),
      '* [Added later](later.md)\n',
    );
    await platform.reload();
    applyHostileOverrides(platform);
    await serveDeepPageTree(platform);
    const again = await build();
    expect(again.stderr, again.stderr).not.toMatch(/^offprint:/m);
    expect(again.code).toBe(0);
    // Over the warm cache: the pages the first build rendered are taken from it.
    const hits = /markdown cache (\d+) hits/.exec(again.stdout)?.[1];
    expect(Number(hits), again.stdout).toBeGreaterThan(0);
    expect(await listing(buildRoot)).toEqual([...before.build, 'cache', 'dist'].sort());
    for (const secret of [HOSTILE.token, HOSTILE.shareKey])
      expect(again.stdout + again.stderr).not.toContain(secret);
    const added = await readdir(outDir, { recursive: true });
    expect(added.filter((file) => /later/.test(file) && file.endsWith('index.html'))).toHaveLength(
      1,
    );
  }, 300_000);
});
