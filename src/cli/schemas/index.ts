import { z } from 'zod';
import type { MustExist } from './fields.ts';
import { OutputConfig } from './output.ts';
import { PdfConfig } from './pdf.ts';
import { RenderConfig } from './render.ts';
import { ServeConfig } from './serve.ts';
import { SiteConfig } from './site.ts';

/**
 * The config file (`offprint.config.json` or `.mjs`), one schema per area. Everything about
 * the file's keys comes from here: the public `OffprintConfig` type, the validation of a file
 * (src/cli/config.ts), what `check-config` looks for, and the commands' option types; the
 * tests hold the commands' flags and the README's list to it.
 */
export const ConfigSchema = z.strictObject({
  ...SiteConfig.shape,
  ...RenderConfig.shape,
  ...PdfConfig.shape,
  ...ServeConfig.shape,
  ...OutputConfig.shape,
});

/** What a config file may hold. */
export type OffprintConfig = z.input<typeof ConfigSchema>;
/** A config file's values once validated: numbers as numbers, however they were written. */
export type ConfigValues = z.output<typeof ConfigSchema>;
export type ConfigKey = keyof OffprintConfig;

/** Every key, in the areas' order. */
export const CONFIG_KEYS = Object.keys(ConfigSchema.shape) as ConfigKey[];

/** Keys that are no flag (a map or an object has no command-line form). */
export const CONFIG_ONLY_KEYS: readonly ConfigKey[] = ['openapi', 'analytics'];

/** The path keys whose folder or file must exist, as the commands would use them. */
export function mustExistKeys(): [ConfigKey, MustExist][] {
  return CONFIG_KEYS.flatMap((key) => {
    const kind = ConfigSchema.shape[key].unwrap().meta()?.mustExist;
    return kind ? [[key, kind] as [ConfigKey, MustExist]] : [];
  });
}

/**
 * The options a command's action receives for the keys of `Area`: the config's values, with
 * what commander defaults (`Parsed`: such a key is never missing) in their place.
 */
export type OptionsOf<Area extends z.ZodObject, Parsed = object> = Omit<
  z.output<Area>,
  keyof Parsed
> &
  Parsed;

export { OutputConfig, PdfConfig, RenderConfig, ServeConfig, SiteConfig };
