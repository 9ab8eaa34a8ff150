import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { packTree } from '../helpers/pack.ts';

// One pack, npx's install of the tarball, init, npm install and two builds: a few minutes on 2
// busy cores.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 600_000 });

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Records every module Node loads, in each process and thread, into LOADED_LOG's folder. */
const LOAD_RECORDER = `
import { appendFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { threadId } from 'node:worker_threads';
const loaded = [];
registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });
process.on('exit', () => appendFileSync(process.env.LOADED_LOG, loaded.join('\\n') + '\\n'));
void threadId;
`;

interface Run {
  stdout: string;
  stderr: string;
}

/** A command in `cwd` with npm's cache only (the registry is not asked), CI-style output. */
async function sh(cwd: string, command: string, args: string[], env = {}): Promise<Run> {
  try {
    return await run(command, args, {
      cwd,
      env: { ...process.env, CI: 'true', npm_config_prefer_offline: 'true', ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
  } catch (error) {
    const { stdout, stderr } = error as Run;
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`);
  }
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** A shell code block of the README's install section that holds `marker`, as written. */
async function readmeBlock(marker: string): Promise<string> {
  const readme = await readFile(path.join(ROOT, 'README.md'), 'utf8');
  const from = readme.indexOf('\n## Use it in your docs repository');
  const section = readme.slice(from, readme.indexOf('\n## ', from + 1));
  const blocks = [...section.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1] as string);
  const block = blocks.find((text) => text.includes(marker));
  if (!block) throw new Error(`no sh block with ${marker} under "Use it in your docs repository"`);
  return block;
}

/** The commands of a block, one a line, each with the comment after it left to the shell. */
const commands = (block: string) => block.split('\n').filter((line) => line.trim() !== '');

interface Steps {
  lines: string[];
  /** What each command printed, in order: `steps[i]` is what `lines[i]` printed. */
  steps: Run[];
}

/** What the block's command that starts with `start` printed. */
function step({ lines, steps }: Steps, start: string): Run {
  const index = lines.findIndex((line) => line.startsWith(start));
  if (index < 0) throw new Error(`no command ${start} in:\n${lines.join('\n')}`);
  return steps[index] as Run;
}

/**
 * Runs a README block as a user pastes it into one shell (so `cd` and `export` carry over), in
 * `cwd`, stopping at the first command that fails. A marker before each command splits the
 * output by command, so a failure names its line.
 */
async function runBlock(cwd: string, lines: string[], env = {}): Promise<Steps> {
  const mark = (i: number) => `@@offprint-readme-step-${i}@@`;
  const script = lines
    .map((line, i) => `echo ${mark(i)}; echo ${mark(i)} >&2\n${line}`)
    .concat(`echo ${mark(lines.length)}; echo ${mark(lines.length)} >&2`)
    .join('\n');
  const { stdout, stderr } = await sh(cwd, 'bash', ['-e', '-c', script], env);
  const split = (text: string) => text.split(/@@offprint-readme-step-\d+@@\n/).slice(1);
  const [outs, errs] = [split(stdout), split(stderr)];
  // Every command ran, and the end was reached: each exited 0 (`bash -e`).
  expect(outs.length).toBe(lines.length + 1);
  return { lines, steps: lines.map((_, i) => ({ stdout: outs[i] ?? '', stderr: errs[i] ?? '' })) };
}

/**
 * npx's install folders (under npm's cache) of a tarball in `work`: `npx --package=TARBALL`
 * installs the whole tree into one, about 600 MB, which nothing else would remove.
 */
async function npxFoldersOf(work: string): Promise<string[]> {
  const { stdout } = await run(npm, ['config', 'get', 'cache']);
  const cache = path.join(stdout.trim(), '_npx');
  if (!existsSync(cache)) return [];
  const folders: string[] = [];
  for (const name of await readdir(cache)) {
    const folder = path.join(cache, name);
    const manifest = await readFile(path.join(folder, 'package.json'), 'utf8').catch(() => '{}');
    const spec = (JSON.parse(manifest) as { dependencies?: Record<string, string> }).dependencies
      ?.offprint;
    if (spec?.startsWith('file:') && path.resolve(folder, spec.slice(5)).startsWith(work))
      folders.push(folder);
  }
  return folders;
}

describe("the packed package, installed as the README's install section says", () => {
  let work: string;
  let repo: string;
  let tarball: string;
  let spec: string;
  let example: Steps;
  let ownSite: Steps;
  let build: Run;
  let loaded: string[];

  beforeAll(async () => {
    // Outside the checkout, so nothing resolves from its node_modules (where TypeScript is).
    work = await mkdtemp(path.join(os.tmpdir(), 'offprint-pack-'));
    const block = await readmeBlock('--package=');
    const lines = commands(block);
    // The block makes the docs repository and goes into it; the tarball is where its
    // `--package=` path points from there, beside that folder, as `npm pack` names it.
    const made = /^mkdir (\S+) && cd \1\b/.exec(lines[0] ?? '')?.[1];
    spec = /--package=(\S+)/.exec(block)?.[1] ?? '';
    if (!made) throw new Error(`the README's block does not start with mkdir DIR && cd DIR`);
    repo = path.join(work, made);
    const destination = path.dirname(path.resolve(repo, spec));
    await mkdir(destination, { recursive: true });
    tarball = await packTree(work, destination);
    expect(path.resolve(repo, spec)).toBe(tarball);

    example = await runBlock(work, lines);
    // The README's next block points the repository at a site of its own: every command of it
    // that needs no platform (the build would ask api.gitbook.com with the token "...").
    const site = commands(await readmeBlock('--api-url'));
    ownSite = await runBlock(
      repo,
      site.slice(
        0,
        site.findIndex((l) => l.startsWith('npm run build')),
      ),
    );
    await sh(repo, npx, ['offprint', 'init', '--force', '--example']);

    // The repository's own theme override, beside init's pages/ folder.
    await mkdir(path.join(repo, 'theme'));
    await writeFile(
      path.join(repo, 'theme', 'Footer.astro'),
      `---\nimport DefaultFooter from 'offprint:default/Footer';\nconst { site } = Astro.props;\n---\n<DefaultFooter site={site} />\n<p class="repo-footer">Built from the docs repository.</p>\n`,
    );
    const config = JSON.parse(await readFile(path.join(repo, 'offprint.config.json'), 'utf8'));
    await writeFile(
      path.join(repo, 'offprint.config.json'),
      JSON.stringify({ ...config, theme: 'theme' }),
    );

    const recorder = path.join(work, 'record-loads.mjs');
    await writeFile(recorder, LOAD_RECORDER);
    const log = path.join(work, 'loaded.txt');
    build = await sh(repo, npm, ['run', 'build'], {
      NODE_OPTIONS: `--import=${recorder}`,
      LOADED_LOG: log,
    });
    loaded = (await readFile(log, 'utf8')).split('\n').filter(Boolean);
  });

  afterAll(async () => {
    if (!work) return;
    for (const folder of await npxFoldersOf(work))
      await rm(folder, { recursive: true, force: true });
    await rm(work, { recursive: true, force: true });
  });

  it('runs every command of the example block, each exiting 0', async () => {
    expect(example.steps.length).toBeGreaterThanOrEqual(5);
    const manifest = JSON.parse(await readFile(path.join(repo, 'package.json'), 'utf8'));
    // init pinned the tarball npx ran, as the README's path, so npm install found it.
    expect(manifest.devDependencies.offprint).toBe(`file:${spec}`);
    const lock = JSON.parse(await readFile(path.join(repo, 'package-lock.json'), 'utf8'));
    expect(lock.packages['node_modules/offprint'].resolved).toBe(`file:${spec}`);
    const output = example.steps.map((step) => `${step.stdout}${step.stderr}`).join('');
    expect(output).toContain('offprint.config.json is valid');
    expect(output).toMatch(/rendered \d+ pages .* pages indexed for search/);
  });

  it("runs the own-site block's commands up to its build, the tarball still pinned", async () => {
    expect(ownSite.steps.length).toBeGreaterThanOrEqual(3);
    const check = step(ownSite, 'npm run check-config');
    expect(check.stdout).toContain('token: from OFFPRINT_TOKEN');
    const manifest = JSON.parse(await readFile(path.join(repo, 'package.json'), 'utf8'));
    expect(manifest.devDependencies.offprint).toBe(`file:${spec}`);
  });

  it('installs without engine warnings, and without TypeScript', async () => {
    for (const command of ['npx ', 'npm install'])
      expect(Object.values(step(example, command)).join('')).not.toMatch(/EBADENGINE/);
    expect(existsSync(path.join(repo, 'node_modules/offprint/lib/cli/main.js'))).toBe(true);
    expect(existsSync(path.join(repo, 'node_modules/typescript'))).toBe(false);
  });

  it("installs quietly once init has declared esbuild's install script", () => {
    expect(step(example, 'npm install').stderr).not.toMatch(/npm warn/);
  });

  it('ships compiled JavaScript with source maps and the config type', async () => {
    const lib = path.join(repo, 'node_modules/offprint/lib');
    expect(existsSync(path.join(lib, 'cli/main.js.map'))).toBe(true);
    const types = await readFile(path.join(lib, 'cli/public-config.d.ts'), 'utf8');
    expect(types).toContain('export type { OffprintConfig }');
    // The type is what the config schema accepts (src/cli/schemas/).
    const schemas = await readFile(path.join(lib, 'cli/schemas/index.d.ts'), 'utf8');
    expect(schemas).toContain('export type OffprintConfig = z.input<typeof ConfigSchema>');
  });

  it('builds from the compiled package: no TypeScript module is loaded by Node', () => {
    expect(loaded.some((url) => url.endsWith('/node_modules/offprint/lib/cli/main.js'))).toBe(true);
    expect(loaded.filter((url) => /\.[mc]?ts$/.test(url))).toEqual([]);
  });

  it('writes the example with the repository’s page and theme, assets and a search index', async () => {
    expect(build.stdout).toMatch(/rendered \d+ pages .* pages indexed for search/);
    const dist = path.join(repo, 'dist');
    const home = await readFile(path.join(dist, 'index.html'), 'utf8');
    expect(home).toContain('Built from the docs repository.');
    const sample = await readFile(path.join(dist, 'about-this-site/index.html'), 'utf8');
    expect(sample).toContain('About this site');
    expect(existsSync(path.join(dist, 'pagefind/pagefind.js'))).toBe(true);
    expect(existsSync(path.join(dist, 'pagefind/pagefind-entry.json'))).toBe(true);
    const assets = await readdir(path.join(dist, '_astro'));
    expect(assets.some((file) => file.endsWith('.css'))).toBe(true);
    expect(assets.some((file) => file.endsWith('.js'))).toBe(true);
  });
});
