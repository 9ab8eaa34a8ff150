import { z } from 'zod';

/**
 * The kinds of value a config key holds. A key is a command's long flag in camelCase, so its
 * value is what the flag takes: text, a switch, or a number the command parses (written as a
 * number or, as on the command line, a string).
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
  return z.string();
}

/** A folder or file that must be there (relative to the config file's folder). */
export function existing(kind: MustExist) {
  return z.string().meta({ mustExist: kind });
}

/** A flag without a value. */
export function toggle() {
  return z.boolean();
}

/** A number the command parses and checks, as it does the flag's (a string is kept too). */
export function count() {
  return z.union([z.number(), z.string()]).transform(String);
}

/** Seconds, which the flag's own parser turns into a number (and refuses when not one). */
export function seconds() {
  return z.union([z.number(), z.string()]).transform(Number);
}
