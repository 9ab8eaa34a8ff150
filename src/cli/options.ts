import { readFile } from 'node:fs/promises';
import { type Command, Option } from 'commander';
import type { z } from 'zod';
import { apiUrlProblem } from './api-url.ts';
import { CHANGE_REQUEST } from './schemas/fields.ts';
import { ConfigSchema, type OptionsOf, type SiteConfig } from './schemas/index.ts';

/**
 * The options shared by commands that read a site from the API (docs/architecture.md "Command line"): each
 * flag has an environment variable, the flag winning. The token has no flag (flags end up in
 * shell history and process lists): it comes from OFFPRINT_TOKEN or --token-file.
 */
export function addSiteOptions(command: Command): Command {
  return command
    .addOption(
      new Option('--api-url <url>', 'API base URL (/v1 is appended)').env('OFFPRINT_API_URL'),
    )
    .addOption(
      new Option('--token-file <path>', 'read the API token from this file (else OFFPRINT_TOKEN)'),
    )
    .addOption(new Option('--org <id>', 'organization id').env('OFFPRINT_ORG'))
    .addOption(new Option('--site <id>', 'site id').env('OFFPRINT_SITE'))
    .addOption(
      new Option('--share-key <key>', "a share link's key, to read a share-link site").env(
        'OFFPRINT_SHARE_KEY',
      ),
    )
    .addOption(
      parsedAsKey(
        new Option(
          '--change-request <space:number>',
          "build with a change request's content in place of its space's",
        ),
      ),
    )
    .addOption(cacheOption())
    .addOption(
      new Option(
        '--allow-visitor-auth',
        'build a visitor-auth site anyway (every page becomes public)',
      ),
    )
    .addOption(
      parsedAsKey(
        new Option('--concurrency <n>', 'requests in flight at once, at most').default(8),
      ),
    )
    .addOption(
      parsedAsKey(
        new Option(
          '--rate-limit-wait <seconds>',
          "how long a request may wait on the platform's rate limit before the pull gives up",
        )
          .env('OFFPRINT_RATE_LIMIT_WAIT')
          .default(900),
      ),
    );
}

/** The options of `addSiteOptions`: the keys of `SiteConfig`, as commander parses and defaults them. */
export type SiteOptions = OptionsOf<
  typeof SiteConfig,
  {
    /** A secret: a flag or OFFPRINT_SHARE_KEY, never config. */
    shareKey?: string;
    cache: string;
    concurrency: number;
    /** Seconds: the default, or the flag's or OFFPRINT_RATE_LIMIT_WAIT's value as a number. */
    rateLimitWait: number;
    /** Named OpenAPI specs: the config file's `openapi` with its folder (`applyConfig`). */
    openapi?: { specs: Record<string, string>; folder: string };
  }
>;

/** Where `--out` and `--cache` point when neither a flag nor the config file says. */
export const DEFAULT_PATHS = { out: 'dist', cache: '.offprint' } as const;

/** `--cache`, for every command that reads or writes the snapshot. */
export function cacheOption(): Option {
  return new Option('--cache <dir>', 'snapshot and render cache').default(DEFAULT_PATHS.cache);
}

/** An option value that the user must fix: the message names the flag and what to do. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface ResolvedSite {
  apiUrl: string;
  token: string | undefined;
  organizationId: string;
  siteId: string;
  shareKey?: string;
  changeRequest?: { spaceId: string; changeRequestId: string };
}

export async function resolveSite(
  options: SiteOptions,
  env: NodeJS.ProcessEnv = process.env,
): Promise<ResolvedSite> {
  const apiUrl = required(options.apiUrl, '--api-url or OFFPRINT_API_URL');
  const apiUrlRefusal = apiUrlProblem(apiUrl);
  if (apiUrlRefusal) throw new UsageError(apiUrlRefusal);
  const token = options.tokenFile
    ? await readToken(options.tokenFile)
    : env.OFFPRINT_TOKEN?.trim() || undefined;
  if (!token && !options.shareKey) {
    throw new UsageError(
      'no API token: set OFFPRINT_TOKEN or pass --token-file PATH (or --example to build the bundled example)',
    );
  }
  return {
    apiUrl,
    token,
    organizationId: required(options.org, '--org or OFFPRINT_ORG'),
    siteId: required(options.site, '--site or OFFPRINT_SITE'),
    shareKey: options.shareKey,
    changeRequest: options.changeRequest ? parseChangeRequest(options.changeRequest) : undefined,
  };
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new UsageError(`missing ${name}`);
  return value;
}

async function readToken(file: string): Promise<string> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new UsageError(
      `cannot read --token-file ${file}: ${(error as NodeJS.ErrnoException).code ?? 'error'}`,
    );
  }
  const token = text.trim();
  if (!token) throw new UsageError(`--token-file ${file} is empty`);
  return token;
}

/** `SPACE:N` → the space id and the change request's id or number. */
export function parseChangeRequest(value: string): { spaceId: string; changeRequestId: string } {
  const match = CHANGE_REQUEST.exec(value);
  if (!match) throw new UsageError(`--change-request must be SPACE:NUMBER, got ${value}`);
  return { spaceId: match[1] as string, changeRequestId: match[2] as string };
}

/**
 * Gives a flag the parser of its config key's field (src/cli/schemas/fields.ts): the flag, its
 * environment variable and the config file accept the same values, and a refused one is named
 * where it came from: `--concurrency: expected a positive whole number, got "four"`.
 */
export function parsedAsKey(option: Option): Option {
  const fields: Record<string, z.ZodType> = ConfigSchema.shape;
  const field = fields[option.attributeName()];
  if (!field) throw new Error(`${option.long} has no config key to parse it with`);
  return option.argParser((value: string) => {
    const result = field.safeParse(value);
    if (result.success) return result.data;
    // Commander reads the environment only when the flag is not given.
    const from =
      option.envVar && process.env[option.envVar] === value ? option.envVar : option.long;
    throw new UsageError(`${from}: ${result.error.issues[0]?.message}`);
  });
}
