import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { apiUrlProblem } from '../api-url.ts';
import { CONFIG_NAMES, checkConfig, configError, findConfig, readConfig } from '../config.ts';
import {
  OPENAPI_CONFIG_KEY,
  type OpenapiConfig,
  openapiConfigProblems,
} from '../openapi-config.ts';
import { UsageError } from '../options.ts';
import { createOutput, type VerbosityOptions } from '../output.ts';
import { configPathProblems } from '../path-rules.ts';
import { type ConfigKey, type ConfigValues, mustExistKeys } from '../schemas/index.ts';

const EXAMPLES = `
Examples:
  $ offprint check-config                          # offprint.config.json in this folder
  $ offprint check-config --config site/offprint.config.json

Checks, without any network call: the keys, and each value as the commands would take it
(numbers, ports, seconds, words such as pdfScope), placeholders left by offprint init, the API
URL, that the ids are set (in the file or OFFPRINT_ORG / OFFPRINT_SITE), and that the folders
and files it names exist (the named OpenAPI specs of "openapi" too). Every problem gets a line
naming its key; exit 2. It says where the token would come from, never the token.`;

export function registerCheckConfig(program: Command): void {
  program
    .command('check-config')
    .description('Check the config file before any network call')
    .addHelpText('after', EXAMPLES)
    .action(async (options: VerbosityOptions & { config?: string }) => {
      const output = createOutput(options);
      const file = findConfig(options.config);
      if (!file)
        throw new UsageError(
          `no config file: ${CONFIG_NAMES.join(' or ')} in ${process.cwd()} (or pass --config PATH)`,
        );
      const config = await readConfig(file);
      const checked = checkConfig(config);
      const { problems, summary } = checkConfigValues(checked.values, path.dirname(file));
      // A key whose value was refused is left out of the values: "not set" would repeat it.
      const refused = Object.keys(config.values).filter(
        (key) => !Object.hasOwn(checked.values, key),
      );
      const all = new Set([
        ...checked.problems,
        ...problems.filter((line) => !refused.some((key) => line.startsWith(`"${key}"`))),
      ]);
      if (all.size > 0) throw configError(file, [...all]);
      output.info(`config file ${file} is valid`);
      for (const line of summary) output.info(`  ${line}`);
    });
}

/** Where each id comes from when the file leaves it out. */
const SITE_KEYS = {
  apiUrl: 'OFFPRINT_API_URL',
  org: 'OFFPRINT_ORG',
  site: 'OFFPRINT_SITE',
} satisfies Partial<Record<ConfigKey, string>>;

/**
 * What the file's values would do to a build, read off the values alone: problems that would
 * stop one, and a summary of where the site and the token come from.
 */
export function checkConfigValues(
  values: ConfigValues,
  folder: string,
  env: NodeJS.ProcessEnv = process.env,
): { problems: string[]; summary: string[] } {
  const problems: string[] = [];
  const summary: string[] = [];
  if (values.example) {
    if (values.apiUrl || values.site)
      problems.push('"example" builds the bundled example: drop "apiUrl" and "site"');
    summary.push('site: the bundled example (no token, no network)');
  } else {
    for (const [key, variable] of Object.entries(SITE_KEYS) as [keyof typeof SITE_KEYS, string][]) {
      const value = values[key] ?? env[variable];
      if (!value) problems.push(`"${key}" is not set (nor ${variable})`);
      else summary.push(`${key}: ${value}${values[key] === undefined ? ` (${variable})` : ''}`);
    }
    const apiUrl = values.apiUrl ?? env.OFFPRINT_API_URL;
    const apiUrlRefusal =
      apiUrl && apiUrlProblem(apiUrl, values.apiUrl ? '"apiUrl"' : 'OFFPRINT_API_URL');
    if (apiUrlRefusal) problems.push(apiUrlRefusal);
    summary.push(`token: ${tokenSource(values, env)}`);
  }
  // The path keys whose schema says they must exist (pages, theme, tokenFile).
  for (const [key, kind] of mustExistKeys()) {
    const value = values[key];
    if (typeof value !== 'string') continue;
    const target = path.resolve(folder, value);
    const found = existsSync(target) && statSync(target).isDirectory() === (kind === 'directory');
    if (!found) problems.push(`"${key}": no ${kind} ${target}`);
    else summary.push(`${key}: ${target}`);
  }
  // The folders a build would refuse to write or read (path-rules.ts).
  problems.push(...configPathProblems(values, folder));
  const specs: OpenapiConfig | undefined = values[OPENAPI_CONFIG_KEY];
  if (specs) {
    const found = openapiConfigProblems(specs, folder, { mustExist: true });
    problems.push(...found);
    if (found.length === 0)
      summary.push(
        `openapi: ${Object.entries(specs)
          .map(([name, source]) => `${name} (${source})`)
          .join(', ')}`,
      );
  }
  return { problems, summary };
}

/** Where build and pull would read the token: named, never shown. */
function tokenSource(values: ConfigValues, env: NodeJS.ProcessEnv): string {
  if (values.tokenFile) return `from the file in "tokenFile"`;
  if (env.OFFPRINT_TOKEN?.trim()) return 'from OFFPRINT_TOKEN';
  if (env.OFFPRINT_SHARE_KEY?.trim())
    return 'none; the share key (OFFPRINT_SHARE_KEY) reads the site';
  return 'not set: build and pull need OFFPRINT_TOKEN or "tokenFile"';
}
