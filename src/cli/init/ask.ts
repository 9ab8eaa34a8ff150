import { createInterface } from 'node:readline/promises';
import { DEFAULT_API_URL, type InitAnswers, PLACEHOLDERS } from './files.ts';

export interface InitFlags {
  example?: boolean;
  apiUrl?: string;
  org?: string;
  site?: string;
  /** Ask nothing: what no flag gives becomes a placeholder. */
  yes?: boolean;
}

/** Questions only on a terminal, never in CI or with --yes: flags and placeholders do there. */
export function canAsk(flags: InitFlags, env: NodeJS.ProcessEnv = process.env): boolean {
  return !flags.yes && !flags.example && !env.CI && !!process.stdin.isTTY && !!process.stdout.isTTY;
}

/**
 * The site's API URL and ids: from flags, else asked on a terminal (Node's readline: three
 * questions need no prompt library), else placeholders for the user to fill in later.
 */
export async function initAnswers(flags: InitFlags): Promise<InitAnswers> {
  if (flags.example) return { example: true, apiUrl: '', org: '', site: '' };
  const given = {
    apiUrl: flags.apiUrl ?? '',
    org: flags.org ?? '',
    site: flags.site ?? '',
  };
  if (canAsk(flags)) await askMissing(given);
  return {
    example: false,
    apiUrl: given.apiUrl || DEFAULT_API_URL,
    org: given.org || PLACEHOLDERS.org,
    site: given.site || PLACEHOLDERS.site,
  };
}

async function askMissing(given: { apiUrl: string; org: string; site: string }): Promise<void> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    console.log('Empty answers are written as placeholders; edit offprint.config.json later.');
    if (!given.apiUrl)
      given.apiUrl = (await rl.question(`API base URL (${DEFAULT_API_URL}): `)).trim();
    if (!given.org) given.org = (await rl.question('Organization id: ')).trim();
    if (!given.site) given.site = (await rl.question('Site id: ')).trim();
  } finally {
    rl.close();
  }
}
