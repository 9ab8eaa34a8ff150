import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parse } from 'yaml';
import { runCli } from '../helpers/cli.ts';

// Each test runs `offprint` as a process, as a user would.
vi.setConfig({ testTimeout: 60_000 });

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'offprint-init-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const read = (file: string) => readFile(path.join(dir, file), 'utf8');
const readJson = async (file: string) => JSON.parse(await read(file));
const init = (...args: string[]) => runCli(['init', dir, ...args]).done;

interface Step {
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  env?: Record<string, string>;
}

describe('offprint init', () => {
  it('scaffolds a docs repository from flags', async () => {
    const result = await init(
      '--api-url',
      'https://api.example.test',
      '--org',
      'o1',
      '--site',
      's1',
    );
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);

    const manifest = await readJson('package.json');
    expect(manifest.name).toBe(path.basename(dir).toLowerCase());
    expect(manifest.devDependencies.offprint).toMatch(/^\^\d+\.\d+\.\d+/);
    // esbuild's postinstall is declared, so npm 11 installs without a warning.
    expect(manifest.allowScripts).toEqual({ esbuild: true });
    expect(manifest.scripts).toMatchObject({
      build: 'offprint build',
      preview: 'offprint preview',
    });
    expect(await readJson('offprint.config.json')).toEqual({
      apiUrl: 'https://api.example.test',
      org: 'o1',
      site: 's1',
      pages: 'pages',
    });
    expect((await read('.gitignore')).split('\n')).toEqual(
      expect.arrayContaining(['.offprint/', 'dist/']),
    );
    expect(await read('pages/about-this-site.md')).toMatch(/^---\ntitle: About this site\n/);
    expect(result.stdout).toContain('npm run build');
  });

  it('writes a workflow that installs Offprint as a dependency and deploys dist/', async () => {
    expect((await init('--org', 'o1', '--site', 's1')).code).toBe(0);
    const workflow = parse(await read('.github/workflows/deploy.yml'));
    const steps: Step[] = workflow.jobs.build.steps;
    const runs = steps.flatMap((step) => (step.run ? [step.run] : []));
    const uses = steps.flatMap((step) => (step.uses ? [step.uses.split('@')[0]] : []));
    expect(uses).toEqual([
      'actions/checkout',
      'actions/setup-node',
      'actions/cache',
      'actions/upload-pages-artifact',
    ]);
    expect(runs[0]).toBe('npm ci');
    expect(runs[1]).toBe('npx offprint check-config');
    expect(runs[2]).toMatch(/^npx offprint build --out dist /);
    const build = steps.find((step) => step.run === runs[2]);
    expect(Object.keys(build?.env ?? {})).toEqual(['OFFPRINT_TOKEN']);
    expect(build?.env?.OFFPRINT_TOKEN).toMatch(/^\$\{\{ secrets\.OFFPRINT_TOKEN \}\}$/);
    expect(workflow.jobs.deploy.steps[0].uses).toMatch(/^actions\/deploy-pages@/);
  });

  it("keeps .offprint between runs, restoring the newest cache whatever the key's content", async () => {
    expect((await init('--org', 'o1', '--site', 's1')).code).toBe(0);
    const workflow = parse(await read('.github/workflows/deploy.yml'));
    const steps: Step[] = workflow.jobs.build.steps;
    const cache = steps.find((step) => step.uses?.startsWith('actions/cache@'));
    const build = steps.findIndex((step) => step.run?.includes('offprint build'));
    // Restored before the build (the post step saves it after).
    expect(steps.indexOf(cache as Step)).toBeLessThan(build);
    expect(String(cache?.with?.path).split('\n')).toEqual(expect.arrayContaining(['.offprint']));
    expect(steps[build]?.run).toContain('--cache .offprint');
    // A key per run, so a new cache is saved each time; a restore key that is its prefix, so
    // the newest one is restored (image variants of unchanged images with it).
    const key = String(cache?.with?.key);
    const restore = String(cache?.with?.['restore-keys']).trim();
    expect(key).toMatch(/\$\{\{ github\.run_id \}\}/);
    expect(restore.length).toBeGreaterThan(0);
    expect(key.startsWith(restore)).toBe(true);
  });

  it('leaves placeholders without flags or a terminal, which check-config refuses', async () => {
    expect((await init()).code).toBe(0);
    expect(await readJson('offprint.config.json')).toMatchObject({
      apiUrl: 'https://api.gitbook.com',
      org: 'YOUR_ORG_ID',
      site: 'YOUR_SITE_ID',
    });
    const check = await runCli(['check-config'], { cwd: dir }).done;
    expect(check.code).toBe(2);
    expect(check.stderr).toContain('"org" is still the placeholder YOUR_ORG_ID');
    // Every command refuses it, before any request.
    const build = await runCli(['build'], { cwd: dir, env: { OFFPRINT_TOKEN: 't' } }).done;
    expect(build.code).toBe(2);
    expect(build.stderr).toContain('placeholder YOUR_ORG_ID');
  });

  it('refuses to overwrite, writing nothing, and replaces with --force', async () => {
    expect((await init('--org', 'o1', '--site', 's1')).code).toBe(0);
    await writeFile(path.join(dir, 'offprint.config.json'), '{"org": "mine"}\n');
    await writeFile(path.join(dir, 'pages/about-this-site.md'), 'my page\n');

    const again = await init('--org', 'o2', '--site', 's2');
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^offprint: init would overwrite/);
    expect(again.stderr).toContain('offprint.config.json exists');
    expect(again.stderr).toContain('pages/about-this-site.md exists');
    expect(again.stderr).toContain('--force');
    expect(await read('offprint.config.json')).toBe('{"org": "mine"}\n');

    const forced = await init('--org', 'o2', '--site', 's2', '--force');
    expect(forced.code).toBe(0);
    expect((await readJson('offprint.config.json')).org).toBe('o2');
    expect(await read('pages/about-this-site.md')).toContain('About this site');
  });

  it("adds to the repository's package.json and .gitignore, refusing a different build script", async () => {
    await writeFile(
      path.join(dir, 'package.json'),
      JSON.stringify({
        name: 'team-docs',
        scripts: { build: 'make docs', lint: 'x' },
        allowScripts: { sharp: false },
      }),
    );
    await writeFile(path.join(dir, '.gitignore'), 'node_modules\ndist');

    const refused = await init('--example');
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('package.json has other "build" script');
    expect(existsSync(path.join(dir, 'offprint.config.json'))).toBe(false);

    expect((await init('--example', '--force')).code).toBe(0);
    const manifest = await readJson('package.json');
    expect(manifest.name).toBe('team-docs');
    expect(manifest.scripts).toMatchObject({ build: 'offprint build', lint: 'x' });
    expect(manifest.devDependencies.offprint).toBeDefined();
    expect(manifest.allowScripts).toEqual({ esbuild: true, sharp: false });
    // `dist` already ignores dist/: only .offprint/ is added.
    expect(await read('.gitignore')).toBe('node_modules\ndist\n.offprint/\n');
    expect(await readJson('offprint.config.json')).toEqual({ example: true, pages: 'pages' });
  });
});

describe('offprint check-config', () => {
  it('checks the file and names where the token comes from, never the token', async () => {
    await mkdir(path.join(dir, 'pages'));
    await writeFile(
      path.join(dir, 'offprint.config.json'),
      JSON.stringify({ apiUrl: 'https://api.example.test', org: 'o1', site: 's1', pages: 'pages' }),
    );
    const token = 'tok-do-not-print-1234';
    const result = await runCli(['check-config'], { cwd: dir, env: { OFFPRINT_TOKEN: token } })
      .done;
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('is valid');
    expect(result.stdout).toContain('token: from OFFPRINT_TOKEN');
    expect(result.stdout).toContain(`pages: ${path.join(dir, 'pages')}`);
    expect(`${result.stdout}${result.stderr}`).not.toContain(token);
  });

  it('names each problem: a missing folder, a bad URL, an unset id', async () => {
    await writeFile(
      path.join(dir, 'offprint.config.json'),
      JSON.stringify({ apiUrl: 'ftp://x', org: 'o1', pages: 'nowhere' }),
    );
    const result = await runCli(['check-config'], { cwd: dir, env: { OFFPRINT_SITE: '' } }).done;
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"site" is not set (nor OFFPRINT_SITE)');
    expect(result.stderr).toContain(
      '"apiUrl" ftp://x is not an http or https URL (it starts with ftp:)',
    );
    expect(result.stderr).toContain(`"pages": no directory ${path.join(dir, 'nowhere')}`);

    const none = await runCli(['check-config'], { cwd: path.join(dir, '..') }).done;
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no config file');
  });
});
