import { execFile } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { importsOf, packageOf } from '../architecture/package-imports.ts';
import { packTree } from '../helpers/pack.ts';

// One pack, pnpm's install of the tarball and a build: about 2 minutes on 2 busy cores.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 600_000 });

const run = promisify(execFile);
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

/** pnpm from the npm registry, by major version, so a new major's defaults come by choice. */
const PNPM = 'pnpm@12';

/**
 * The docs repository's pnpm settings. `hoist: false` is pnpm at its strictest (as Yarn PnP
 * is): by default pnpm also links every package into node_modules/.pnpm/node_modules, where a
 * package finds what it never declared, and the tarball with `hast-util-sanitize` undeclared
 * built there. esbuild's install script is allowed, as `init` allows it for npm.
 */
const WORKSPACE = 'allowBuilds:\n  esbuild: true\nhoist: false\n';

interface Run {
  stdout: string;
  stderr: string;
}

async function sh(cwd: string, command: string, args: string[]): Promise<Run> {
  try {
    return await run(command, args, { cwd, maxBuffer: 64 * 1024 * 1024 });
  } catch (error) {
    const { stdout, stderr } = error as Run;
    throw new Error(`${command} ${args.join(' ')} failed in ${cwd}:\n${stdout}\n${stderr}`);
  }
}

/** The `.d.ts` files `entry` reaches through relative imports, itself included. */
function declarationsFrom(entry: string): string[] {
  const seen = new Set<string>();
  const walk = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const { specifier } of importsOf(file, readFileSync(file, 'utf8')))
      if (specifier.startsWith('.'))
        walk(path.join(path.dirname(file), specifier.replace(/\.[jt]s$/, '.d.ts')));
  };
  walk(entry);
  return [...seen];
}

/** Whether Node finds `name` from `dir`: a node_modules/NAME in it or a folder above. */
function findsPackage(dir: string, name: string): boolean {
  for (let at = dir; ; at = path.dirname(at)) {
    if (existsSync(path.join(at, 'node_modules', name, 'package.json'))) return true;
    if (path.dirname(at) === at) return false;
  }
}

describe('the packed package, installed by pnpm with nothing hoisted', () => {
  let work: string;
  let repo: string;
  let install: Run;
  let build: Run;

  beforeAll(async () => {
    // Outside the checkout, so nothing resolves from its node_modules.
    work = await mkdtemp(path.join(os.tmpdir(), 'offprint-pnpm-'));
    const tarball = await packTree(work, work);
    repo = path.join(work, 'docs');
    await mkdir(repo);
    await writeFile(path.join(repo, 'package.json'), '{ "name": "docs", "private": true }\n');
    await writeFile(path.join(repo, 'pnpm-workspace.yaml'), WORKSPACE);
    install = await sh(repo, npx, ['--yes', PNPM, 'add', '--save-dev', tarball]);
    build = await sh(repo, npx, ['offprint', 'build', '--example']);
  });

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true });
  });

  it('installs into a strict node_modules: the package alone at the top, nothing hoisted', async () => {
    expect(`${install.stdout}${install.stderr}`).toMatch(/offprint 0\.\d+\.\d+/);
    const offprint = realpathSync(path.join(repo, 'node_modules/offprint'));
    expect(offprint).toContain(`${path.sep}.pnpm${path.sep}`);
    expect(existsSync(path.join(repo, 'node_modules/.pnpm/node_modules'))).toBe(false);
    expect(existsSync(path.join(repo, 'node_modules/astro'))).toBe(false);
    const manifest = JSON.parse(await readFile(path.join(repo, 'package.json'), 'utf8'));
    expect(manifest.devDependencies.offprint).toMatch(/^file:/);
  });

  it('builds the example: pages, assets and the search index', async () => {
    expect(build.stdout).toMatch(/rendered \d+ pages .* pages indexed for search/);
    const dist = path.join(repo, 'dist');
    const sample = await readFile(path.join(dist, 'getting-started/index.html'), 'utf8');
    expect(sample).toContain('<title>Getting started | Acme Rockets Docs</title>');
    expect(existsSync(path.join(dist, 'pagefind/pagefind.js'))).toBe(true);
  });

  it("resolves the config type's imports from the installed package", () => {
    const offprint = realpathSync(path.join(repo, 'node_modules/offprint'));
    const files = declarationsFrom(path.join(offprint, 'lib/cli/public-config.d.ts'));
    expect(files.length).toBeGreaterThan(2);
    const packages = new Set(
      files.flatMap((file) =>
        importsOf(file, readFileSync(file, 'utf8')).flatMap(
          (i) => packageOf(i.specifier)?.name ?? [],
        ),
      ),
    );
    expect([...packages]).toContain('zod');
    const missing = [...packages].filter((name) => !findsPackage(offprint, name));
    expect(missing).toEqual([]);
  });
});
