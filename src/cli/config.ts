import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Command, Option } from 'commander';
import type { z } from 'zod';
import { PLACEHOLDERS } from './init/files.ts';
import { OPENAPI_CONFIG_KEY, type OpenapiConfig, openapiConfigProblems } from './openapi-config.ts';
import { UsageError } from './options.ts';
import { ConfigSchema, type ConfigValues } from './schemas/index.ts';

/**
 * The optional config file: `offprint.config.json` or `offprint.config.mjs` (default export) in
 * the working directory, or `--config PATH`. Its keys are the commands' long flag names in
 * camelCase, validated by `ConfigSchema` (src/cli/schemas/, one schema per area);
 * test/cli/config-keys.test.ts holds the commands' flags and the README to it. Precedence:
 * flag > config file > environment > default.
 */

export const CONFIG_NAMES = ['offprint.config.json', 'offprint.config.mjs'] as const;

/** Keys the file may never carry, and what to do instead: secrets belong in the environment or a file. */
const SECRET_KEYS: Record<string, string> = {
  token: '"token" is never read from a config file; set OFFPRINT_TOKEN or use "tokenFile"',
  shareKey: '"shareKey" is a secret and is never read from a config file; set OFFPRINT_SHARE_KEY',
};

/**
 * Options about the config file itself or about the run, not about the site: `--shard` names
 * the part one CI job renders, which a file every job reads cannot.
 */
export const NOT_CONFIGURABLE = new Set(['config', 'help', 'shard']);
/** Commands whose options are not config keys: they set up or check the config file. */
const NOT_CONFIGURED_COMMANDS = new Set(['init', 'check-config']);
/** Value placeholders that name a file system path: those resolve against the config's folder. */
const PATH_PLACEHOLDER = /[<[](?:dir|file|path)(?:\.\.\.)?[>\]]/;

export interface ConfigFile {
  file: string;
  values: Record<string, unknown>;
}

/** Finds the config file: the explicit one, else one of CONFIG_NAMES in `cwd`, else none. */
export function findConfig(explicit: string | undefined, cwd = process.cwd()): string | undefined {
  if (explicit) {
    const file = path.resolve(cwd, explicit);
    if (!existsSync(file)) throw new UsageError(`--config ${explicit}: no such file`);
    return file;
  }
  const present = CONFIG_NAMES.map((name) => path.join(cwd, name)).filter((f) => existsSync(f));
  if (present.length > 1)
    throw new UsageError(
      `both ${CONFIG_NAMES.join(' and ')} are in ${cwd}: keep one, or pick one with --config`,
    );
  return present[0];
}

/** Reads a config file into a plain object (not yet validated). */
export async function readConfig(file: string): Promise<ConfigFile> {
  let values: unknown;
  if (file.endsWith('.mjs') || file.endsWith('.js')) {
    try {
      values = ((await import(pathToFileURL(file).href)) as { default?: unknown }).default;
    } catch (error) {
      throw new UsageError(`config file ${file} failed to load: ${(error as Error).message}`);
    }
  } else {
    try {
      values = JSON.parse(await readFile(file, 'utf8'));
    } catch (error) {
      throw new UsageError(`config file ${file} is not valid JSON: ${(error as Error).message}`);
    }
  }
  if (typeof values !== 'object' || values === null || Array.isArray(values))
    throw new UsageError(`config file ${file} must hold an object of options (a default export)`);
  return { file, values: values as Record<string, unknown> };
}

/** Every configurable option of the program's commands, by camelCase key. */
export function configurableOptions(program: Command): Map<string, Option[]> {
  const byKey = new Map<string, Option[]>();
  for (const command of program.commands) {
    if (NOT_CONFIGURED_COMMANDS.has(command.name())) continue;
    for (const option of command.options) {
      const key = option.attributeName();
      if (NOT_CONFIGURABLE.has(key) || Object.hasOwn(SECRET_KEYS, key) || !option.long) continue;
      byKey.set(key, [...(byKey.get(key) ?? []), option]);
    }
  }
  return byKey;
}

/** A config file's keys once checked: the values that passed, and one line per problem. */
export interface CheckedConfig {
  values: ConfigValues;
  problems: string[];
}

/**
 * Checks every key of the file, each against its field of `ConfigSchema` (the same parse as the
 * whole schema's, key by key, so that the values that pass are kept for check-config to go on
 * with): a secret, an unknown key, a value of the wrong kind, a placeholder `offprint init`
 * left, a named spec outside the folder. Every problem is listed, each line naming its key.
 */
export function checkConfig(config: ConfigFile): CheckedConfig {
  const fields: Record<string, z.ZodType> = ConfigSchema.shape;
  const values: Record<string, unknown> = {};
  const problems: string[] = [];
  for (const [key, value] of Object.entries(config.values)) {
    const secret = Object.hasOwn(SECRET_KEYS, key) ? SECRET_KEYS[key] : undefined;
    const field = Object.hasOwn(fields, key) ? fields[key] : undefined;
    if (secret) problems.push(secret);
    else if (!field)
      problems.push(`unknown key "${key}" (keys are long flag names in camelCase, e.g. "apiUrl")`);
    else {
      const result = field.safeParse(value);
      if (result.success) values[key] = result.data;
      else
        for (const issue of result.error.issues)
          problems.push(`"${[key, ...issue.path.map(String)].join('.')}": ${issue.message}`);
    }
  }
  const valid = values as ConfigValues;
  problems.push(...placeholderProblems(valid));
  const specs: OpenapiConfig | undefined = valid[OPENAPI_CONFIG_KEY];
  if (specs) problems.push(...openapiConfigProblems(specs, path.dirname(config.file)));
  return { values: valid, problems };
}

/** Validates the file: its values, or a `UsageError` listing every problem (`configError`). */
export function validateConfig(config: ConfigFile): ConfigValues {
  const { values, problems } = checkConfig(config);
  if (problems.length > 0) throw configError(config.file, problems);
  return values;
}

/**
 * The error for a file's problems: one line for one problem; for more, a line that counts them
 * and then one indented line each.
 *
 *     config file /docs/offprint.config.json: 2 problems
 *       "concurrency": expected a positive whole number, got "four"
 *       "lockWait": expected a number of seconds (0 or more), got "soon"
 */
export function configError(file: string, problems: string[]): UsageError {
  if (problems.length === 1) return new UsageError(`config file ${file}: ${problems[0]}`);
  return new UsageError(
    [`config file ${file}: ${problems.length} problems`, ...problems.map((p) => `  ${p}`)].join(
      '\n',
    ),
  );
}

/**
 * Applies validated config values to the command about to run: a value replaces the option's
 * default or its environment variable, never a flag given on the command line. Keys the
 * command does not declare belong to other commands and are left alone.
 */
export function applyConfig(
  command: Command,
  config: { file: string; values: ConfigValues & Record<string, unknown> },
): void {
  const folder = path.dirname(config.file);
  for (const option of command.options) {
    const key = option.attributeName();
    const value = config.values[key];
    if (value === undefined || !option.long || NOT_CONFIGURABLE.has(key)) continue;
    const source = command.getOptionValueSource(key);
    if (source === 'cli') continue;
    let parsed: unknown = value;
    if (typeof value === 'string') {
      const text = PATH_PLACEHOLDER.test(option.flags) ? path.resolve(folder, value) : value;
      try {
        parsed = option.parseArg ? option.parseArg(text, undefined) : text;
      } catch (error) {
        throw new UsageError(`config file ${config.file}: "${key}": ${(error as Error).message}`);
      }
    }
    command.setOptionValueWithSource(key, parsed, 'config');
  }
  // Named specs are read by the pull: they go to the commands that pull (those with --api-url),
  // with the folder their paths are relative to.
  const specs = config.values[OPENAPI_CONFIG_KEY];
  if (specs !== undefined && command.options.some((o) => o.attributeName() === 'apiUrl'))
    command.setOptionValueWithSource(OPENAPI_CONFIG_KEY, { specs, folder }, 'config');
  // Analytics go to the commands that render (those with --feedback-url).
  const analytics = config.values.analytics;
  if (analytics !== undefined && command.options.some((o) => o.attributeName() === 'feedbackUrl'))
    command.setOptionValueWithSource('analytics', analytics, 'config');
}

/** A value `offprint init` left for the user to fill in stops every command, before any request. */
function placeholderProblems(values: ConfigValues): string[] {
  return Object.entries(PLACEHOLDERS).flatMap(([key, placeholder]) =>
    values[key as keyof ConfigValues] === placeholder
      ? [
          `"${key}" is still the placeholder ${placeholder}: put the ${key === 'org' ? 'organization' : 'site'} id there (README, "Building a real site")`,
        ]
      : [],
  );
}
