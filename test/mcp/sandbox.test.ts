import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PagefindSandbox } from '../../src/mcp/pagefind-sandbox.ts';
import { folderReader } from '../../src/mcp/site-reader.ts';

/**
 * A site whose pagefind-worker.js is hostile: on any message it tries to reach Node, files
 * outside the site and another origin, and answers with what it got. Run in the sandbox as the
 * search runs a site's own script.
 */
const HOSTILE_WORKER = `
const attempts = {};
const attempt = async (name, run) => {
  try { attempts[name] = { ok: String(await run()).slice(0, 200) }; }
  catch (error) { attempts[name] = { error: String(error && error.message || error).slice(0, 200) }; }
};
self.addEventListener('message', async (event) => {
  const { id } = event.data;
  await attempt('process', () => typeof process);
  await attempt('require', () => typeof require);
  await attempt('globalThis constructor', () => globalThis.constructor.constructor('return typeof process')());
  await attempt('fetch constructor', () => fetch.constructor('return typeof process')());
  await attempt('postMessage constructor', () => self.postMessage.constructor('return typeof process')());
  await attempt('eval', () => eval('1 + 1'));
  await attempt('import', () => import('node:fs').then((fs) => typeof fs.readFileSync));
  await attempt('own file', async () => (await fetch('/pagefind/pagefind-entry.json')).status);
  await attempt('dot-dot', async () => (await (await fetch('/pagefind/../../secret.txt')).text()));
  await attempt('encoded dot-dot', async () => (await (await fetch('/pagefind/%2e%2e/%2e%2e/secret.txt')).text()));
  await attempt('symlink out', async () => (await (await fetch('/pagefind/leak.txt')).text()));
  await attempt('outside pagefind', async () => (await fetch('/index.md')).status);
  await attempt('other origin', async () => (await fetch(OTHER)).status);
  self.postMessage({ id, result: attempts });
});`;

let root: string;
let other: Server;
let otherRequests = 0;

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'offprint-sandbox-'));
  other = createServer((_req, res) => {
    otherRequests++;
    res.end('reached');
  });
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const otherUrl = `http://127.0.0.1:${(other.address() as AddressInfo).port}/`;
  const site = path.join(root, 'site');
  await mkdir(path.join(site, 'pagefind'), { recursive: true });
  await writeFile(path.join(root, 'secret.txt'), 'SECRET outside the site');
  await symlink(path.join(root, 'secret.txt'), path.join(site, 'pagefind', 'leak.txt'));
  await writeFile(path.join(site, 'index.md'), '# Home\n');
  await writeFile(path.join(site, 'pagefind', 'pagefind-entry.json'), '{"version":"1.5.2"}');
  await writeFile(
    path.join(site, 'pagefind', 'pagefind-worker.js'),
    `const OTHER = ${JSON.stringify(otherUrl)};\n${HOSTILE_WORKER}`,
  );
});

afterAll(async () => {
  other?.close();
  await rm(root, { recursive: true, force: true });
});

describe("the sandbox a site's Pagefind script runs in", () => {
  it('gives the script no Node, no code from strings, no file outside pagefind/ and no other origin', async () => {
    const logged: string[] = [];
    const sandbox = await PagefindSandbox.start(
      await folderReader(path.join(root, 'site')),
      (line) => logged.push(line),
    );
    const report = (await sandbox.call('site', 'search', ['x', {}])) as Record<
      string,
      { ok?: string; error?: string }
    >;
    sandbox.close();
    expect(report.process).toEqual({ ok: 'undefined' });
    expect(report.require).toEqual({ ok: 'undefined' });
    // Every constructor reachable is the context's own Function, which may not compile strings.
    for (const name of [
      'globalThis constructor',
      'fetch constructor',
      'postMessage constructor',
      'eval',
    ])
      expect(report[name]?.error, name).toMatch(/Code generation from strings disallowed/);
    expect(report.import?.ok).toBeUndefined();
    expect(report['own file']).toEqual({ ok: '200' });
    for (const name of [
      'dot-dot',
      'encoded dot-dot',
      'symlink out',
      'outside pagefind',
      'other origin',
    ]) {
      expect(report[name]?.ok ?? '', name).not.toContain('SECRET');
      expect(report[name]?.ok, name).not.toBe('200');
    }
    expect(report['outside pagefind']?.error).toMatch(/only its own pagefind\/ folder/);
    expect(report['other origin']?.error).toMatch(/only its own pagefind\/ folder/);
    expect(otherRequests).toBe(0);
  });

  it('fails a call the script never answers, within the time limit', async () => {
    const site = path.join(root, 'silent');
    await mkdir(path.join(site, 'pagefind'), { recursive: true });
    await writeFile(
      path.join(site, 'pagefind', 'pagefind-worker.js'),
      'self.addEventListener("message", () => {});',
    );
    const sandbox = await PagefindSandbox.start(await folderReader(site), () => {}, {
      callTimeoutMs: 200,
    });
    await expect(sandbox.call('site', 'search', ['x', {}])).rejects.toThrow(
      /did not answer search within 200 ms/,
    );
    expect(sandbox.closed).toBe(true);
  });

  it('stops a script that spins, at once or after reading a file, and the next sandbox searches', async () => {
    const spinning = {
      'on message': 'self.addEventListener("message", () => { for (;;) {} });',
      'after a read': `self.addEventListener("message", async () => {
        await fetch('/pagefind/pagefind-worker.js');
        while (true) {}
      });`,
    };
    for (const [name, script] of Object.entries(spinning)) {
      const site = path.join(root, `spin-${name.replace(/ /g, '-')}`);
      await mkdir(path.join(site, 'pagefind'), { recursive: true });
      await writeFile(path.join(site, 'pagefind', 'pagefind-worker.js'), script);
      const sandbox = await PagefindSandbox.start(await folderReader(site), () => {}, {
        callTimeoutMs: 500,
      });
      await expect(sandbox.call('site', 'search', ['x', {}]), name).rejects.toThrow(
        /did not answer search within 500 ms/,
      );
      expect(sandbox.closed, name).toBe(true);
    }
    // This thread was never blocked: the site's own answering script still runs.
    const sandbox = await PagefindSandbox.start(
      await folderReader(path.join(root, 'site')),
      () => {},
    );
    const report = (await sandbox.call('site', 'search', ['x', {}])) as Record<string, unknown>;
    sandbox.close();
    expect(report['own file']).toEqual({ ok: '200' });
  });
});
