import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { CHROMIUM, chromiumAvailable } from '../../test/helpers/browser.ts';
import { buildExample } from './example-build.ts';
import type { Benchmark, Figure } from './types.ts';

/**
 * Lighthouse's mobile run (its default: a mid-range phone, simulated slow 4G) on the example's
 * pages with a cover, served as a CDN would serve them: gzip for text, `assets/` and `_astro/`
 * cached for a year. Issue 58's bar: performance ≥ 90, accessibility ≥ 98 on each. Chromium is
 * Debian's (`CHROMIUM`), headless; nothing is downloaded.
 */
const PAGES = {
  // The telemetry section is shown to the early-access program's visitors (adaptive content).
  'telemetry home (hero cover, 3,200 px, light and dark)': 'telemetry/?visitor.beta=true',
  'launch sites (background cover, light and dark)': 'concepts/launch-sites/',
  'scrubs (full cover)': 'operations/scrubs/',
};

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSED = /^(text\/|application\/json|image\/svg)/;

export const lighthouseBenchmark: Benchmark = {
  name: 'lighthouse',
  description:
    'Lighthouse (mobile) performance and accessibility of the example pages with a cover',
  async run() {
    if (!chromiumAvailable()) throw new Error(`no Chromium at ${CHROMIUM}`);
    const work = await mkdtemp(path.join(os.tmpdir(), 'offprint-bench-lighthouse-'));
    let server: Server | undefined;
    let chromium: ChildProcess | undefined;
    try {
      const { outDir, base } = await buildExample(work);
      server = await serveGzip(outDir, base);
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const browser = await startChromium(path.join(work, 'profile'));
      chromium = browser.process;
      const figures: Figure[] = [];
      for (const [name, page] of Object.entries(PAGES)) {
        const result = await lighthouse(`${origin}${base}${page}`, {
          port: browser.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`lighthouse gave no result for ${page}`);
        if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        figures.push(
          { name: `${name}: performance`, value: score('performance'), unit: 'score' },
          { name: `${name}: accessibility`, value: score('accessibility'), unit: 'score' },
          {
            name: `${name}: largest contentful paint`,
            value: Math.round(metric('largest-contentful-paint')) / 1000,
            unit: 's',
          },
          {
            name: `${name}: cumulative layout shift`,
            value: Math.round(metric('cumulative-layout-shift') * 1000) / 1000,
            unit: 'CLS',
          },
        );
      }
      return figures;
    } finally {
      if (chromium?.pid) process.kill(-chromium.pid);
      server?.closeAllConnections();
      await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
      await rm(work, { recursive: true, force: true });
    }
  },
};

/** `dist/` under `base`, gzip for text and a year's caching for hashed files, as a CDN serves it. */
async function serveGzip(dir: string, base: string): Promise<Server> {
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    let relative = decodeURIComponent(url.pathname);
    if (!relative.startsWith(base)) relative = '/404.html';
    relative = relative.slice(base.length);
    if (relative === '' || relative.endsWith('/')) relative += 'index.html';
    const file = path.join(dir, relative);
    if (!file.startsWith(dir + path.sep)) {
      res.writeHead(403).end();
      return;
    }
    let body: Buffer;
    let status = 200;
    try {
      body = await readFile(file);
    } catch {
      body = await readFile(path.join(dir, '404.html'));
      status = 404;
    }
    const type =
      status === 404 ? TYPES['.html'] : (TYPES[path.extname(file)] ?? 'application/octet-stream');
    const headers: Record<string, string> = { 'content-type': type as string };
    if (/^(assets|_astro|_offprint)\//.test(relative))
      headers['cache-control'] = 'public, max-age=31536000, immutable';
    if (COMPRESSED.test(type as string) && /gzip/.test(String(req.headers['accept-encoding']))) {
      body = gzipSync(body);
      headers['content-encoding'] = 'gzip';
    }
    res.writeHead(status, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

/** Debian's Chromium, headless, with a DevTools port for Lighthouse to drive. */
async function startChromium(profile: string): Promise<{ process: ChildProcess; port: number }> {
  const child = spawn(
    CHROMIUM,
    [
      '--headless=new',
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      '--no-first-run',
      '--disable-sync',
      '--disable-component-update',
      '--disable-quic',
      '--no-sandbox',
      'about:blank',
    ],
    // Its own process group: /usr/bin/chromium is a script that starts the browser as a child,
    // and the group is what is ended after the run.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let text = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      const found = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(text);
      if (found) resolve(Number(found[1]));
    });
    child.once('exit', (code) => reject(new Error(`chromium exited (${code}): ${text.trim()}`)));
  });
  return { process: child, port };
}
