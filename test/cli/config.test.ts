import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Command, Option } from 'commander';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { applyConfig, configurableOptions, validateConfig } from '../../src/cli/config.ts';
import { createProgram } from '../../src/cli/main.ts';
import { UsageError } from '../../src/cli/options.ts';
import { ConfigSchema } from '../../src/cli/schemas/index.ts';
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

/** What a key's field makes of a value: the value, or the message of its refusal. */
function verdict(key: keyof typeof ConfigSchema.shape, value: unknown): unknown {
  const result = ConfigSchema.shape[key].safeParse(value);
  return result.success
    ? result.data
    : result.error.issues.map((issue) => issue.message).join('; ');
}

describe('the kinds of value', () => {
  it.each([
    // A number, or a string as a flag gives it; the value is the number either way.
    ['concurrency', 4, 4],
    ['concurrency', '4', 4],
    ['concurrency', ' 12 ', 12],
    ['concurrency', 'four', 'expected a positive whole number, got "four"'],
    ['concurrency', -3, 'expected a positive whole number, got -3'],
    ['concurrency', '1.5', 'expected a positive whole number, got "1.5"'],
    ['concurrency', 0, 'expected a positive whole number, got 0'],
    ['concurrency', '', 'expected a positive whole number, got ""'],
    ['concurrency', '0x10', 'expected a positive whole number, got "0x10"'],
    ['concurrency', true, 'expected a positive whole number, got true'],
    ['rateLimit', '60', 60],
    ['rateLimit', 1.5, 'expected a positive whole number, got 1.5'],
    ['port', 0, 0],
    ['port', '65535', 65535],
    ['port', 'abc', 'expected a port from 0 to 65535, got "abc"'],
    ['port', 65536, 'expected a port from 0 to 65535, got 65536'],
    ['port', '-1', 'expected a port from 0 to 65535, got "-1"'],
    ['rateLimitWait', '0.5', 0.5],
    ['rateLimitWait', 900, 900],
    ['rateLimitWait', 'x', 'expected a positive number of seconds, got "x"'],
    ['rateLimitWait', 0, 'expected a positive number of seconds, got 0'],
    [
      'rateLimitWait',
      Number.POSITIVE_INFINITY,
      'expected a positive number of seconds, got Infinity',
    ],
    ['interval', '2.5', 2.5],
    ['interval', '0', 'expected a positive number of seconds, got "0"'],
    ['rateWindow', -3, 'expected a positive number of seconds, got -3'],
    ['lockWait', 0, 0],
    ['lockWait', '0', 0],
    ['lockWait', '1e3', 'expected a number of seconds (0 or more), got "1e3"'],
    ['lockWait', 'soon', 'expected a number of seconds (0 or more), got "soon"'],
    ['lockWait', Number.NaN, 'expected a number of seconds (0 or more), got NaN'],
    ['pdfScope', 'site', 'site'],
    ['pdfScope', 'chapter', 'expected one of section, site, got "chapter"'],
    ['feedbackUrl', 'https://feedback.example', 'https://feedback.example/'],
    ['feedbackUrl', 'javascript:alert(1)', 'expected an http(s) URL, got "javascript:alert(1)"'],
    ['changeRequest', 'space:12', 'space:12'],
    ['changeRequest', 'space12', 'expected SPACE:NUMBER, got "space12"'],
    ['example', 'yes', 'expected true or false, got "yes"'],
    ['out', 5, 'expected text, got 5'],
    ['out', ['dist'], 'expected text, got ["dist"]'],
  ] as const)('%s: %j → %j', (key, value, expected) => {
    expect(verdict(key, value)).toEqual(expected);
  });
});

describe('a flag and its config key', () => {
  /** Values a flag may be given: good and bad for every kind. */
  const SAMPLES = [
    ...['4', '0', '1', '-3', '1.5', '0.5', '65535', '65536', 'four', '', ' 7 ', '1e3', '0x10'],
    ...['section', 'site', 'chapter', 'https://feedback.example/', 'ftp://x', 'space:12', 'abc'],
  ];

  it('accept the same values, as the same option values, and refuse the same', () => {
    const options = configurableOptions(createProgram());
    let compared = 0;
    for (const [key, flags] of options) {
      const field = (ConfigSchema.shape as Record<string, z.ZodType>)[key];
      if (!field) throw new Error(`${key} is no config key`);
      // Switches (--pdf, --no-try-it) take no value to parse.
      for (const option of flags.filter((o) => o.required || o.optional))
        for (const sample of SAMPLES) {
          const byKey = field.safeParse(sample);
          let byFlag: { ok: true; value: unknown } | { ok: false; message: string };
          try {
            byFlag = {
              ok: true,
              value: option.parseArg ? option.parseArg(sample, undefined) : sample,
            };
          } catch (error) {
            byFlag = { ok: false, message: (error as Error).message };
          }
          const where = `${option.flags} ${JSON.stringify(sample)}`;
          if (byKey.success) expect(byFlag, where).toEqual({ ok: true, value: byKey.data });
          else
            expect(byFlag, where).toEqual({
              ok: false,
              message: `${option.long}: ${byKey.error.issues[0]?.message}`,
            });
          compared++;
        }
    }
    expect(compared).toBeGreaterThan(500);
  });

  it('name the flag, or the environment variable the value came from', async () => {
    const [flag, variable] = await Promise.all([
      runCli(['build', '--example', '--rate-limit-wait', 'x']).done,
      runCli(['build', '--example'], { env: { OFFPRINT_RATE_LIMIT_WAIT: 'soon' } }).done,
    ]);
    expect([flag.code, variable.code]).toEqual([2, 2]);
    expect(flag.stderr.trim()).toBe(
      'offprint: --rate-limit-wait: expected a positive number of seconds, got "x"',
    );
    expect(variable.stderr.trim()).toBe(
      'offprint: OFFPRINT_RATE_LIMIT_WAIT: expected a positive number of seconds, got "soon"',
    );
  });
});

describe('every problem of a file', () => {
  const file = '/x/offprint.config.json';

  it('is one line when there is one', () => {
    expect(() => validateConfig({ file, values: { port: 'abc' } })).toThrow(
      new UsageError(
        'config file /x/offprint.config.json: "port": expected a port from 0 to 65535, got "abc"',
      ),
    );
  });

  it('is counted, then listed a line each, naming its key, in the order of the file', () => {
    const values = {
      concurrency: 'four',
      sitee: 'docs',
      token: 'abc',
      org: 'YOUR_ORG_ID',
      lockWait: 'soon',
      openapi: { billing: '../billing.yaml' },
      page: 'p',
    };
    expect(() => validateConfig({ file, values })).toThrow(
      new UsageError(
        [
          'config file /x/offprint.config.json: 7 problems',
          '  "concurrency": expected a positive whole number, got "four"',
          '  unknown key "sitee" (keys are long flag names in camelCase, e.g. "apiUrl")',
          '  "token" is never read from a config file; set OFFPRINT_TOKEN or use "tokenFile"',
          '  "lockWait": expected a number of seconds (0 or more), got "soon"',
          '  unknown key "page" (keys are long flag names in camelCase, e.g. "apiUrl")',
          '  "org" is still the placeholder YOUR_ORG_ID: put the organization id there (README, "Building a real site")',
          '  "openapi.billing": ../billing.yaml leaves the config file\'s folder',
        ].join('\n'),
      ),
    );
  });

  it('gives the values as numbers, however they were written', () => {
    expect(
      validateConfig({ file, values: { concurrency: '4', rateLimitWait: 0.5, port: '8080' } }),
    ).toEqual({ concurrency: 4, rateLimitWait: 0.5, port: 8080 });
  });
});
