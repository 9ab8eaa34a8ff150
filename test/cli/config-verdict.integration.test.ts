import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCli } from '../helpers/cli.ts';
import { tempDir } from '../helpers/fs.ts';
import { smallPlatform } from '../helpers/small-site.ts';

vi.setConfig({ testTimeout: 120_000 });

/**
 * `check-config` and `build` give the same verdict on a config file: CI runs `check-config`
 * first to catch what a build would refuse, so a file one refuses the other refuses too, naming
 * the same keys, and a file one accepts the other builds. The refused files name the bundled
 * example (`"example": true`); the accepted ones build the global setup's small site from the
 * local platform (its URL, org and site in the file, the token in the environment), which shows
 * the same verdict in a third of the example's build.
 */

/** Files that both refuse, and the keys the refusal names. */
const REFUSED: [string, Record<string, unknown>, string[]][] = [
  ['concurrency "four"', { concurrency: 'four' }, ['concurrency']],
  ['concurrency -3', { concurrency: -3 }, ['concurrency']],
  ['concurrency 1.5', { concurrency: 1.5 }, ['concurrency']],
  ['rateLimitWait "x"', { rateLimitWait: 'x' }, ['rateLimitWait']],
  ['lockWait "soon"', { lockWait: 'soon' }, ['lockWait']],
  ['port "abc"', { port: 'abc' }, ['port']],
  ['interval 0', { interval: '0' }, ['interval']],
  ['pdfScope "chapter"', { pdfScope: 'chapter' }, ['pdfScope']],
  ['feedbackUrl ftp:', { feedbackUrl: 'ftp://feedback.example' }, ['feedbackUrl']],
  ['changeRequest without a colon', { changeRequest: 'space12' }, ['changeRequest']],
  ['an unknown key', { concurrancy: 4 }, ['concurrancy']],
  ['a secret', { shareKey: 'k' }, ['shareKey']],
  ['two problems', { concurrency: 'four', lockWait: 'soon' }, ['concurrency', 'lockWait']],
];

/** Files that both accept: every number key, written as numbers and as a flag gives them. */
const ACCEPTED: [string, Record<string, unknown>][] = [
  [
    'numbers',
    {
      concurrency: 4,
      rateLimitWait: 900,
      lockWait: 0,
      port: 0,
      interval: 2.5,
      rateLimit: 60,
      rateWindow: 60,
      pdfScope: 'site',
    },
  ],
  [
    'strings',
    {
      concurrency: '2',
      rateLimitWait: '0.5',
      lockWait: '30',
      port: '65535',
      interval: '10',
      rateLimit: '1',
      rateWindow: '0.25',
      pdfScope: 'section',
      feedbackUrl: 'https://feedback.example/answers',
    },
  ],
];

/** The keys a refusal names: `"key": …` or `unknown key "key"`, on one line or one per key. */
function namedKeys(stderr: string): string[] {
  return [...stderr.matchAll(/^(?:offprint: config file \S+: | {2})(?:unknown key )?"(\w+)"/gm)]
    .map((match) => match[1] as string)
    .sort();
}

describe('check-config and build: one verdict per config file', () => {
  let temp: Awaited<ReturnType<typeof tempDir>>;
  let small: Awaited<ReturnType<typeof smallPlatform>>;
  beforeAll(async () => {
    temp = await tempDir('offprint-config-verdict-');
    small = await smallPlatform();
  });
  afterAll(async () => {
    await small?.close();
    await temp?.cleanup();
  });

  /** A folder with the file, which builds the example unless `site` names another. */
  async function project(
    name: string,
    values: Record<string, unknown>,
    site: Record<string, unknown> = { example: true },
  ): Promise<string> {
    const dir = path.join(temp.dir, name.replace(/\W+/g, '-'));
    await mkdir(dir);
    const file = { ...site, cache: '.offprint', ...values };
    await writeFile(path.join(dir, 'offprint.config.json'), JSON.stringify(file));
    return dir;
  }

  it.each(REFUSED)(
    '%s: both exit 2 naming the same keys, before any work',
    async (name, values, keys) => {
      const dir = await project(name, { ...values, cache: '.offprint' });
      const [check, build] = await Promise.all([
        runCli(['check-config'], { cwd: dir }).done,
        runCli(['build'], { cwd: dir }).done,
      ]);
      expect(check.code, check.stderr).toBe(2);
      expect(build.code, build.stderr).toBe(2);
      expect(namedKeys(check.stderr)).toEqual([...keys].sort());
      expect(build.stderr).toBe(check.stderr);
      // Refused before the pull or the render made anything.
      expect(existsSync(path.join(dir, '.offprint'))).toBe(false);
      expect(existsSync(path.join(dir, 'dist'))).toBe(false);
    },
  );

  it('a file with two problems is one line to count them and one line for each', async () => {
    const dir = await project('lines', { concurrency: 'four', lockWait: 'soon' });
    const check = await runCli(['check-config'], { cwd: dir }).done;
    expect(check.stderr.trimEnd().split('\n')).toEqual([
      `offprint: config file ${path.join(dir, 'offprint.config.json')}: 2 problems`,
      '  "concurrency": expected a positive whole number, got "four"',
      '  "lockWait": expected a number of seconds (0 or more), got "soon"',
    ]);
  });

  it.each(ACCEPTED)(
    '%s: check-config passes the file and build builds with it',
    async (name, values) => {
      const [, apiUrl, , org, , site] = small.args;
      const dir = await project(name, values, { apiUrl, org, site });
      const check = await runCli(['check-config'], { cwd: dir }).done;
      expect(check.code, check.stderr).toBe(0);
      expect(check.stdout).toContain('is valid');
      const build = await runCli(['build'], { cwd: dir, env: small.env }).done;
      expect(build.code, build.stderr).toBe(0);
      expect(existsSync(path.join(dir, 'dist', 'index.html'))).toBe(true);
    },
  );
});
