import { cp, mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkConfigValues } from '../../src/cli/commands/check-config.ts';
import { applyConfig, validateConfig } from '../../src/cli/config.ts';
import { createProgram } from '../../src/cli/main.ts';
import { runCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/fs.ts';
import { type LocalPlatform, startPlatform, TOKEN } from '../helpers/platform.ts';

vi.setConfig({ testTimeout: 120_000 });

const FIXTURES = fileURLToPath(new URL('../fixtures/openapi', import.meta.url));

describe('the config file\'s "openapi" key (named specs)', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let folder: string;
  let file: string;
  beforeAll(async () => {
    temp = await tempDir('offprint-openapi-config-');
    folder = path.join(temp.dir, 'docs');
    await cp(path.join(FIXTURES, 'named'), folder, { recursive: true });
    await writeFile(path.join(temp.dir, 'outside.yaml'), 'x: 1\n');
    await symlink(path.join(temp.dir, 'outside.yaml'), path.join(folder, 'specs', 'out.yaml'));
    file = path.join(folder, 'offprint.config.json');
  });
  afterAll(() => temp?.cleanup());

  const validate = (openapi: unknown) => validateConfig({ file, values: { org: 'acme', openapi } });

  it('accepts names mapped to files inside the config folder and http(s) URLs', () => {
    const specs = { billing: 'specs/billing.yaml', petstore: 'https://specs.example/p.json' };
    expect(validate(specs).openapi).toEqual(specs);
  });

  it('refuses a path that leaves the config folder, naming the key', () => {
    expect(() => validate({ billing: '../x.yaml' })).toThrow(
      `config file ${file}: "openapi.billing": ../x.yaml leaves the config file's folder`,
    );
    expect(() => validate({ billing: '/etc/passwd' })).toThrow(
      /"openapi.billing": \/etc\/passwd is an absolute path/,
    );
    expect(() => validate({ out: 'specs/out.yaml' })).toThrow(
      `"openapi.out": specs/out.yaml is a link that leaves the config file's folder`,
    );
    expect(() => validate({ f: 'file:///etc/passwd' })).toThrow(
      /neither an http\(s\) URL nor a file path/,
    );
    expect(() => validate(['specs/billing.yaml'])).toThrow(/"openapi"/);
  });

  it('check-config reports a named spec file that is missing', () => {
    const { problems } = checkConfigValues(
      { example: true, openapi: { billing: 'specs/billing.yaml', gone: 'specs/gone.yaml' } },
      folder,
    );
    expect(problems).toEqual([`"openapi.gone": no file ${path.join(folder, 'specs/gone.yaml')}`]);
    const ok = checkConfigValues(
      { example: true, openapi: { billing: 'specs/billing.yaml' } },
      folder,
    );
    expect(ok.problems).toEqual([]);
    expect(ok.summary).toContain('openapi: billing (specs/billing.yaml)');
  });

  it('reaches the commands that pull, with the config folder', () => {
    const program = createProgram();
    const values = validate({ billing: 'specs/billing.yaml' });
    const pull = program.commands.find((c) => c.name() === 'pull');
    const render = program.commands.find((c) => c.name() === 'render');
    if (!pull || !render) throw new Error('no pull or render command');
    applyConfig(pull, { file, values });
    applyConfig(render, { file, values });
    expect(pull.opts().openapi).toEqual({ specs: { billing: 'specs/billing.yaml' }, folder });
    expect(render.opts().openapi).toBeUndefined();
  });

  describe('through the command line', () => {
    let platform: LocalPlatform;
    beforeAll(async () => {
      platform = await startPlatform({ dir: path.join(FIXTURES, 'site') });
    });
    afterAll(() => platform?.close());

    it('offprint pull stores the named spec and counts spec documents in its summary', async () => {
      const project = path.join(temp.dir, 'cli');
      await cp(path.join(FIXTURES, 'named'), project, { recursive: true });
      await mkdir(path.join(project, 'cache'), { recursive: true });
      await writeFile(
        path.join(project, 'offprint.config.json'),
        JSON.stringify({
          apiUrl: platform.url,
          org: 'acme',
          site: 'docs',
          cache: 'cache',
          openapi: { billing: 'specs/billing.yaml' },
        }),
      );
      const result = await runCli(['pull'], { cwd: project, env: { OFFPRINT_TOKEN: TOKEN } }).done;
      expect(result.code, result.stderr).toBe(0);
      expect(result.stdout).toMatch(/, 12 spec documents \(7 fetched, 5 left out\), /);
      // Refused URLs of the fixture's pages: one warning line each, the pull still succeeds.
      expect(result.stderr).toMatch(/OpenAPI spec file:\/\/\/etc\/passwd left out: refused/);
    });

    it('offprint check-config refuses a path that leaves the folder, exit 2', async () => {
      const project = path.join(temp.dir, 'bad');
      await mkdir(project, { recursive: true });
      await writeFile(
        path.join(project, 'offprint.config.json'),
        JSON.stringify({ example: true, openapi: { billing: '../billing.yaml' } }),
      );
      const result = await runCli(['check-config'], { cwd: project }).done;
      expect(result.code).toBe(2);
      expect(result.stderr.trim()).toBe(
        `offprint: config file ${path.join(project, 'offprint.config.json')}: "openapi.billing": ../billing.yaml leaves the config file's folder`,
      );
    });
  });
});
