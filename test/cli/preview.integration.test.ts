import { appendFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../helpers/browser.ts';
import { runCli } from '../helpers/cli.ts';
import { shareLinksOf } from '../helpers/example.ts';
import { copyFolder, tempDir } from '../helpers/fs.ts';
import { EXAMPLE_DIR, type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';

/** Waits for `check` to return a value, polling; fails after `ms` with `what`. */
async function until<T>(
  what: string,
  check: () => Promise<T | undefined> | T | undefined,
  ms = 90_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await sleep(100);
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('offprint preview --watch', () => {
  let platform: LocalPlatform;
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let folder: string;
  beforeAll(async () => {
    temp = await tempDir('offprint-preview-');
    folder = await copyFolder(EXAMPLE_DIR, path.join(temp.dir, 'site'));
    platform = await startPlatform({ dir: folder });
  });
  afterAll(async () => {
    await platform?.close();
    await temp?.cleanup();
  });

  it('serves a share-link site, rebuilds when its content changes and tells open pages to reload', async () => {
    const { siteId, active } = await shareLinksOf(folder);
    const key = active[0]?.key as string;
    const outDir = path.join(temp.dir, 'dist');
    const { child, done } = runCli(
      [
        'preview',
        ...['--api-url', platform.url, '--org', 'acme-rockets', '--site', siteId],
        ...['--share-key', key, '--cache', path.join(temp.dir, 'cache'), '--out', outDir],
        ...['--port', '0', '--watch', '--interval', '1'],
      ],
      { env: { OFFPRINT_TOKEN: TOKEN } },
    );
    const cleanups: (() => Promise<void>)[] = [];
    let stdout = '';
    child.stdout?.on('data', (chunk) => {
      stdout += chunk;
    });
    try {
      const url = await until('the preview URL', () => /^preview at (\S+?),/m.exec(stdout)?.[1]);
      const requestsBefore = platform.requests.length;

      const page = await fetch(url);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await page.text();
      expect(html).toContain('Mission Planner');
      expect(html).toContain('new EventSource("/__offprint/reload")');
      const missing = await fetch(new URL('no/such/page', url));
      expect(missing.status).toBe(404);
      expect(await missing.text()).toMatch(/<html/i);

      // An open page's event stream.
      const events = await fetch(new URL('__offprint/reload', url));
      expect(events.headers.get('content-type')).toBe('text/event-stream');
      let received = '';
      const reader = (events.body as ReadableStream<Uint8Array>).getReader();
      const decoder = new TextDecoder();
      void (async () => {
        for (;;) {
          const { value, done: ended } = await reader
            .read()
            .catch(() => ({ value: undefined, done: true }));
          if (ended) return;
          received += decoder.decode(value);
        }
      })();

      // An open page in a real browser, which must reload by itself.
      const browser = await launchBrowser();
      cleanups.push(() => browser.close());
      const tab = await browser.newPage();
      await tab.goto(url);
      await tab.waitForFunction(() => document.title.length > 0);

      // Two polls go by: each is one GET of the one space, nothing more.
      await until('two polls', () =>
        platform.requests.length - requestsBefore >= 2 ? true : undefined,
      );
      const polls = platform.requests.slice(requestsBefore);
      for (const request of polls) {
        expect(request.method).toBe('GET');
        expect(request.path).toMatch(/^\/v1\/spaces\/mission-planner(\?|$)/);
      }
      expect(received).not.toContain('event: reload');

      const marker = `Edited during preview ${Date.now()}`;
      await appendFile(
        path.join(folder, 'spaces', 'mission-planner', 'README.md'),
        `\n\n${marker}\n`,
      );
      await platform.reload();

      await until('the rebuilt page', async () =>
        (await (await fetch(url)).text()).includes(marker) ? true : undefined,
      );
      await tab.waitForFunction((text) => document.body.innerText.includes(text), marker, {
        timeout: 60_000,
      });
      await until('the reload event', () =>
        received.includes('event: reload') ? true : undefined,
      );
      expect(stdout).toMatch(/changed: space mission-planner; rebuilding/);
      expect(stdout).toMatch(/1 space\(s\) fetched, 0 reused/);

      // The reload client exists only in what preview serves, never in the output files.
      const onDisk = await readFile(path.join(outDir, 'index.html'), 'utf8');
      expect(onDisk).toContain(marker);
      expect(onDisk).not.toContain('EventSource');
      expect(stdout + (await readFile(path.join(outDir, 'index.html'), 'utf8'))).not.toContain(key);
      await reader.cancel();
    } finally {
      child.kill('SIGINT');
      for (const cleanup of cleanups) await cleanup();
    }
    const result = await done;
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('preview stopped');
  }, 240_000);
});
