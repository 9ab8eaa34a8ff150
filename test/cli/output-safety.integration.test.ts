import { existsSync } from 'node:fs';
import { cp, mkdir, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { OUTPUT_MARKER } from '../../src/render/output-folder.ts';
import { runCli } from '../helpers/cli.ts';
import { readTree, tempDir } from '../helpers/fs.ts';
import { editPage } from '../helpers/interrupt.ts';
import { smallCopy } from '../helpers/small-site.ts';

vi.setConfig({ testTimeout: 120_000 });

/** What a refusal may cost beyond starting `offprint` at all: no lock, pull or render. */
const REFUSAL_BUDGET_MS = 1_000;

/** Every entry under `dir` (folders too) and every file's bytes. */
async function stateOf(dir: string): Promise<{ entries: string[]; files: Map<string, Buffer> }> {
  return { entries: (await readdir(dir, { recursive: true })).sort(), files: await readTree(dir) };
}

/**
 * `--out` (and `--cache`, `--pages`) pointed at what a build must not replace: each command
 * refuses with one line, exit 2, before any request, lock or work, with every file as it was.
 * And the outputs it may replace are built into: its own (with the marker, or an earlier
 * version's without), an empty folder, a missing one.
 */
describe('an output folder Offprint may replace', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let api: Server;
  let apiUrl: string;
  let requests = 0;

  beforeAll(async () => {
    temp = await tempDir('offprint-out-safety-');
    // Any request this API gets is one too many: the refusals come first.
    api = createServer((_request, response) => {
      requests += 1;
      response.writeHead(503).end();
    });
    await new Promise<void>((resolve) => api.listen(0, '127.0.0.1', resolve));
    apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => api.close(resolve));
    await temp.cleanup();
  });

  /** A folder of the case's own, holding a user's files. */
  async function caseFolder(name: string): Promise<string> {
    const dir = path.join(temp.dir, name);
    await mkdir(path.join(dir, 'notes', 'photos'), { recursive: true });
    await writeFile(path.join(dir, 'notes', 'todo.txt'), 'ship it\n');
    await writeFile(path.join(dir, 'notes', 'photos', 'launch.jpg'), Buffer.from([0xff, 0xd8, 1]));
    return dir;
  }

  const site = () => ['--api-url', apiUrl, '--org', 'acme', '--site', 'docs'];
  const siteEnv = { OFFPRINT_TOKEN: 'tok-out-safety' };

  /** The time `offprint` takes to refuse a bad flag: starting Node and the command line. */
  async function startUpMs(cwd: string): Promise<number> {
    const started = performance.now();
    const result = await runCli(['render', '--no-such-flag'], { cwd }).done;
    expect(result.code).toBe(2);
    return performance.now() - started;
  }

  async function expectRefused(
    args: string[],
    options: { cwd: string; watch: string; env?: NodeJS.ProcessEnv; message: RegExp },
  ): Promise<void> {
    const before = await stateOf(options.watch);
    const asked = requests;
    const floor = await startUpMs(options.cwd);
    const started = performance.now();
    const result = await runCli(args, { cwd: options.cwd, env: options.env }).done;
    const took = performance.now() - started;
    expect(result.code, result.stderr).toBe(2);
    const lines = result.stderr.trim().split('\n');
    expect(lines, result.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(/^offprint: /);
    expect(lines[0]).toMatch(options.message);
    expect(result.stdout).toBe('');
    expect(requests - asked, 'requests made before the refusal').toBe(0);
    expect(
      took - floor,
      `took ${took.toFixed(0)} ms, starting up ${floor.toFixed(0)} ms`,
    ).toBeLessThan(REFUSAL_BUDGET_MS);
    const after = await stateOf(options.watch);
    expect(after.entries).toEqual(before.entries);
    for (const [file, bytes] of before.files)
      expect(after.files.get(file)?.equals(bytes), file).toBe(true);
  }

  it("refuses a folder of the user's files, naming two of them and the count", async () => {
    const dir = await caseFolder('user-files');
    await expectRefused(['build', ...site(), '--out', 'notes', '--cache', 'cache'], {
      cwd: dir,
      watch: dir,
      env: siteEnv,
      message:
        /--out notes is a folder of 2 entries Offprint did not write \(photos\/ and todo\.txt\); .*choose another --out/,
    });
    // The bundled example, which needs no token, refuses it as well, before its platform starts.
    await expectRefused(['build', '--example', '--out', 'notes', '--cache', 'cache'], {
      cwd: dir,
      watch: dir,
      message: /--out notes is a folder of 2 entries/,
    });
  });

  it("refuses --out . in a folder holding the config file and the user's files", async () => {
    const dir = await caseFolder('dot');
    await writeFile(path.join(dir, 'offprint.config.json'), '{ "example": true }\n');
    await expectRefused(['build', '--out', '.'], {
      cwd: dir,
      watch: dir,
      message: /--out \. is the working folder; Offprint replaces --out whole/,
    });
    await expectRefused(['build', '--out', '..'], {
      cwd: path.join(dir, 'notes'),
      watch: dir,
      message: /--out \.\. is a folder that holds the working folder/,
    });
  });

  it('refuses a regular file, for build, render, pdf and preview', async () => {
    const dir = await caseFolder('file');
    await writeFile(path.join(dir, 'site.zip'), 'not a folder\n');
    for (const args of [
      ['build', ...site()],
      ['render'],
      ['pdf'],
      ['preview', '--example', '--port', '0'],
      // `--example` with `--site` is refused as the example's platform would start: the path
      // is refused first, so before that platform starts.
      ['build', '--example', '--site', 'docs'],
      ['preview', '--example', '--site', 'docs'],
    ])
      await expectRefused([...args, '--out', 'site.zip', '--cache', 'cache'], {
        cwd: dir,
        watch: dir,
        env: siteEnv,
        message: /--out site\.zip is a file, not a folder; .*choose another --out/,
      });
  });

  it('refuses the home folder, and a link to it', async () => {
    const dir = await caseFolder('home');
    const home = path.join(dir, 'home');
    await mkdir(home);
    await writeFile(path.join(home, '.profile'), 'export EDITOR=vi\n');
    await symlink(home, path.join(dir, 'link-to-home'));
    const env = { ...siteEnv, HOME: home };
    await expectRefused(['build', ...site(), '--out', home, '--cache', 'cache'], {
      cwd: dir,
      watch: dir,
      env,
      message: /--out .*\/home is your home folder/,
    });
    await expectRefused(['build', '--example', '--out', 'link-to-home', '--cache', 'cache'], {
      cwd: dir,
      watch: dir,
      env,
      message: /--out link-to-home is your home folder/,
    });
  });

  it('refuses a folder that holds the config file', async () => {
    const dir = await caseFolder('config');
    const project = path.join(dir, 'project');
    await mkdir(project);
    await writeFile(path.join(project, 'offprint.config.json'), '{ "org": "acme" }\n');
    await expectRefused(
      ['build', ...site(), '--config', 'project/offprint.config.json', '--out', 'project'],
      {
        cwd: dir,
        watch: dir,
        env: siteEnv,
        message: /--out project holds the config file .*project\/offprint\.config\.json/,
      },
    );
  });

  it('refuses a folder that holds the pages or the theme folder, and one inside the pages', async () => {
    const dir = await caseFolder('pages');
    await mkdir(path.join(dir, 'docs', 'pages'), { recursive: true });
    await writeFile(path.join(dir, 'docs', 'pages', 'guide.md'), '# Guide\n');
    await expectRefused(['render', '--pages', 'docs/pages', '--out', 'docs'], {
      cwd: dir,
      watch: dir,
      message: /--out docs holds the pages folder \(--pages docs\/pages\)/,
    });
    await expectRefused(['build', '--example', '--theme', 'docs/pages', '--out', 'docs'], {
      cwd: dir,
      watch: dir,
      message: /--out docs holds the theme folder \(--theme docs\/pages\)/,
    });
    await expectRefused(['render', '--pages', 'docs', '--out', 'docs/site'], {
      cwd: dir,
      watch: dir,
      message:
        /--out docs\/site is inside the pages folder \(--pages docs\), which the render reads/,
    });
  });

  it('refuses a cache inside the output, and an output inside the cache', async () => {
    const dir = await caseFolder('cache-in-out');
    // The output is Offprint's: only where the cache is makes it wrong.
    const { out } = await smallCopy(dir);
    await expectRefused(['build', '--example', '--cache', 'dist/cache', '--out', 'dist'], {
      cwd: dir,
      watch: dir,
      message:
        /--out dist holds the cache \(--cache dist\/cache\), which a build would delete and publish with the site: keep --cache outside --out/,
    });
    await expectRefused(['render', '--cache', 'cache', '--out', 'cache/site'], {
      cwd: dir,
      watch: dir,
      message: /--out cache\/site is inside the cache \(--cache cache\)/,
    });
    expect(existsSync(path.join(out, 'index.html'))).toBe(true);
  });

  it('refuses a cache among other files, and the working folder as the cache', async () => {
    const dir = await caseFolder('cache-other');
    await expectRefused(['pull', ...site(), '--cache', 'notes'], {
      cwd: dir,
      watch: dir,
      env: siteEnv,
      message:
        /--cache notes is a folder of 2 entries Offprint did not write \(photos\/ and todo\.txt\); choose another --cache/,
    });
    await expectRefused(['render', '--cache', '.', '--out', 'dist'], {
      cwd: dir,
      watch: dir,
      message: /--cache \. is the working folder; choose another --cache/,
    });
  });

  it('refuses a pages or theme folder that does not exist before the pull', async () => {
    const dir = await caseFolder('no-pages');
    await expectRefused(['build', ...site(), '--pages', 'pages', '--out', 'dist'], {
      cwd: dir,
      watch: dir,
      env: siteEnv,
      message: /^offprint: --pages pages: no such folder$/,
    });
    await expectRefused(['build', ...site(), '--theme', 'notes/todo.txt', '--out', 'dist'], {
      cwd: dir,
      watch: dir,
      env: siteEnv,
      message: /^offprint: --theme notes\/todo\.txt is not a folder$/,
    });
  });

  it('check-config refuses the same paths in a config file, naming the keys', async () => {
    const dir = await caseFolder('check-config');
    const project = path.join(dir, 'project');
    await mkdir(project);
    const config = path.join(project, 'offprint.config.json');
    // Paths in the file are relative to its folder.
    await writeFile(config, '{ "example": true, "out": "../notes", "cache": "../site" }\n');
    await mkdir(path.join(dir, 'site'));
    await writeFile(path.join(dir, 'site', 'index.html'), '<p>mine</p>\n');
    const before = await stateOf(dir);
    const result = await runCli(['check-config', '--config', config], { cwd: dir }).done;
    expect(result.code, result.stderr).toBe(2);
    // A line naming the file and the count, then a line per problem (config.ts).
    const lines = result.stderr.trim().split('\n');
    expect(lines, result.stderr).toHaveLength(3);
    expect(lines[0]).toMatch(/^offprint: config file .*offprint\.config\.json: 2 problems$/);
    expect(lines[1]).toMatch(
      /^ {2}"out": "\.\.\/notes" is a folder of 2 entries Offprint did not write/,
    );
    expect(lines[2]).toMatch(
      /^ {2}"cache": "\.\.\/site" is a folder of 1 entry Offprint did not write \(index\.html\)/,
    );
    expect(await stateOf(dir)).toEqual(before);
  });

  describe('builds into', () => {
    let dir: string;
    let cache: string;
    let out: string;

    beforeAll(async () => {
      dir = path.join(temp.dir, 'builds');
      await mkdir(dir);
      ({ cache, out } = await smallCopy(dir));
    });

    async function render(target: string): Promise<void> {
      const result = await runCli(['render', '--cache', cache, '--out', target]).done;
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toBe('');
      expect(existsSync(path.join(target, 'index.html'))).toBe(true);
    }

    it('its own previous output, which carries the marker', async () => {
      expect(existsSync(path.join(out, OUTPUT_MARKER))).toBe(true);
      await editPage(cache, 'An edit the render must show.');
      await render(out);
      const marker = await readFile(path.join(out, OUTPUT_MARKER));
      expect(marker.toString()).toMatch(/^This folder is a site built by Offprint/);
      // The marker is the same in every output: no date, no pid.
      const built = await readFile(path.join(inject('smallBuild').outDir, OUTPUT_MARKER));
      expect(marker.equals(built)).toBe(true);
    });

    it('an output of an earlier version, without the marker: it has one afterwards', async () => {
      const earlier = path.join(dir, 'earlier');
      await cp(out, earlier, { recursive: true });
      await rm(path.join(earlier, OUTPUT_MARKER));
      await writeFile(path.join(earlier, 'stale.html'), 'from the earlier build\n');
      await render(earlier);
      expect(existsSync(path.join(earlier, OUTPUT_MARKER))).toBe(true);
      // Replaced whole, as every output is.
      expect(existsSync(path.join(earlier, 'stale.html'))).toBe(false);
    });

    it('an empty folder and a missing one', async () => {
      const empty = path.join(dir, 'empty');
      await mkdir(empty);
      await render(empty);
      expect(existsSync(path.join(empty, OUTPUT_MARKER))).toBe(true);
      const missing = path.join(dir, 'new', 'site');
      await render(missing);
      expect(existsSync(path.join(missing, OUTPUT_MARKER))).toBe(true);
    });
  });
});
