import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Command, Option } from 'commander';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { applyConfig, validateConfig } from '../../src/cli/config.ts';
import { runCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/fs.ts';
import { type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';

// Each test runs `offprint` as a process (about a second of start-up, more on a busy machine).
vi.setConfig({ testTimeout: 120_000 });

/** The config file through `offprint pull` (no render, so each run stays quick). */
describe('offprint.config.json / .mjs', () => {
  let platform: LocalPlatform;
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let project: string;
  beforeAll(async () => {
    platform = await startPlatform();
    temp = await tempDir('offprint-config-');
    project = path.join(temp.dir, 'project');
    await mkdir(project);
  });
  afterAll(async () => {
    await platform?.close();
    await temp?.cleanup();
  });

  const env = { OFFPRINT_TOKEN: TOKEN };
  const base = () => ({ apiUrl: platform.url, org: 'acme-rockets' });

  it('is found in the working directory (.mjs), beats the environment, resolves paths against its folder', async () => {
    const folder = path.join(temp.dir, 'mjs');
    await mkdir(folder);
    await writeFile(
      path.join(folder, 'offprint.config.mjs'),
      `export default ${JSON.stringify({ ...base(), site: 'docs', cache: 'from-config' })};\n`,
    );
    const result = await runCli(['pull', '--verbose'], {
      cwd: folder,
      env: { ...env, OFFPRINT_SITE: 'site-from-env' },
    }).done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toMatch(/^pulled Acme Rockets Docs: /m);
    // --verbose: what was resolved, and each space's revision.
    expect(result.stdout).toMatch(/^ {2}pull: site docs of organization acme-rockets from http/m);
    expect(result.stdout).toMatch(/^ {2}space guides-v2: revision \w+, \d+ pages$/m);
    expect(existsSync(path.join(folder, 'from-config', 'snapshot', 'manifest.json'))).toBe(true);
  });

  it('--config PATH from elsewhere: relative paths still resolve against the file', async () => {
    const file = path.join(project, 'offprint.config.json');
    await writeFile(file, JSON.stringify({ ...base(), site: 'docs', cache: 'cache-dir' }));
    const result = await runCli(['pull', '--config', file, '--quiet'], { cwd: temp.dir, env }).done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout + result.stderr).toBe('');
    expect(existsSync(path.join(project, 'cache-dir', 'snapshot', 'manifest.json'))).toBe(true);
  });

  it('is used over the environment, and a flag wins over it', async () => {
    const file = path.join(project, 'wrong-site.json');
    await writeFile(
      file,
      JSON.stringify({ ...base(), site: 'site-from-config', cache: 'cache-dir' }),
    );
    const fromConfig = await runCli(['pull', '--config', file], {
      env: { ...env, OFFPRINT_SITE: 'docs' },
    }).done;
    expect(fromConfig.code).toBe(1);
    expect(fromConfig.stderr.trim()).toBe(
      'offprint: GET /orgs/acme-rockets/sites/site-from-config/published → 404: site site-from-config not found',
    );
    const flagWins = await runCli(['pull', '--config', file, '--site', 'docs'], { env }).done;
    expect(flagWins.code, flagWins.stderr).toBe(0);
  });

  it('refuses a bad file with exit 2 and one line naming the key and the file', async () => {
    const cases: [object, RegExp][] = [
      [{ sitee: 'docs' }, /config file .*bad-0\.json: unknown key "sitee"/],
      [
        { token: 'abc' },
        /bad-1\.json: "token" is never read from a config file; set OFFPRINT_TOKEN or use "tokenFile"/,
      ],
      [{ concurrency: 0 }, /bad-2\.json: "concurrency": expected a positive whole number, got 0/],
      [{ example: 'yes' }, /bad-3\.json: "example": /],
    ];
    // Side by side: each is a separate process and none touches the others' files.
    const results = await Promise.all(
      cases.map(async ([values], i) => {
        const file = path.join(project, `bad-${i}.json`);
        await writeFile(file, JSON.stringify(values));
        return runCli(['pull', '--config', file], { env }).done;
      }),
    );
    results.forEach((result, i) => {
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(result.stderr).toMatch((cases[i] as [object, RegExp])[1]);
      expect(result.stderr).not.toContain('abc');
    });
  });

  it('refuses a --config that does not exist', async () => {
    const result = await runCli(['pull', '--config', 'nope.json'], { cwd: temp.dir, env }).done;
    expect(result.code).toBe(2);
    expect(result.stderr.trim()).toBe('offprint: --config nope.json: no such file');
  });
});

describe('config values on the commands', () => {
  function program() {
    const root = new Command('offprint');
    root
      .command('build')
      .addOption(new Option('--pages <dir>', 'local pages'))
      .addOption(new Option('--site-url <url>', 'canonical origin'))
      .addOption(new Option('--fail-on-broken-links', 'fail'))
      .addOption(new Option('--concurrency <n>').default(8).argParser(Number))
      .action(() => {});
    root
      .command('preview')
      .addOption(new Option('--port <n>'))
      .action(() => {});
    return root;
  }

  it('maps camelCase keys, resolves <dir> values against the file, keeps flags on top', async () => {
    const root = program();
    const build = root.commands[0] as Command;
    const file = '/projects/docs/offprint.config.json';
    const values = validateConfig({
      file,
      values: {
        pages: 'pages',
        siteUrl: 'https://docs.example',
        failOnBrokenLinks: true,
        concurrency: 5,
        port: 8080,
      },
    });
    build.hook('preAction', (_p, command) => applyConfig(command, { file, values }));
    await root.parseAsync(['node', 'offprint', 'build', '--site-url', 'https://flag.example']);
    expect(build.opts()).toEqual({
      pages: '/projects/docs/pages',
      siteUrl: 'https://flag.example',
      failOnBrokenLinks: true,
      concurrency: 5,
    });
  });

  it('names an unknown key and the file', () => {
    expect(() =>
      validateConfig({ file: '/x/offprint.config.json', values: { page: 'p' } }),
    ).toThrow('config file /x/offprint.config.json: unknown key "page"');
  });

  it('names a value of the wrong kind', () => {
    expect(() =>
      validateConfig({ file: '/x/offprint.config.json', values: { pdfScope: 'chapter' } }),
    ).toThrow(/^config file \/x\/offprint.config.json: "pdfScope": /);
  });
});
