import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// One pack, one install of the tarball, one init and one build: about a minute on 2 cores.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 360_000 });

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

describe('the packed package in a docs repository of its own', () => {
  let work: string;
  let repo: string;
  let install: Run;
  let reinstall: Run;
  let build: Run;
  let loaded: string[];

  beforeAll(async () => {
    // Outside the checkout, so nothing resolves from its node_modules (where TypeScript is).
    work = await mkdtemp(path.join(os.tmpdir(), 'offprint-pack-'));
    const tarball = await pack(work);

    repo = path.join(work, 'docs-repo');
    await mkdir(repo);
    // A docs repository with its own package.json (`npm init -y`), which init then extends:
    // npm installs into it, never into a node_modules or package.json above the temp folder.
    await writeFile(
      path.join(repo, 'package.json'),
      `${JSON.stringify({ name: 'acme-docs', private: true }, null, 2)}\n`,
    );
    install = await sh(repo, npm, ['install', '--no-audit', '--no-fund', tarball]);
    await sh(repo, npx, ['offprint', 'init', '--example']);
    // What a clone of the repository runs: init declared esbuild's install script.
    reinstall = await sh(repo, npm, ['install', '--no-audit', '--no-fund']);
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
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('installs without engine warnings, and without TypeScript', async () => {
    expect(`${install.stdout}${install.stderr}`).not.toMatch(/EBADENGINE/);
    expect(existsSync(path.join(repo, 'node_modules/offprint/lib/cli/main.js'))).toBe(true);
    expect(existsSync(path.join(repo, 'node_modules/typescript'))).toBe(false);
    // init extended the repository's own package.json rather than replacing it.
    const manifest = JSON.parse(await readFile(path.join(repo, 'package.json'), 'utf8'));
    expect(manifest.name).toBe('acme-docs');
    expect({ ...manifest.dependencies, ...manifest.devDependencies }).toHaveProperty('offprint');
  });

  it("installs quietly once init has declared esbuild's install script", () => {
    expect(reinstall.stderr).not.toMatch(/npm warn/);
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

/**
 * `npm pack` of a copy of the tree (the package's files, with the checkout's node_modules for
 * prepack's compile): prepack writes lib/ and postpack removes it, which in the checkout itself
 * would switch other tests' `offprint` processes to lib/ and back mid-run.
 */
async function pack(work: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')) as {
    files: string[];
  };
  const stage = path.join(work, 'stage');
  const copied = [...manifest.files, 'package.json', 'README.md', 'tsconfig.build.json'];
  for (const entry of copied)
    await cp(path.join(ROOT, entry), path.join(stage, entry), {
      recursive: true,
      filter: (source) => !source.startsWith(path.join(ROOT, 'lib')),
    });
  await symlink(path.join(ROOT, 'node_modules'), path.join(stage, 'node_modules'), 'dir');
  const { stdout } = await sh(stage, npm, ['pack', '--json', '--pack-destination', work]);
  const [result] = JSON.parse(stdout) as { filename: string }[];
  if (!result) throw new Error(`npm pack printed no file:\n${stdout}`);
  return path.join(work, result.filename);
}
