import { z } from 'zod';
import { issueTarget } from '../../analytics/issues.ts';
import { feedbackEndpoint } from '../../render/feedback-endpoint.ts';

/**
 * The kinds of value a config key holds. A key is a command's long flag in camelCase, so its
 * value is what the flag takes: text, a switch, one of a few words, or a number (written as a
 * number or, as on the command line, a string). Each kind is the one definition of what its
 * values may be: the config file is validated with it, and the flags of the numbers and words
 * parse with it too (`parsedAsKey`, src/cli/options.ts), so a flag and its key cannot disagree.
 * A refusal says what was expected and what was given: `expected a port from 0 to 65535, got "abc"`.
 */

/** What `check-config` makes sure is there, for a path key. */
export type MustExist = 'directory' | 'file';

declare module 'zod' {
  interface GlobalMeta {
    /** check-config: the folder or file this path names must exist. */
    mustExist?: MustExist;
  }
}

/** An id, a URL, a host, a path: the flag's text as it is. */
export function text() {
  return z.string({ error: (issue) => expected('text', issue.input) });
}

/** A folder or file that must be there (relative to the config file's folder). */
export function existing(kind: MustExist) {
  return text().meta({ mustExist: kind });
}

/** An absolute http(s) URL, as the page will post to it (its normalised form). */
export function httpUrl() {
  return text().transform((value, context) => {
    const url = feedbackEndpoint(value);
    if (url) return url;
    context.issues.push({
      code: 'custom',
      message: expected('an http(s) URL', value),
      input: value,
    });
    return z.NEVER;
  });
}

/** A GitHub or GitLab repository's https URL, as written (src/analytics/issues.ts reads it). */
export function repositoryUrl() {
  return text().refine((value) => issueTarget(value) !== undefined, {
    error: (issue) =>
      expected(
        'a GitHub or GitLab repository URL such as https://github.com/OWNER/REPO',
        issue.input,
      ),
  });
}

/** `SPACE:NUMBER`: a change request of a space (`parseChangeRequest` splits it). */
export const CHANGE_REQUEST = /^([^:\s]+):([^:\s]+)$/;

/** A space and a change request of it, `SPACE:NUMBER`. */
export function spaceAndNumber() {
  return text().regex(CHANGE_REQUEST, { error: (issue) => expected('SPACE:NUMBER', issue.input) });
}

/** A flag without a value. */
export function toggle() {
  return z.boolean({ error: (issue) => expected('true or false', issue.input) });
}

/** One of a few words, as `.choices()` lists them in the flag's help. */
export function oneOf<const Words extends readonly [string, ...string[]]>(words: Words) {
  return z.enum(words, { error: (issue) => expected(`one of ${words.join(', ')}`, issue.input) });
}

/** Requests at once, requests per window: 1, 2, 3… */
export function positiveWholeNumber() {
  return numeric('a positive whole number', (n) => Number.isInteger(n) && n >= 1);
}

/** A TCP port: 0 (any free port) to 65535. */
export function port() {
  return numeric('a port from 0 to 65535', (n) => Number.isInteger(n) && n >= 0 && n <= 65535);
}

/** A length of time that must pass, fractions allowed: `0.5`, `900`. */
export function positiveSeconds() {
  return numeric('a positive number of seconds', (n) => n > 0);
}

/** A time to wait, where 0 means "do not wait". */
export function secondsOrZero() {
  return numeric('a number of seconds (0 or more)', (n) => n >= 0);
}

/** A number, or a string as a flag gives it (`"4"`, `"0.5"`): a plain decimal, nothing else. */
const DECIMAL = /^-?\d+(?:\.\d+)?$/;

function numeric(what: string, fits: (n: number) => boolean) {
  return z
    .union([z.number(), z.string()], { error: (issue) => expected(what, issue.input) })
    .transform((value, context) => {
      const n =
        typeof value === 'number' || DECIMAL.test(value.trim()) ? Number(value) : Number.NaN;
      if (Number.isFinite(n) && fits(n)) return n;
      context.issues.push({ code: 'custom', message: expected(what, value), input: value });
      return z.NEVER;
    });
}

function expected(what: string, input: unknown): string {
  return `expected ${what}, got ${shown(input)}`;
}

/** A value as the user wrote it: a string in quotes, a number or `true` as it is. */
function shown(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value !== 'string' && typeof value !== 'object') return String(value);
  let json: string;
  try {
    json = JSON.stringify(value);
  } catch {
    return 'an object'; // one that refers to itself, from an offprint.config.mjs
  }
  return json.length > 60 ? `${json.slice(0, 57)}...` : json;
}
